import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons, destinations, esims, orders, packages, payments } from "../../db/schema.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = OrderRow["status"];

/** Most orders a list answers: newest first. */
const LIST_LIMIT = 200;

/**
 * Serialises requests carrying the same (user, clientReference) until the transaction ends, so a double click
 * cannot create two orders nor take two coupon uses.
 */
export async function lockClientReference(db: DbOrTx, userId: string, clientReference: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${userId}:${clientReference}`}, 0))`);
}

/** The next order number, ES<yy>-<6 digits> (more digits once past a million). */
export async function nextOrderNumber(db: DbOrTx, now: Date): Promise<string> {
  const result = await db.execute<{ value: string }>(sql`select nextval('order_number_seq')::text as value`);
  const year = String(now.getUTCFullYear() % 100).padStart(2, "0");
  return `ES${year}-${result.rows[0]!.value.padStart(6, "0")}`;
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

const orderViewColumns = {
  order: orders,
  package: packages,
  destination: destinations,
  payment: payments,
  couponCode: coupons.code,
};

function selectOrderViews(db: DbOrTx) {
  return db
    .select(orderViewColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(coupons, eq(coupons.id, orders.couponId));
}

export type OrderView = Awaited<ReturnType<typeof findOrderViewById>> & {};

/** An order with its plan, destination, payment and coupon code. */
export async function findOrderViewById(db: DbOrTx, orderId: string) {
  const [row] = await selectOrderViews(db).where(eq(orders.id, orderId));
  return row;
}

/** The user's order for this client reference, with what the idempotency check compares. */
export async function findOrderViewByClientReference(db: DbOrTx, userId: string, clientReference: string) {
  const [row] = await selectOrderViews(db).where(
    and(eq(orders.userId, userId), eq(orders.clientReference, clientReference)),
  );
  return row;
}

/** One of the user's orders by id (a UUID) or number; undefined for anyone else's. */
export async function findUserOrderView(db: DbOrTx, userId: string, idOrNumber: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrNumber);
  const [row] = await selectOrderViews(db).where(
    and(eq(orders.userId, userId), isUuid ? eq(orders.id, idOrNumber) : eq(orders.number, idOrNumber.toUpperCase())),
  );
  return row;
}

export async function listUserOrderViews(db: DbOrTx, userId: string) {
  return selectOrderViews(db)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(LIST_LIMIT);
}

/** Any order by number, for the operator. */
export async function findOrderViewByNumber(db: DbOrTx, number: string) {
  const [row] = await selectOrderViews(db).where(eq(orders.number, number.toUpperCase()));
  return row;
}

export type EsimRow = typeof esims.$inferSelect;

/** The eSIMs of each order, oldest first: those it made, or for a top-up the eSIM it is for. */
export async function listOrderEsims(
  db: DbOrTx,
  forOrders: Pick<OrderRow, "id" | "targetEsimId">[],
): Promise<Map<string, EsimRow[]>> {
  const byOrder = new Map<string, EsimRow[]>(forOrders.map((order) => [order.id, []]));
  if (forOrders.length === 0) return byOrder;
  const targetIds = forOrders.flatMap((order) => (order.targetEsimId ? [order.targetEsimId] : []));
  const rows = await db
    .select()
    .from(esims)
    .where(
      or(
        inArray(
          esims.orderId,
          forOrders.map((order) => order.id),
        ),
        targetIds.length > 0 ? inArray(esims.id, targetIds) : undefined,
      ),
    )
    .orderBy(esims.createdAt, esims.id);
  for (const order of forOrders) {
    byOrder.set(
      order.id,
      rows.filter((esim) => esim.orderId === order.id || esim.id === order.targetEsimId),
    );
  }
  return byOrder;
}

export async function lockOrder(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row;
}

/** not_paid → pending once the gateway holds a checkout; nothing in any other status. */
export async function markOrderPending(db: DbOrTx, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: "pending", updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "not_paid")));
}

/**
 * → confirmed, from not_paid, pending or rejected (money the gateway took always wins over an earlier failure);
 * undefined when it was already confirmed or delivered, so exactly one caller sees the transition.
 */
export async function confirmOrder(db: DbOrTx, orderId: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ["not_paid", "pending", "rejected"])))
    .returning();
  return row;
}

/** → rejected, only before payment: a late failure never un-pays a confirmed order. */
export async function rejectOrder(db: DbOrTx, orderId: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: "rejected", updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ["not_paid", "pending"])))
    .returning();
  return row;
}

/** Sets the reason the operator must look at this order. */
export async function flagOrder(db: DbOrTx, orderId: string, reason: string, now: Date): Promise<void> {
  await db.update(orders).set({ attentionReason: reason, updatedAt: now }).where(eq(orders.id, orderId));
}
