import type { PaymentMethod } from "@esim/shared/checkout/contracts";
import type { OrderStatus } from "@esim/shared/statuses";
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderSearchDocument } from "../../db/columns.ts";
import { matchesSearch } from "../../lib/console-search.ts";
import { isUuid } from "../../lib/uuid.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { planPartsColumns } from "../catalog/index.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { cancellationRequests, esimBundles, esims } from "../esims/esims.schema.ts";
import { ledgerEntries } from "../ledger/ledger.schema.ts";
import { rejectedByEvent } from "../orders/index.ts";
import { orders } from "../orders/orders.schema.ts";
import { payments, webhookEvents } from "../payments/payments.schema.ts";

/** The orders list's filter as the service hands it over: the search typed, the days as instants [from, to). */
export interface OrderRowsFilter {
  q: string | undefined;
  status: OrderStatus | undefined;
  from: Date | undefined;
  to: Date | undefined;
  paymentMethod: PaymentMethod | undefined;
  couponCode: string | undefined;
  isRefundOwed: boolean;
}

/** What the ledger still owes on each order (refunds_owed is credited when owed, debited when sent). */
const owedOnOrder = sql`(select coalesce(-sum(${ledgerEntries.amountDzdMinor}), 0) from ${ledgerEntries} where ${ledgerEntries.orderId} = ${orders.id} and ${ledgerEntries.account} = 'refunds_owed')`;

/**
 * The orders a typed search finds: its words in the billing name, email or phone, or in the order number (the
 * trigram index of search_document, decision 074), the account's email, and exactly an ICCID, a payment id or the
 * gateway's checkout id. One branch per index, joined by UNION: an OR across tables would read every order.
 */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim();
  const matching = matchesSearch(orderSearchDocument(orders), term);
  if (!matching) return undefined;
  const lowered = term.toLowerCase();
  const branches: SQL[] = [
    sql`select ${orders.id} from ${orders} where ${matching}`,
    sql`select ${payments.orderId} from ${payments} where ${payments.providerReference} = ${term}`,
  ];
  if (term.includes("@")) {
    branches.push(
      sql`select ${orders.id} from ${orders} join ${users} on ${users.id} = ${orders.userId} where ${users.email} = ${lowered}`,
    );
  }
  if (/^\d{10,22}F?$/i.test(term)) {
    branches.push(sql`select ${esims.orderId} from ${esims} where ${esims.iccid} = ${term}`);
  }
  if (isUuid(term)) branches.push(sql`select ${payments.orderId} from ${payments} where ${payments.id} = ${lowered}`);
  return sql`${orders.id} in (${sql.join(branches, sql` union `)})`;
}

function filterConditions(filter: OrderRowsFilter): SQL | undefined {
  return and(
    filter.q ? searchCondition(filter.q) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
    filter.paymentMethod ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
    filter.isRefundOwed ? sql`${owedOnOrder} <> 0` : undefined,
    // Coupon codes are stored in capitals (coupons.service).
    filter.couponCode
      ? sql`${orders.couponId} in (select ${coupons.id} from ${coupons} where ${coupons.code} = ${filter.couponCode.trim().toUpperCase()})`
      : undefined,
  );
}

/** One page of the orders the filter keeps (all orders without one), newest first; one row more than `limit` says "more". */
export async function searchOrderRows(db: DbOrTx, options: { filter: OrderRowsFilter; limit: number; offset: number }) {
  return db
    .select({
      number: orders.number,
      status: orders.status,
      attentionKind: orders.attentionKind,
      createdAt: orders.createdAt,
      billing: orders.billing,
      quantity: orders.quantity,
      chargeDzdMinor: orders.chargeDzdMinor,
      plan: planPartsColumns,
      rejectedBy: rejectedByEvent,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(filterConditions(options.filter))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(options.limit + 1)
    .offset(options.offset);
}

/** The orders the filter keeps, newest first, with the fields their file export writes (at most `limit`). */
export async function listOrderExportRows(db: DbOrTx, options: { filter: OrderRowsFilter; limit: number }) {
  return db
    .select({
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      billing: orders.billing,
      planName: packages.name,
      destinationCode: packages.destinationCode,
      quantity: orders.quantity,
      chargeDzdMinor: orders.chargeDzdMinor,
      paymentMethod: orders.paymentMethod,
      couponCode: coupons.code,
      refundOwedDzdMinor: sql`${owedOnOrder}`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(filterConditions(options.filter))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(options.limit);
}

/** The gateway's webhooks about this payment's checkout, oldest first. */
export async function listPaymentWebhooks(
  db: DbOrTx,
  payment: { id: string; provider: string; providerReference: string | null },
) {
  const aboutCheckout = payment.providerReference
    ? sql`${webhookEvents.payload}->'data'->>'id' = ${payment.providerReference}`
    : sql`false`;
  return db
    .select({
      provider: webhookEvents.provider,
      eventId: webhookEvents.eventId,
      eventType: sql<string | null>`${webhookEvents.payload}->>'type'`,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, payment.provider),
        or(aboutCheckout, sql`${webhookEvents.payload}->'data'->'metadata'->>'paymentId' = ${payment.id}`),
      ),
    )
    .orderBy(webhookEvents.createdAt);
}

/** How many plans each eSIM carries (the first and its top-ups): a topped-up eSIM is no longer "unused". */
export async function countBundles(db: DbOrTx, esimIds: string[]): Promise<Map<string, number>> {
  if (esimIds.length === 0) return new Map();
  const rows = await db
    .select({ esimId: esimBundles.esimId, count: sql<number>`count(*)::int` })
    .from(esimBundles)
    .where(inArray(esimBundles.esimId, esimIds))
    .groupBy(esimBundles.esimId);
  return new Map(rows.map((row) => [row.esimId, row.count]));
}

/** The ids of the order's cancellation requests: their decisions belong on the order's timeline. */
export async function listCancellationRequestIds(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cancellationRequests.id })
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, orderId));
  return rows.map((row) => row.id);
}

/** The language the customer's emails are written in; undefined once the account is gone. */
export async function findCustomerLanguage(db: DbOrTx, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}
