import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { couponRedemptions, coupons, orders } from "../../db/schema.ts";

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

export async function countUserRedemptions(db: DbOrTx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.count ?? 0;
}

/** Counts one use of the coupon by the order; a second call for the same order changes nothing. */
export async function insertRedemption(
  db: DbOrTx,
  values: { couponId: string; orderId: string; userId: string | null; now: Date },
): Promise<void> {
  const inserted = await db
    .insert(couponRedemptions)
    .values({ couponId: values.couponId, orderId: values.orderId, userId: values.userId, createdAt: values.now })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) return;
  await db
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(eq(coupons.id, values.couponId));
}

/** Whether the order holds a use of its coupon. */
export async function hasRedemption(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId));
  return row !== undefined;
}

/** Gives the order's coupon use back (the order was rejected); nothing when it held none. */
export async function deleteRedemption(db: DbOrTx, orderId: string): Promise<void> {
  const deleted = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of deleted) {
    await db
      .update(coupons)
      .set({ usesCount: sql`greatest(${coupons.usesCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
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
 * Every coupon, newest first, with the orders paid with it (refunded or owed a refund left out) and what they charged
 * in DZD. One grouped read through orders_coupon_idx.
 */
export async function listCouponsWithSales(db: DbOrTx, couponId?: string) {
  const paid = sql`${orders.confirmedAt} is not null and ${orders.status} not in ('refund_due', 'refunded')`;
  return db
    .select({
      coupon: coupons,
      paidOrders: sql<number>`(count(${orders.id}) filter (where ${paid}))::int`,
      revenueDzdMinor: sql<number>`(coalesce(sum(${orders.chargeDzdMinor}) filter (where ${paid}), 0))::bigint`,
    })
    .from(coupons)
    .leftJoin(orders, eq(orders.couponId, coupons.id))
    .where(couponId ? eq(coupons.id, couponId) : undefined)
    .groupBy(coupons.id)
    .orderBy(desc(coupons.createdAt), desc(coupons.code));
}
