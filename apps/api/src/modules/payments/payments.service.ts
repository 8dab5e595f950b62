import type { DbOrTx } from "../../db/client.ts";
import { enqueueProvisioning } from "../../jobs/job-queue.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { CheckoutStatus } from "../../providers/payment/payment-port.ts";
import { deleteRedemption, insertRedemption } from "../checkout/coupons.repo.ts";
import { issueInvoice } from "../invoices/invoices.service.ts";
import { confirmOrder, flagOrder, lockOrder, rejectOrder } from "../orders/orders.repo.ts";
import {
  findPayment,
  findPaymentByReference,
  findStalePendingPayments,
  findUserPayment,
  insertWebhookEvent,
  lockPayment,
  markPaymentSuccessful,
  markPaymentUnpaid,
  touchPayment,
} from "./payments.repo.ts";

/** Where the payments flow reports what an operator should know (pino's `warn(details, message)` fits). */
export interface PaymentsLog {
  warn(details: object, message: string): void;
}

/** A pending payment's checkout is asked about at most this often by the callback page's polling. */
export const RECHECK_AFTER_MS = 5000;

/** What the gateway says about one checkout. */
export interface CheckoutResult {
  reference: string;
  status: CheckoutStatus;
  /** Whole dinars. */
  amountDzd: number;
}

export type CheckoutOutcome = "confirmed" | "rejected" | "flagged" | "unchanged";

const STATUS_OF_EVENT: Record<string, CheckoutStatus> = {
  "checkout.paid": "paid",
  "checkout.failed": "failed",
  "checkout.canceled": "canceled",
};

/**
 * Applies the gateway's word on a payment inside the caller's transaction, forward only: paid (at exactly the
 * payment's amount, in DZD) → payment successful, order confirmed, its invoice issued and its provisioning queued once; failed or
 * canceled → payment failed/canceled and order rejected (coupon use given back) unless already paid. A paid
 * amount that differs confirms nothing and flags the order for the operator.
 */
export async function applyCheckoutResult(
  tx: DbOrTx,
  options: { paymentId: string; result: CheckoutResult; now: Date; log: PaymentsLog },
): Promise<CheckoutOutcome> {
  const { result, now, log } = options;
  const payment = await lockPayment(tx, options.paymentId);
  if (!payment) return "unchanged";
  const order = await lockOrder(tx, payment.orderId);
  if (!order) return "unchanged";
  const isOtherCheckout = payment.providerReference !== result.reference;

  if (result.status === "paid") {
    if (order.status === "confirmed" || order.status === "delivered") return "unchanged";
    const expectedDzd = payment.amountMinor / 100;
    if (isOtherCheckout || payment.currency !== "DZD" || result.amountDzd !== expectedDzd) {
      const reason = isOtherCheckout
        ? `payment_mismatch: checkout ${result.reference} paid, the payment holds ${payment.providerReference ?? "none"}`
        : `amount_mismatch: the gateway reports ${result.amountDzd} DZD paid, the order charges ${expectedDzd} ${payment.currency}`;
      await flagOrder(tx, order.id, reason, now);
      log.warn({ orderId: order.id, paymentId: payment.id, result }, `order ${order.number} not confirmed: ${reason}`);
      return "flagged";
    }
    await markPaymentSuccessful(tx, payment.id, now);
    const confirmed = await confirmOrder(tx, order.id, now);
    if (!confirmed) return "unchanged";
    // A payment the gateway took after a failure still counts: the order holds its coupon use again.
    if (order.status === "rejected" && order.couponId) {
      await insertRedemption(tx, { couponId: order.couponId, orderId: order.id, userId: order.userId, now });
    }
    // Every paid order has its invoice, numbered in the order of payment.
    await issueInvoice(tx, order.id, now);
    await enqueueProvisioning(tx, order.id);
    return "confirmed";
  }

  if (result.status === "failed" || result.status === "canceled") {
    // A payment whose checkout was never created has no reference to compare: only the sweep gives it up.
    if (isOtherCheckout && payment.providerReference !== null) return "unchanged";
    await markPaymentUnpaid(tx, payment.id, result.status, now);
    const rejected = await rejectOrder(tx, order.id, now);
    if (!rejected) return "unchanged";
    await deleteRedemption(tx, order.id);
    return "rejected";
  }
  return "unchanged";
}

/** A pending payment nobody asked about for this long is checked with the gateway by the sweep. */
export const STALE_PAYMENT_AFTER_MS = 15 * 60 * 1000;
/** A checkout still unpaid this long after it was created is given up: its order rejected, its coupon released. */
export const ABANDON_PAYMENT_AFTER_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 50;

/**
 * Settles payments left pending (webhook lost, payer gone): asks the gateway and applies a final answer exactly as
 * the webhook would; a checkout still unpaid after a day (or never created at the gateway) is given up, which
 * rejects its order and gives its coupon use back. A payment that arrives later still wins (forward-only rules).
 * Idempotent; answers how many payments it settled.
 */
export async function reconcileStalePayments(deps: AppDeps, options: { log: PaymentsLog }): Promise<number> {
  const now = deps.now();
  const stale = await findStalePendingPayments(deps.db, {
    before: new Date(now.getTime() - STALE_PAYMENT_AFTER_MS),
    limit: SWEEP_BATCH,
  });
  let settled = 0;
  for (const payment of stale) {
    const isAbandoned = now.getTime() - payment.createdAt.getTime() >= ABANDON_PAYMENT_AFTER_MS;
    let result: CheckoutResult | undefined;
    if (payment.providerReference) {
      try {
        result = await deps.payments.retrieveCheckout(payment.providerReference);
      } catch (error) {
        options.log.warn({ err: error, paymentId: payment.id }, "sweep: could not ask the gateway; next run retries");
        await touchPayment(deps.db, payment.id, now);
        continue;
      }
    }
    const isFinal = result && result.status !== "pending" && result.status !== "processing";
    if (!isFinal && !isAbandoned) {
      await touchPayment(deps.db, payment.id, now);
      continue;
    }
    const decided: CheckoutResult = isFinal
      ? result!
      : { reference: payment.providerReference ?? "", status: "canceled", amountDzd: payment.amountMinor / 100 };
    const outcome = await deps.db.transaction((tx) =>
      applyCheckoutResult(tx, { paymentId: payment.id, result: decided, now, log: options.log }),
    );
    if (outcome === "unchanged") await touchPayment(deps.db, payment.id, now);
    else settled++;
  }
  return settled;
}

/**
 * The caller's payment for the callback page. While pending, asks the gateway itself at most every 5 s and applies a
 * final answer exactly as the webhook would: the redirect's query string is never taken as proof.
 */
export async function readPayment(deps: AppDeps, options: { userId: string; paymentId: string; log: PaymentsLog }) {
  const found = await findUserPayment(deps.db, options.userId, options.paymentId);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such payment." });
  const { payment } = found;
  const now = deps.now();
  const reference = payment.providerReference;
  if (payment.status !== "pending" || !reference) return found;
  if (now.getTime() - payment.updatedAt.getTime() < RECHECK_AFTER_MS) return found;

  try {
    const checkout = await deps.payments.retrieveCheckout(reference);
    if (checkout.status === "pending" || checkout.status === "processing") {
      await touchPayment(deps.db, payment.id, now);
      return found;
    }
    await deps.db.transaction((tx) =>
      applyCheckoutResult(tx, { paymentId: payment.id, result: checkout, now, log: options.log }),
    );
  } catch (error) {
    // The page shows "still processing" and asks again; the webhook may well arrive meanwhile.
    options.log.warn({ err: error, paymentId: payment.id }, "could not ask the gateway about a pending payment");
    await touchPayment(deps.db, payment.id, now);
    return found;
  }
  return (await findUserPayment(deps.db, options.userId, options.paymentId)) ?? found;
}

/**
 * Receives a gateway webhook: the raw body's signature first (a forged one changes nothing and is not stored), then
 * the event kept once per provider and event id (a redelivery is a no-op), then, in the same transaction, the checkout
 * result applied. Any type but paid, failed or canceled is a hint: the checkout is fetched again and its status used.
 */
export async function receivePaymentWebhook(
  deps: AppDeps,
  options: {
    provider: string;
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
    log: PaymentsLog;
  },
): Promise<{ outcome: CheckoutOutcome | "duplicate" | "unknown_checkout" }> {
  const gateway = deps.payments;
  if (options.provider !== gateway.name) throw new AppError("NOT_FOUND", { message: "No such payment provider." });
  if (!gateway.verifyWebhook(options.rawBody, options.headers)) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", { message: "The webhook signature does not match." });
  }
  let event: ReturnType<typeof gateway.parseWebhook>;
  try {
    event = gateway.parseWebhook(options.rawBody);
  } catch (error) {
    options.log.warn({ err: error }, "a signed webhook that is not a checkout event");
    throw new AppError("VALIDATION_FAILED", { message: "The webhook is not a checkout event." });
  }

  const statusOfType = STATUS_OF_EVENT[event.type];
  let result: CheckoutResult = {
    reference: event.reference,
    status: statusOfType ?? event.status,
    amountDzd: event.amountDzd,
  };
  if (!statusOfType) {
    try {
      result = await deps.payments.retrieveCheckout(event.reference);
    } catch (error) {
      // Answering 503 makes the gateway deliver again later.
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "Could not re-fetch the checkout.", cause: error });
    }
  }

  const now = deps.now();
  const payload = JSON.parse(options.rawBody.toString("utf8")) as unknown;
  const outcome = await deps.db.transaction(async (tx) => {
    const isNew = await insertWebhookEvent(tx, { provider: gateway.name, eventId: event.eventId, payload, now });
    if (!isNew) return "duplicate" as const;
    const metadataPaymentId = typeof event.metadata.paymentId === "string" ? event.metadata.paymentId : undefined;
    const payment =
      (await findPaymentByReference(tx, gateway.name, result.reference)) ??
      (metadataPaymentId && isUuid(metadataPaymentId) ? await findPayment(tx, metadataPaymentId) : undefined);
    if (!payment) {
      options.log.warn({ eventId: event.eventId, reference: result.reference }, "webhook for an unknown checkout");
      return "unknown_checkout" as const;
    }
    return applyCheckoutResult(tx, { paymentId: payment.id, result, now, log: options.log });
  });
  return { outcome };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
