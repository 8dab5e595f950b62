import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { couponRedemptions, coupons } from "../../db/schema.ts";

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
