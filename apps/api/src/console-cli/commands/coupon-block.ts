import { blockCouponByCode } from "../../modules/coupons/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Block a promo code: checkouts refuse it from now on";
export const usage = "coupon:block <CODE>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [code, ...extra] = args;
  if (!code || extra.length > 0) throw new CliError(`Usage: ${usage}`);
  const coupon = await blockCouponByCode(deps, code);
  if (!coupon) throw new CliError(`coupon:block: no coupon has the code ${code.toUpperCase()}`);
  print(`Coupon ${coupon.code} is blocked (${coupon.usesCount} uses so far).`);
};
