import type { OrderRejectingEvent } from "@esim/shared/checkout/contracts";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { isUuid } from "../../lib/uuid.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { destinationSummaryColumns } from "../catalog/index.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { payments } from "../payments/payments.schema.ts";
import { orderEvents, orders } from "./orders.schema.ts";

export type { OrderRow } from "./order-lifecycle.ts";

/** Most orders a list answers: newest first. */
const LIST_LIMIT = 200;

/**
 * Serialises requests carrying the same (user, clientReference) until the transaction ends, so a double click
 * cannot create two orders nor take two coupon uses.
 */
export async function lockClientReference(db: DbOrTx, userId: string, clientReference: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${userId}:${clientReference}`}, 0))`);
}

/** Serialises one account's order placements until the caller's transaction ends: its unpaid orders count exactly. */
export async function lockUserPlacements(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders-of:${userId}`}, 0))`);
}

/** How many of the account's orders await payment (not_paid, pending). */
export async function countUserOrdersAwaitingPayment(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    // A pay-for-me link's orders are its payer's attempts, capped by the link itself (one live order, decision 082).
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["not_paid", "pending"]), isNull(orders.payLinkId)));
  return row?.count ?? 0;
}

/**
 * Serialises the settling of one pay-for-me link's orders (until the caller's transaction ends) and answers the one
 * already paid other than `exceptOrderId`, if any.
 */
export async function lockPayLinkOrdersAndFindPaid(db: DbOrTx, options: { payLinkId: string; exceptOrderId: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pay-link-orders:${options.payLinkId}`}))`);
  const [row] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.payLinkId, options.payLinkId),
        ne(orders.id, options.exceptOrderId),
        inArray(orders.status, ["confirmed", "delivered"]),
      ),
    )
    .limit(1);
  return row;
}

/** The billing the customer gave at their latest own checkout (checked then); undefined when they never placed one. */
export async function findLatestOrderBilling(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ billing: orders.billing })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.payLinkId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.billing;
}

/** The next order number, ES<yy>-<6 digits> (more digits once past a million). */
export async function nextOrderNumber(db: DbOrTx, now: Date): Promise<string> {
  const result = await db.execute<{ value: string }>(sql`select nextval('order_number_seq')::text as value`);
  const year = String(now.getUTCFullYear() % 100).padStart(2, "0");
  return `ES${year}-${result.rows[0]!.value.padStart(6, "0")}`;
}

/**
 * Why a rejected order ended unpaid, as a column of a select from orders: the event of its last move to rejected
 * (order_events_order_idx finds it); null for any other status, so other orders cost nothing.
 */
export const rejectedByEvent = sql<OrderRejectingEvent | null>`case when ${orders.status} = 'rejected' then (
  select ev.event from ${orderEvents} ev where ev.order_id = ${orders.id} and ev.to_status = 'rejected'
  order by ev.seq desc limit 1) end`;

const orderViewColumns = {
  order: orders,
  package: packages,
  destination: destinations,
  payment: payments,
  couponCode: coupons.code,
  rejectedBy: rejectedByEvent,
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

// The order's eSIMs in the same round trip as the order (a signed-in list is the busiest read): those it made, or for
// a top-up the eSIM it is for, oldest first; only what the order's summary shows of them (no secrets).
const orderEsimsJson = sql<OrderEsim[]>`coalesce((select json_agg(json_build_object('id', e.id, 'iccid', e.iccid,
  'status', e.status) order by e.created_at, e.id) from ${esims} e
  where e.order_id = ${orders.id} or e.id = ${orders.targetEsimId}), '[]'::json)`;

/** An eSIM as an order's summary lists it. */
export type OrderEsim = Pick<EsimRow, "id" | "iccid" | "status">;

// What an order's summary shows (orders.presenter.ts), and no more: about half the view's columns, so half the
// rows' decoding and mapping on the busiest signed-in read. The detail (GET /orders/:id) shows the same summary.
const orderSummaryColumns = {
  order: {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    kind: orders.kind,
    createdAt: orders.createdAt,
    quantity: orders.quantity,
    currency: orders.currency,
    unitPriceMinor: orders.unitPriceMinor,
    subtotalMinor: orders.subtotalMinor,
    discountMinor: orders.discountMinor,
    couponDiscountMinor: orders.couponDiscountMinor,
    referralDiscountMinor: orders.referralDiscountMinor,
    serviceFeeMinor: orders.serviceFeeMinor,
    totalMinor: orders.totalMinor,
    chargeDzdMinor: orders.chargeDzdMinor,
    creditAppliedDzdMinor: orders.creditAppliedDzdMinor,
    paymentMethod: orders.paymentMethod,
    confirmedAt: orders.confirmedAt,
    targetEsimId: orders.targetEsimId,
    billing: orders.billing,
  },
  package: {
    id: packages.id,
    name: packages.name,
    dataMb: packages.dataMb,
    isUnlimited: packages.isUnlimited,
    dataType: packages.dataType,
    validityDays: packages.validityDays,
    validityStart: packages.validityStart,
    coverage: packages.coverage,
    networks: packages.networks,
    supportsTopUp: packages.supportsTopUp,
    isHotspotAllowed: packages.isHotspotAllowed,
    fairUsePolicy: packages.fairUsePolicy,
    speed: packages.speed,
    retailDzdMinor: packages.retailDzdMinor,
    retailUsdMinor: packages.retailUsdMinor,
    compareAtDzdMinor: packages.compareAtDzdMinor,
    compareAtUsdMinor: packages.compareAtUsdMinor,
    nameOverrides: packages.nameOverrides,
  },
  destination: destinationSummaryColumns,
  payment: { id: payments.id, status: payments.status, customerFeeMinor: payments.customerFeeMinor },
  couponCode: coupons.code,
  rejectedBy: rejectedByEvent,
  esims: orderEsimsJson,
};

function selectOrderViewsWithEsims(db: DbOrTx) {
  return db
    .select(orderSummaryColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(coupons, eq(coupons.id, orders.couponId));
}

/** An order as its summary shows it (the list's and the detail's narrow view; a full OrderView has all of it). */
export type OrderSummaryView = Omit<Awaited<ReturnType<typeof selectOrderViewsWithEsims>>[number], "esims">;

function withEsims({ esims, ...view }: Awaited<ReturnType<typeof selectOrderViewsWithEsims>>[number]) {
  return { view, esims };
}

const userOrdersWithEsims = preparedQuery("list_user_orders_with_esims", (db) =>
  selectOrderViewsWithEsims(db)
    .where(eq(orders.userId, sql.placeholder("userId")))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(LIST_LIMIT),
);

/** The user's orders, newest first, each with its eSIMs: one query. */
export async function listUserOrdersWithEsims(db: DbOrTx, userId: string) {
  return (await userOrdersWithEsims(db, { userId })).map(withEsims);
}

const userOrderWithEsimsBy = {
  id: preparedQuery("find_user_order_with_esims_by_id", (db) =>
    selectOrderViewsWithEsims(db).where(
      and(eq(orders.userId, sql.placeholder("userId")), eq(orders.id, sql.placeholder("key"))),
    ),
  ),
  number: preparedQuery("find_user_order_with_esims_by_number", (db) =>
    selectOrderViewsWithEsims(db).where(
      and(eq(orders.userId, sql.placeholder("userId")), eq(orders.number, sql.placeholder("key"))),
    ),
  ),
};

/** One of the user's orders by id (a UUID) or number, with its eSIMs: one query; undefined for anyone else's. */
export async function findUserOrderWithEsims(db: DbOrTx, userId: string, idOrNumber: string) {
  const [row] = isUuid(idOrNumber)
    ? await userOrderWithEsimsBy.id(db, { userId, key: idOrNumber })
    : await userOrderWithEsimsBy.number(db, { userId, key: idOrNumber.toUpperCase() });
  return row && withEsims(row);
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
  forOrders: Pick<typeof orders.$inferSelect, "id" | "targetEsimId">[],
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

/** The order row, unlocked. */
export async function findOrderById(db: DbOrTx, orderId: string): Promise<typeof orders.$inferSelect | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function lockOrder(db: DbOrTx, orderId: string): Promise<typeof orders.$inferSelect | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row;
}

/** The order's history, oldest first. */
export async function listOrderEvents(db: DbOrTx, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq));
}

/** Orders an operator must look at (flagged), oldest flag first. */
export async function listFlaggedOrders(db: DbOrTx, limit: number) {
  return db
    .select({ order: orders, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(isNotNull(orders.attentionKind))
    .orderBy(asc(orders.attentionAt))
    .limit(limit);
}

/** How many of the order's eSIMs are not cancelled. */
export async function countUncancelledEsims(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(esims)
    .where(and(eq(esims.orderId, orderId), ne(esims.status, "Canceled")));
  return row?.count ?? 0;
}

/** Who to write to about an order: the buyer's live email, language and name (no email once the account is gone). */
export async function findOrderForMail(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ email: users.email, deletedAt: users.deletedAt, language: users.language, name: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  return { to: row.deletedAt ? null : row.email, language: row.language ?? "fr", name: row.name };
}

/** Paid orders not delivered since before `confirmedBefore` and not yet found overdue, oldest first. */
export async function findOverdueDeliveries(db: DbOrTx, options: { confirmedBefore: Date; limit: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "confirmed"),
        lt(orders.confirmedAt, options.confirmedBefore),
        isNull(orders.deliveryOverdueAt),
      ),
    )
    .orderBy(asc(orders.confirmedAt))
    .limit(options.limit);
}

/** Marks a still-undelivered paid order as overdue, once; undefined when delivered meanwhile or already marked. */
export async function markDeliveryOverdue(db: DbOrTx, orderId: string, now: Date) {
  const [row] = await db
    .update(orders)
    .set({ deliveryOverdueAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "confirmed"), isNull(orders.deliveryOverdueAt)))
    .returning();
  return row;
}
