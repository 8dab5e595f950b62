import { toMinor } from "@esim/shared/money";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { packages } from "../../db/schema.ts";
import type { AppDeps } from "../../lib/deps.ts";
import {
  blockCoupon,
  type CouponRow,
  countUserRedemptions,
  deleteRedemption,
  findCouponByCode,
  hasRedemption,
  insertCoupon,
  insertRedemption,
  lockCouponById,
} from "./coupons.repo.ts";

// A coupon's use is reserved when its order is placed (under the coupon's row lock, so limits hold under load), kept
// while the checkout is open and once paid, and given back only when the order is rejected after its checkout ended.

export interface NewCoupon {
  code: string;
  discount: { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffDzd: number };
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number;
  minOrderDzd: number | null;
  packageIds: string[] | null;
}

/** Why a coupon cannot be created, for the operator. */
export type CouponCreationProblem =
  | { problem: "code_taken" }
  | { problem: "unknown_packages"; packageIds: string[] }
  | { problem: "invalid"; reason: string };

/**
 * Creates a coupon after checking every rule it carries (code upper-case and unique, percent 1–100 or a positive
 * amount in whole dinars, start before end, positive limits, allowed plans that exist); answers the problem otherwise.
 */
export async function createCoupon(
  deps: AppDeps,
  coupon: NewCoupon,
): Promise<{ coupon: CouponRow } | CouponCreationProblem> {
  const code = coupon.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) {
    return { problem: "invalid", reason: "the code is 2 to 40 letters, digits, - or _" };
  }
  const { discount } = coupon;
  if (
    discount.kind === "percent" &&
    !(Number.isInteger(discount.percentOff) && discount.percentOff >= 1 && discount.percentOff <= 100)
  ) {
    return { problem: "invalid", reason: "--percent is a whole number from 1 to 100" };
  }
  if (discount.kind === "amount" && !(Number.isInteger(discount.amountOffDzd) && discount.amountOffDzd > 0)) {
    return { problem: "invalid", reason: "--amount is a positive whole number of dinars" };
  }
  if (coupon.startsAt && coupon.endsAt && coupon.endsAt.getTime() <= coupon.startsAt.getTime()) {
    return { problem: "invalid", reason: "--ends must be after --starts" };
  }
  if (coupon.maxUses !== null && !(Number.isInteger(coupon.maxUses) && coupon.maxUses > 0)) {
    return { problem: "invalid", reason: "--max-uses is a positive whole number" };
  }
  if (!(Number.isInteger(coupon.maxUsesPerUser) && coupon.maxUsesPerUser > 0)) {
    return { problem: "invalid", reason: "--per-user is a positive whole number" };
  }
  if (coupon.minOrderDzd !== null && !(Number.isInteger(coupon.minOrderDzd) && coupon.minOrderDzd >= 0)) {
    return { problem: "invalid", reason: "--min-order is a whole number of dinars" };
  }
  if (coupon.packageIds) {
    const found = await deps.db
      .select({ id: packages.id })
      .from(packages)
      .where(inArray(packages.id, coupon.packageIds));
    const known = new Set(found.map((row) => row.id));
    const unknown = coupon.packageIds.filter((id) => !known.has(id));
    if (unknown.length > 0) return { problem: "unknown_packages", packageIds: unknown };
  }
  if (await findCouponByCode(deps.db, code)) return { problem: "code_taken" };
  const created = await insertCoupon(deps.db, {
    code,
    kind: discount.kind,
    percentOff: discount.kind === "percent" ? discount.percentOff : null,
    amountOffDzdMinor: discount.kind === "amount" ? toMinor(discount.amountOffDzd) : null,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    maxUses: coupon.maxUses,
    maxUsesPerUser: coupon.maxUsesPerUser,
    minOrderDzdMinor: coupon.minOrderDzd === null ? null : toMinor(coupon.minOrderDzd),
    allowedPackageIds: coupon.packageIds,
    createdAt: deps.now(),
  }).catch((error: unknown) => {
    // Two operators creating the same code at once: the unique index decides.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
  return created ? { coupon: created } : { problem: "code_taken" };
}

/** Blocks a coupon by code (idempotent); undefined when no coupon has it. Orders already placed keep it. */
export async function blockCouponByCode(deps: AppDeps, code: string): Promise<CouponRow | undefined> {
  return blockCoupon(deps.db, code.trim().toUpperCase());
}

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === "23505" || cause?.code === "23505";
}

/** Reserves one use of the coupon for the order (inside the order's transaction, the coupon row locked by pricing). */
export async function reserveCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; userId: string | null; now: Date },
): Promise<void> {
  await insertRedemption(tx, use);
}

/** Gives the order's reserved use back (its checkout ended unpaid); idempotent. */
export async function releaseCouponUse(tx: DbOrTx, orderId: string): Promise<void> {
  await deleteRedemption(tx, orderId);
}

/**
 * Takes a use again for an order paid after its reservation was given back (a late payment): only if the coupon's
 * total and per-user limits still allow it, under the coupon's row lock. Answers whether the order holds a use now.
 */
export async function retakeCouponUse(
  tx: DbOrTx,
  use: { couponId: string; orderId: string; userId: string | null; now: Date },
): Promise<boolean> {
  const coupon = await lockCouponById(tx, use.couponId);
  if (!coupon) return false;
  if (await hasRedemption(tx, use.orderId)) return true;
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) return false;
  if (use.userId && (await countUserRedemptions(tx, coupon.id, use.userId)) >= coupon.maxUsesPerUser) return false;
  await insertRedemption(tx, use);
  return true;
}
