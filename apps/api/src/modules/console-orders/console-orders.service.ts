import {
  ORDER_EXPORT_MAX_ROWS,
  ORDER_SEARCH_PAGE_SIZE,
  type OrderListFilter,
} from "@esim/shared/console/orders-contract";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import { algiersDayEnd, algiersDayStart } from "../../lib/algiers-days.ts";
import { AppError } from "../../lib/app-error.ts";
import { type CsvCell, csvNumber, toCsv } from "../../lib/csv.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { AuthenticatedOperator } from "../../plugins/auth.ts";
import { isAutoTopUpOrder } from "../auto-top-up/index.ts";
import { approveCancellationRequest, type CancelAndRefund } from "../console-cancellations/index.ts";
import { openCancellationForOperator } from "../esims/index.ts";
import { type AuditActor, listAuditLog, recordAudit } from "../operators/index.ts";
import {
  acceptHeldPayment,
  decideRefund,
  type OperatorActionOutcome,
  recordRefund,
  refundHeldMoney,
  resendInstallEmail,
  retryProvisioning,
  showOrder,
} from "../orders/index.ts";
import { findPayLinkPayer } from "../pay-links/index.ts";
import {
  countBundles,
  findCustomerLanguage,
  listCancellationRequestIds,
  listOrderExportRows,
  listPaymentWebhooks,
  type OrderRowsFilter,
  searchOrderRows,
} from "./console-orders.repo.ts";

// The console's orders (decision 036): the same service functions as `npm run console` (order:show, order:retry,
// order:accept, order:refund, refund:record), with the operator named on the order's history and an audit entry in the transaction of the change.

/** The filter as the console sends it (Algiers days) as the repository reads it (instants); a blank search is none. */
function rowsFilter(filter: OrderListFilter): OrderRowsFilter {
  return {
    q: filter.q?.trim() || undefined,
    status: filter.status,
    from: filter.from ? algiersDayStart(filter.from) : undefined,
    to: filter.to ? algiersDayEnd(filter.to) : undefined,
    paymentMethod: filter.paymentMethod,
    couponCode: filter.couponCode,
    isRefundOwed: filter.refundOwed === "true",
  };
}

/** The orders the filter keeps, newest first, one page at a time. */
export async function searchOrders(deps: AppDeps, options: { filter: OrderListFilter; page: number | undefined }) {
  const page = options.page ?? 1;
  const rows = await searchOrderRows(deps.db, {
    filter: rowsFilter(options.filter),
    limit: ORDER_SEARCH_PAGE_SIZE,
    offset: (page - 1) * ORDER_SEARCH_PAGE_SIZE,
  });
  return { rows: rows.slice(0, ORDER_SEARCH_PAGE_SIZE), page, hasMore: rows.length > ORDER_SEARCH_PAGE_SIZE };
}

/**
 * Column ids, stable English like the audit log's (decision 074): a spreadsheet or a script reads the same file
 * whatever the operator's language. Amounts are dinars, dates ISO 8601 (UTC).
 */
const EXPORT_COLUMNS = [
  "number",
  "created_at",
  "status",
  "customer_name",
  "email",
  "phone",
  "plan",
  "destination",
  "quantity",
  "charged_dzd",
  "payment_method",
  "coupon_code",
  "refund_owed_dzd",
] as const;

/**
 * The filtered list as CSV by `toCsv` (header line, newest first, at most ORDER_EXPORT_MAX_ROWS rows; names and
 * phones typed by buyers defused there), audited in the same breath: the file carries every buyer's contact details.
 */
export async function exportOrdersCsv(
  deps: AppDeps,
  options: { filter: OrderListFilter; operator: AuthenticatedOperator; ip: string | null },
): Promise<string> {
  const rows = await listOrderExportRows(deps.db, { filter: rowsFilter(options.filter), limit: ORDER_EXPORT_MAX_ROWS });
  const records: CsvCell[][] = rows.map((row) => [
    row.number,
    row.createdAt.toISOString(),
    row.status,
    row.billing.name,
    row.billing.email,
    row.billing.phone,
    row.planName,
    row.destinationCode,
    csvNumber(row.quantity),
    csvNumber(row.chargeDzdMinor / 100, { fractionDigits: 2 }),
    row.paymentMethod,
    row.couponCode,
    csvNumber(row.refundOwedDzdMinor / 100, { fractionDigits: 2 }),
  ]);
  await recordAudit(deps.db, {
    operatorId: options.operator.id,
    action: "orders.exported",
    entityType: "order",
    entityId: null,
    before: null,
    after: { filter: options.filter, rows: rows.length },
    ip: options.ip,
    now: deps.now(),
  });
  return toCsv([EXPORT_COLUMNS, ...records]);
}

/** Everything about one order with its timeline's sources: history, webhooks, eSIMs, emails, operators' actions. */
export async function getOrderDetail(deps: AppDeps, options: { number: string }) {
  const found = await showOrder(deps, { number: options.number });
  if (!found) throw new AppError("NOT_FOUND", { message: "No order has this number." });
  const [webhooks, bundles, audit, cancellationAudit, language, payLinkPayer, isAutoTopUp] = await Promise.all([
    listPaymentWebhooks(deps.db, found.payment),
    countBundles(
      deps.db,
      found.esims.map((esim) => esim.id),
    ),
    listAuditLog(deps, { filter: { entityType: "order", entityId: found.order.number }, limit: 200 }),
    listCancellationAudit(deps, found.order.id),
    findCustomerLanguage(deps.db, found.order.userId),
    // Who paid, read through the owning modules' front doors.
    found.order.payLinkId ? findPayLinkPayer(deps.db, found.order.payLinkId) : undefined,
    isAutoTopUpOrder(deps.db, found.order.id),
  ]);
  return {
    ...found,
    webhooks,
    bundles,
    audit: [...audit.data, ...cancellationAudit],
    customerLanguage: language ?? "fr",
    payLinkPayer: payLinkPayer ?? null,
    isAutoTopUp,
  };
}

/** The decisions on the order's eSIM cancellations (audited on the request, not the order). */
async function listCancellationAudit(deps: AppDeps, orderId: string) {
  const ids = await listCancellationRequestIds(deps.db, orderId);
  const pages = await Promise.all(
    ids.map((id) => listAuditLog(deps, { filter: { entityType: "cancellation_request", entityId: id }, limit: 20 })),
  );
  return pages.flatMap((page) => page.data);
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

/** Who acts, for the order's history and the audit log. */
function actorOf(operator: AuthenticatedOperator, ip: string | null): { actor: string; audit: AuditActor } {
  return { actor: `operator:${operator.email}`, audit: { operatorId: operator.id, ip } };
}

/** The action's outcome as the console's answer: the order as it is now, or the error that refused it. */
async function afterAction(deps: AppDeps, number: string, result: OperatorActionOutcome) {
  if (result.outcome === "unknown_order") throw new AppError("NOT_FOUND", { message: "No order has this number." });
  if (result.outcome === "refused") {
    throw new AppError("ORDER_ACTION_NOT_ALLOWED", {
      message: `The order's status (${result.status}) does not take this action.`,
    });
  }
  return getOrderDetail(deps, { number });
}

/** Provisioning queued again for a paid, undelivered order; audited. Repeating it queues nothing more. */
export async function retryOrderProvisioning(
  deps: AppDeps,
  options: { number: string; operator: AuthenticatedOperator; ip: string | null },
) {
  const { audit } = actorOf(options.operator, options.ip);
  return afterAction(deps, options.number, await retryProvisioning(deps, { number: options.number, audit }));
}

/** The install email of a delivered order sent again, once per request key; audited. */
export async function resendOrderInstallEmail(
  deps: AppDeps,
  options: { number: string; requestKey: string; operator: AuthenticatedOperator; ip: string | null },
) {
  const { audit } = actorOf(options.operator, options.ip);
  return afterAction(
    deps,
    options.number,
    await resendInstallEmail(deps, { number: options.number, requestKey: options.requestKey, audit }),
  );
}

/**
 * A (partial) refund recorded on an order on which money is owed, audited; refunded once nothing is owed. Once per
 * request key; nothing owed: ORDER_ACTION_NOT_ALLOWED; more than owed: REFUND_AMOUNT_TOO_HIGH.
 */
export async function recordOrderRefund(
  deps: AppDeps,
  options: {
    number: string;
    amountDzdMinor: number;
    method: RefundMethod;
    reference: string;
    requestKey: string;
    operator: AuthenticatedOperator;
    ip: string | null;
  },
) {
  const { actor, audit } = actorOf(options.operator, options.ip);
  const result = await recordRefund(deps, {
    number: options.number,
    amountDzdMinor: options.amountDzdMinor,
    method: options.method,
    reference: options.reference,
    requestKey: options.requestKey,
    actor,
    audit,
  });
  return afterAction(deps, options.number, result);
}

/** Money held on an order that went on without it owed back to the payer; audited. Twice is once. */
export async function refundOrderHeldMoney(
  deps: AppDeps,
  options: { number: string; reason: string; operator: AuthenticatedOperator; ip: string | null },
) {
  const { actor, audit } = actorOf(options.operator, options.ip);
  const result = await refundHeldMoney(deps, { number: options.number, reason: options.reason, actor, audit });
  return afterAction(deps, options.number, result);
}

/**
 * An unused eSIM of the order cancelled upstream on the customer's behalf: a request opened for it, then approved
 * through the queue's approval (upstream first, then one transaction: eSIM Canceled, audited, refund, customer's email).
 * A second click finds the request approved and answers the order as it is.
 */
export async function cancelOrderEsim(
  deps: AppDeps,
  options: {
    number: string;
    esimId: string;
    reason: string;
    operator: AuthenticatedOperator;
    ip: string | null;
    cancelAndRefund: CancelAndRefund;
  },
) {
  const found = await showOrder(deps, { number: options.number });
  if (!found) throw new AppError("NOT_FOUND", { message: "No order has this number." });
  const request = await openCancellationForOperator(deps, { orderId: found.order.id, esimId: options.esimId });
  await approveCancellationRequest(deps, {
    requestId: request.id,
    reason: options.reason,
    caller: { operatorId: options.operator.id, ip: options.ip ?? "" },
    cancelAndRefund: options.cancelAndRefund,
  });
  return getOrderDetail(deps, { number: options.number });
}

/**
 * The decision on a held payment as the console's answer. The same decision made already (a double click, another
 * operator) answers the order as it is; any other order whose payment is not held is ORDER_ACTION_NOT_ALLOWED.
 */
async function afterHeldPaymentDecision(
  deps: AppDeps,
  number: string,
  result: OperatorActionOutcome,
  event: "held_payment_accepted" | "refund_decided",
) {
  if (result.outcome !== "refused") return afterAction(deps, number, result);
  const detail = await getOrderDetail(deps, { number });
  const isDecidedSo = detail.events.some((line) => line.event === event && line.fromStatus === "on_hold");
  return isDecidedSo ? detail : afterAction(deps, number, result);
}

/** A held payment accepted by an admin: confirmed, invoiced, provisioned; audited with the operator. Idempotent. */
export async function acceptOrderHeldPayment(
  deps: AppDeps,
  options: { number: string; note: string; operator: AuthenticatedOperator; ip: string | null },
) {
  const { actor, audit } = actorOf(options.operator, options.ip);
  const result = await acceptHeldPayment(deps, { number: options.number, note: options.note, actor, audit });
  return afterHeldPaymentDecision(deps, options.number, result, "held_payment_accepted");
}

/**
 * A held payment refused: the refund is owed (decideRefund, only from on_hold), audited with the operator, the
 * customer emailed in their language with the reason. Idempotent.
 */
export async function refuseOrderHeldPayment(
  deps: AppDeps,
  options: { number: string; reason: string; operator: AuthenticatedOperator; ip: string | null },
) {
  const { actor, audit } = actorOf(options.operator, options.ip);
  const result = await decideRefund(deps, {
    number: options.number,
    reason: options.reason,
    actor,
    decidedBy: audit,
    tellCustomer: true,
    onlyFrom: "on_hold",
  });
  return afterHeldPaymentDecision(deps, options.number, result, "refund_decided");
}
