import type { DbOrTx } from "../../db/client.ts";
import { countLiveCouponUses, findCouponByCode } from "../coupons/index.ts";
import { findCouponCodeProblem } from "./pricing.ts";

/** What a code is worth before any cart: its discount, or the reason the checkout would refuse it whatever the plan. */
export type VisitorPromo =
  | {
      code: string;
      state: "valid";
      discount: { kind: "percent"; percent: number } | { kind: "amount"; dzdMinor: number };
    }
  | { code: string; state: "expired" | "notYetActive" | "unavailable" };

/**
 * A `?promo=` code as a public page can confirm it: the checkout's own rules that need no cart (blocked, its
 * discount, its dates, every use taken). The plan and once-per-customer rules are the checkout's, at the cart.
 */
export async function checkPromoForVisitor(db: DbOrTx, code: string, now: Date): Promise<VisitorPromo> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) return { code, state: "unavailable" };
  const problem = findCouponCodeProblem(coupon, now);
  if (problem === "COUPON_EXPIRED") return { code, state: "expired" };
  if (problem === "COUPON_NOT_YET_ACTIVE") return { code, state: "notYetActive" };
  if (problem) return { code, state: "unavailable" };
  if (coupon.maxUses !== null && (await countLiveCouponUses(db, coupon.id, now)) >= coupon.maxUses) {
    return { code, state: "unavailable" };
  }
  const discount =
    coupon.kind === "percent"
      ? { kind: "percent" as const, percent: coupon.percentOff ?? 0 }
      : { kind: "amount" as const, dzdMinor: coupon.amountOffDzdMinor ?? 0 };
  return { code, state: "valid", discount };
}
