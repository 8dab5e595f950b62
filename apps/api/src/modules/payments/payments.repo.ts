import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { payments, webhookEvents } from "./payments.schema.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow["status"];

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** The checkout reference a payment holds now (null: none yet), as a condition. */
const holdsReference = (reference: string | null) =>
  reference === null ? isNull(payments.providerReference) : eq(payments.providerReference, reference);

/**
 * Claims the right to ask the gateway for this payment's checkout until `until`: only while it still holds `reference`
 * (null: no checkout yet; else the old checkout to replace) and no live claim. Undefined when another request holds the
 * claim or stored another checkout: that one's checkout is the payer's.
 */
export async function claimCheckout(
  db: DbOrTx,
  paymentId: string,
  options: { now: Date; until: Date; reference: string | null },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ checkoutClaimedUntil: options.until })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "pending"),
        holdsReference(options.reference),
        or(isNull(payments.checkoutClaimedUntil), lt(payments.checkoutClaimedUntil, options.now)),
      ),
    )
    .returning();
  return row;
}

/** Gives a claim back after the gateway refused or failed, so the next try may ask again at once. */
export async function releaseCheckoutClaim(db: DbOrTx, paymentId: string): Promise<void> {
  await db.update(payments).set({ checkoutClaimedUntil: null }).where(eq(payments.id, paymentId));
}

/**
 * Stores the gateway's new checkout in place of `replaces` (null: the payment had none), with when it was asked for;
 * undefined when another request stored one first (then that one is the checkout the payer gets).
 */
export async function storeCheckout(
  db: DbOrTx,
  paymentId: string,
  checkout: { reference: string; checkoutUrl: string; openedAt: Date; replaces: string | null; now: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      providerReference: checkout.reference,
      checkoutUrl: checkout.checkoutUrl,
      checkoutOpenedAt: checkout.openedAt,
      checkoutClaimedUntil: null,
      updatedAt: checkout.now,
    })
    .where(and(eq(payments.id, paymentId), holdsReference(checkout.replaces)))
    .returning();
  return row;
}

export async function findPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** The user's payment with its order's number and status; undefined for anyone else's. */
export async function findUserPayment(db: DbOrTx, userId: string, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(orders.userId, userId)));
  return row;
}

/** The user's order with its latest payment and the user's language; undefined for anyone else's order. */
export async function findUserOrderPayment(db: DbOrTx, userId: string, orderId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, language: users.language })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** The number of a payment's order (ES26-000042), for log lines. */
export async function findOrderNumber(db: DbOrTx, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  return row?.number;
}

export async function findPaymentByReference(
  db: DbOrTx,
  provider: string,
  reference: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  return row;
}

export async function lockPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row;
}

/** → successful (+paid_at) from any other status (money taken wins); undefined when it already was. */
export async function markPaymentSuccessful(db: DbOrTx, paymentId: string, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: "successful", paidAt: now, updatedAt: now })
    .where(and(eq(payments.id, paymentId), ne(payments.status, "successful")))
    .returning();
  return row;
}

/** → failed or canceled, only from pending. */
export async function markPaymentUnpaid(
  db: DbOrTx,
  paymentId: string,
  status: "failed" | "canceled",
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
    .returning();
  return row;
}

/** Records that the gateway was just asked (its answer was still "pending"). */
export async function touchPayment(db: DbOrTx, paymentId: string, now: Date): Promise<void> {
  await db.update(payments).set({ updatedAt: now }).where(eq(payments.id, paymentId));
}

/** Keeps a verified webhook; false when this provider's event id was already kept (a redelivery). */
export async function insertWebhookEvent(
  db: DbOrTx,
  values: { provider: string; eventId: string; payload: unknown; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values({
      provider: values.provider,
      eventId: values.eventId,
      payload: values.payload,
      isSignatureValid: true,
      processedAt: values.now,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}

/**
 * Pending payments nobody asked about since `before`, or whose checkout was opened by `checkoutOpenedBefore`
 * however recently asked about (a payer polling the callback page must not keep an expired checkout's coupon use),
 * oldest first: the reconciliation sweep's work list. A checkout's age counts from when it was opened, else from the
 * payment's creation (the checkout is opened just after).
 */
export async function findStalePendingPayments(
  db: DbOrTx,
  options: { before: Date; checkoutOpenedBefore: Date; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        or(
          lt(payments.updatedAt, options.before),
          lte(sql`coalesce(${payments.checkoutOpenedAt}, ${payments.createdAt})`, options.checkoutOpenedBefore),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(options.limit);
}

/**
 * Pending payments whose checkout was opened after `openedAfter` (still payable at the gateway), by id after `afterId`:
 * the work list of the recheck after a database outage, read page by page.
 */
export async function findOpenPendingPayments(
  db: DbOrTx,
  options: { openedAfter: Date; afterId?: string; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        isNotNull(payments.providerReference),
        gt(sql`coalesce(${payments.checkoutOpenedAt}, ${payments.createdAt})`, options.openedAfter),
        options.afterId ? gt(payments.id, options.afterId) : undefined,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(options.limit);
}

/** A store credit load's latest payment (decision 068). */
export async function findCreditLoadPayment(db: DbOrTx, creditLoadId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.creditLoadId, creditLoadId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/** The payer's share of the gateway's fee on each of these loads' payments (absent: none). */
export async function findCreditLoadFees(db: DbOrTx, creditLoadIds: readonly string[]): Promise<Map<string, number>> {
  if (creditLoadIds.length === 0) return new Map();
  const rows = await db
    .select({ creditLoadId: payments.creditLoadId, customerFeeMinor: payments.customerFeeMinor })
    .from(payments)
    .where(inArray(payments.creditLoadId, [...creditLoadIds]))
    .orderBy(asc(payments.createdAt));
  return new Map(rows.map((row) => [row.creditLoadId!, row.customerFeeMinor]));
}

/**
 * Each credit load's latest payment's gateway and checkout id (for the console's customer page), by load id; a load
 * before its checkout has none.
 */
export async function findLatestCheckoutsOfCreditLoads(
  db: DbOrTx,
  loadIds: readonly string[],
): Promise<Map<string, { provider: string; providerReference: string | null }>> {
  if (loadIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payments.creditLoadId], {
      loadId: payments.creditLoadId,
      provider: payments.provider,
      providerReference: payments.providerReference,
    })
    .from(payments)
    .where(inArray(payments.creditLoadId, [...loadIds]))
    .orderBy(payments.creditLoadId, desc(payments.createdAt));
  return new Map(rows.map(({ loadId, ...checkout }) => [loadId!, checkout]));
}
