import type { ConsoleCoupon, CouponState } from "@esim/shared/console/coupons-contract";
import type { CouponWithSales } from "./coupons.service.ts";

/** Where the coupon stands at `now`: blocked first, then its dates, then its total limit. */
export function couponState(
  { coupon, usesCount }: Pick<CouponWithSales, "coupon" | "usesCount">,
  now: Date,
): CouponState {
  if (coupon.isBlocked) return "blocked";
  if (coupon.endsAt && coupon.endsAt.getTime() < now.getTime()) return "expired";
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) return "scheduled";
  if (coupon.maxUses !== null && usesCount >= coupon.maxUses) return "used_up";
  return "active";
}

export function presentConsoleCoupon(row: CouponWithSales, now: Date): ConsoleCoupon {
  const { coupon, paidOrders, revenueDzdMinor } = row;
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.kind === "percent" ? coupon.percentOff : null,
    amountOffDzdMinor: coupon.kind === "amount" ? coupon.amountOffDzdMinor : null,
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
    maxUses: coupon.maxUses,
    maxUsesPerUser: coupon.maxUsesPerUser,
    minOrderDzdMinor: coupon.minOrderDzdMinor,
    packageIds: coupon.allowedPackageIds,
    isBlocked: coupon.isBlocked,
    allowsBelowCost: coupon.allowsBelowCost,
    state: couponState(row, now),
    usesCount: Number(row.usesCount),
    paidOrders: Number(paidOrders),
    revenueDzdMinor: Number(revenueDzdMinor),
    createdAt: coupon.createdAt.toISOString(),
  };
}
