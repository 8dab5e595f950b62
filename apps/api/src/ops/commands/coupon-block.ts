import { blockCouponByCode } from "../../modules/coupons/index.ts";
import type { OpsCommand } from "../ops-command.ts";
import { OpsError } from "../ops-command.ts";

export const description = "Block a promo code: checkouts refuse it from now on";
export const usage = "coupon:block <CODE>";

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [code, ...extra] = args;
  if (!code || extra.length > 0) throw new OpsError(`Usage: ${usage}`);
  const coupon = await blockCouponByCode(deps, code);
  if (!coupon) throw new OpsError(`coupon:block: no coupon has the code ${code.toUpperCase()}`);
  print(`Coupon ${coupon.code} is blocked (${coupon.usesCount} uses so far).`);
};
