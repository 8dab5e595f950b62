import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orders } from "../orders/orders.schema.ts";
import { couponRedemptions, coupons } from "./coupons.schema.ts";

export type CouponRow = typeof coupons.$inferSelect;

export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/** The coupon row locked until the transaction ends: concurrent checkouts of one coupon queue here. */
export async function lockCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).for("update");
  return row;
}

export async function lockCouponById(db: DbOrTx, couponId: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
  return row;
}

/** A use that counts now: kept by a paid order, or held by an unpaid order whose checkout has not ended. */
function isLiveUse(now: Date) {
  return or(isNull(couponRedemptions.heldUntil), gt(couponRedemptions.heldUntil, now));
}

/** The coupon's uses that count against its total limit now. */
export async function countLiveUses(db: DbOrTx, couponId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), isLiveUse(now)));
  return row?.count ?? 0;
}

/** Uses by this account, or by any account that had this email (a customer cannot start afresh with a new account). */
function ofCustomer(options: { userId: string; emailHash: string | null }) {
  return options.emailHash
    ? or(eq(couponRedemptions.userId, options.userId), eq(couponRedemptions.emailHash, options.emailHash))
    : eq(couponRedemptions.userId, options.userId);
}

/** The customer's uses of the coupon kept for good (paid orders), by this account or by any account with this email. */
export async function countKeptCustomerUses(
  db: DbOrTx,
  options: { couponId: string; userId: string; emailHash: string | null },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(eq(couponRedemptions.couponId, options.couponId), ofCustomer(options), isNull(couponRedemptions.heldUntil)),
    );
  return row?.count ?? 0;
}

/** The customer's uses of the coupon that count now: by this account, or by any account that had this email. */
export async function countCustomerUses(
  db: DbOrTx,
  options: { couponId: string; userId: string; emailHash: string | null; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, options.couponId), ofCustomer(options), isLiveUse(options.now)));
  return row?.count ?? 0;
}

/**
 * The customer's order (account or email) whose checkout still holds a use of the coupon: unpaid, its hold not
 * ended. The latest one when several do.
 */
export async function findHoldingOrderOfCustomer(
  db: DbOrTx,
  options: { couponId: string; userId: string; emailHash: string | null; now: Date },
): Promise<{ orderId: string; orderNumber: string } | undefined> {
  const [row] = await db
    .select({ orderId: orders.id, orderNumber: orders.number })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, options.couponId),
        ofCustomer(options),
        gt(couponRedemptions.heldUntil, options.now),
        inArray(orders.status, ["not_paid", "pending"]),
      ),
    )
    .orderBy(desc(couponRedemptions.createdAt))
    .limit(1);
  return row;
}

/** Counts one use of the coupon by the order, held until `heldUntil` (null: kept); a second call changes nothing. */
export async function insertRedemption(
  db: DbOrTx,
  values: {
    couponId: string;
    orderId: string;
    userId: string | null;
    emailHash: string | null;
    heldUntil: Date | null;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(couponRedemptions)
    .values({
      couponId: values.couponId,
      orderId: values.orderId,
      userId: values.userId,
      emailHash: values.emailHash,
      heldUntil: values.heldUntil,
      createdAt: values.now,
    })
    .onConflictDoNothing();
}

/** The order's use of its coupon, if it holds one (live or lapsed). */
export async function findRedemption(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  return row;
}

/** Sets until when the order's use holds (null: kept for good). */
export async function setRedemptionHeldUntil(db: DbOrTx, orderId: string, heldUntil: Date | null): Promise<void> {
  await db.update(couponRedemptions).set({ heldUntil }).where(eq(couponRedemptions.orderId, orderId));
}

/** Gives the order's coupon use back (the order was rejected); nothing when it held none. */
export async function deleteRedemption(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

export async function insertCoupon(db: DbOrTx, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

/** Blocks a coupon by code; undefined when no coupon has it. */
export async function blockCoupon(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set({ isBlocked: true }).where(eq(coupons.code, code)).returning();
  return row;
}

/** Sets a coupon's blocked flag by id; undefined when no coupon has it. */
export async function setCouponBlocked(db: DbOrTx, couponId: string): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set({ isBlocked: true }).where(eq(coupons.id, couponId)).returning();
  return row;
}

/** Changes a coupon's dates and limits (never its code nor its discount). */
export async function updateCouponLimits(
  db: DbOrTx,
  couponId: string,
  limits: Pick<CouponRow, "startsAt" | "endsAt" | "maxUses" | "maxUsesPerUser">,
): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(limits).where(eq(coupons.id, couponId)).returning();
  return row!;
}

/**
 * Every coupon, newest first, with its uses counting now (what its total limit counts), the orders paid with it
 * (refunded or owed a refund left out) and what they charged in DZD. One grouped read through orders_coupon_idx.
 */
export async function listCouponsWithSales(db: DbOrTx, options: { now: Date; couponId?: string }) {
  const { couponId } = options;
  const paid = sql`${orders.confirmedAt} is not null and ${orders.status} not in ('refund_due', 'refunded')`;
  const liveUses = db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupons.id), isLiveUse(options.now)));
  return db
    .select({
      coupon: coupons,
      usesCount: sql<number>`(${liveUses})`,
      paidOrders: sql<number>`(count(${orders.id}) filter (where ${paid}))::int`,
      revenueDzdMinor: sql<number>`(coalesce(sum(${orders.chargeDzdMinor}) filter (where ${paid}), 0))::bigint`,
    })
    .from(coupons)
    .leftJoin(orders, eq(orders.couponId, coupons.id))
    .where(couponId ? eq(coupons.id, couponId) : undefined)
    .groupBy(coupons.id)
    .orderBy(desc(coupons.createdAt), desc(coupons.code));
}
