import { and, asc, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { cancellationRequests } from "../esims/esims.schema.ts";
import { ledgerEntries } from "../ledger/ledger.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// The dashboard's reads: a read model. They aggregate tables other modules write (orders, cancellation_requests, the
// ledger's entries) in SQL rather than through those modules' services, which answer one order or a list, not sums
// per day over thousands; nothing here writes.

/** Paid orders per window start (by time of payment): a window runs from its start until `now`. */
export async function countPaidOrdersSince(db: DbOrTx, starts: Date[], now: Date) {
  const earliest = new Date(Math.min(...starts.map((start) => start.getTime())));
  const [row] = await db
    .select(
      Object.fromEntries(
        starts.map((start, index) => [
          `paid${index}`,
          sql<number>`(count(*) filter (where ${orders.confirmedAt} >= ${start}))::int`,
        ]),
      ) as Record<string, SQL<number>>,
    )
    .from(orders)
    .where(and(gte(orders.confirmedAt, earliest), lte(orders.confirmedAt, now)));
  return starts.map((_, index) => Number(row?.[`paid${index}`] ?? 0));
}

/** Orders placed per window start (each one checkout started), and how many of them have been paid since. */
export async function countCheckoutsSince(db: DbOrTx, starts: Date[], now: Date) {
  const earliest = new Date(Math.min(...starts.map((start) => start.getTime())));
  const [row] = await db
    .select(
      Object.fromEntries(
        starts.flatMap((start, index) => [
          [`started${index}`, sql<number>`(count(*) filter (where ${orders.createdAt} >= ${start}))::int`],
          [
            `paid${index}`,
            sql<number>`(count(*) filter (where ${orders.createdAt} >= ${start} and ${orders.confirmedAt} is not null))::int`,
          ],
        ]),
      ) as Record<string, SQL<number>>,
    )
    .from(orders)
    .where(and(gte(orders.createdAt, earliest), lte(orders.createdAt, now)));
  return starts.map((_, index) => ({
    checkoutsStarted: Number(row?.[`started${index}`] ?? 0),
    checkoutsPaid: Number(row?.[`paid${index}`] ?? 0),
  }));
}

/** Paid orders per calendar day of `timeZone` (YYYY-MM-DD), from `start` until `now`; days with none absent. */
export async function countPaidOrdersByDay(db: DbOrTx, options: { start: Date; now: Date; timeZone: string }) {
  const day = sql<string>`to_char(${orders.confirmedAt} at time zone ${options.timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ date: day, paidOrders: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(gte(orders.confirmedAt, options.start), lte(orders.confirmedAt, options.now)))
      // By position: the time zone is a parameter, and two parameters never count as the same expression.
      .groupBy(sql`1`)
  );
}

/**
 * The ledger's sales and refunds per calendar day of `timeZone`, in [start, end): gross = −Σ sales, refunds =
 * Σ refunds (decision 061), by the time of their entries; days without either absent.
 */
export async function sumLedgerSalesByDay(db: DbOrTx, options: { start: Date; end: Date; timeZone: string }) {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone ${options.timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      gross: sql<string>`-coalesce(sum(${ledgerEntries.amountDzdMinor}) filter (where ${ledgerEntries.account} = 'sales'), 0)`,
      refunds: sql<string>`coalesce(sum(${ledgerEntries.amountDzdMinor}) filter (where ${ledgerEntries.account} = 'refunds'), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.account, ["sales", "refunds"]),
        gte(ledgerEntries.createdAt, options.start),
        lt(ledgerEntries.createdAt, options.end),
      ),
    )
    .groupBy(sql`1`);
  return rows.map((row) => ({
    date: row.date,
    grossDzdMinor: Number(row.gross),
    refundsDzdMinor: Number(row.refunds),
  }));
}

/** The numbers of these orders, by id. */
export async function findOrderNumbers(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** Paid orders not delivered yet (status confirmed), longest waiting first, with how many there are in all. */
export async function listUndeliveredOrders(db: DbOrTx, limit: number) {
  return db
    .select({
      number: orders.number,
      confirmedAt: orders.confirmedAt,
      provisioningAttempts: orders.provisioningAttempts,
      attentionKind: orders.attentionKind,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(orders)
    .where(eq(orders.status, "confirmed"))
    .orderBy(asc(orders.confirmedAt))
    .limit(limit);
}

/** Orders flagged because provisioning failed after its retries (not resolved yet), oldest flag first. */
export async function listProvisioningFailures(db: DbOrTx, limit: number) {
  return db
    .select({
      number: orders.number,
      attentionAt: orders.attentionAt,
      attentionReason: orders.attentionReason,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(orders)
    .where(and(eq(orders.attentionKind, "provisioning_failed"), isNotNull(orders.attentionAt)))
    .orderBy(asc(orders.attentionAt))
    .limit(limit);
}

/** Cancellation requests waiting for a decision, oldest first, with their count and refunds in all. */
export async function listPendingCancellations(db: DbOrTx, limit: number) {
  return db
    .select({
      id: cancellationRequests.id,
      orderNumber: orders.number,
      requestedAt: cancellationRequests.requestedAt,
      refundDzdMinor: cancellationRequests.refundDzdMinor,
      total: sql<number>`(count(*) over ())::int`,
      totalRefundDzdMinor: sql<string>`(sum(${cancellationRequests.refundDzdMinor}) over ())::bigint`,
    })
    .from(cancellationRequests)
    .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
    .where(eq(cancellationRequests.status, "pending"))
    .orderBy(asc(cancellationRequests.requestedAt))
    .limit(limit);
}
