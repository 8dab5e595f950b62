import { parseArgs } from "node:util";
import { formatMoney } from "@esim/shared/money";
import { createCoupon, type NewCoupon } from "../../modules/coupons/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Create a promo code (percent or DZD amount) with its dates and limits";
export const usage =
  "coupon:create <CODE> --percent N | --amount DZD [--starts ISO] [--ends ISO] [--max-uses N] [--per-user N] [--min-order DZD] [--packages id,id] [--below-cost]";

function wholeNumber(name: string, text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d+$/.test(text)) throw new CliError(`coupon:create: --${name} "${text}" is not a whole number`);
  return Number(text);
}

function date(name: string, text: string | undefined): Date | null {
  if (text === undefined) return null;
  const value = new Date(text);
  if (Number.isNaN(value.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text)) {
    throw new CliError(
      `coupon:create: --${name} "${text}" is not an ISO date (e.g. 2026-07-01 or 2026-07-01T00:00:00Z)`,
    );
  }
  return value;
}

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CliError(`coupon:create: ${(error as Error).message}\nUsage: ${usage}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new CliError(`Usage: ${usage}`);
  const percent = wholeNumber("percent", values.percent);
  const amount = wholeNumber("amount", values.amount);
  if ((percent === null) === (amount === null)) {
    throw new CliError("coupon:create: give exactly one of --percent N or --amount DZD");
  }
  const coupon: NewCoupon = {
    code: positionals[0]!,
    discount: percent !== null ? { kind: "percent", percentOff: percent } : { kind: "amount", amountOffDzd: amount! },
    startsAt: date("starts", values.starts),
    endsAt: date("ends", values.ends),
    maxUses: wholeNumber("max-uses", values["max-uses"]),
    maxUsesPerUser: wholeNumber("per-user", values["per-user"]) ?? 1,
    minOrderDzd: wholeNumber("min-order", values["min-order"]),
    packageIds: values.packages
      ? values.packages
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean)
      : null,
    // Without it the discount stops at the plan's upstream cost (decision 087): a giveaway must say so.
    allowsBelowCost: values["below-cost"] === true,
  };
  if (coupon.packageIds?.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) {
    throw new CliError("coupon:create: --packages takes package ids (UUIDs) separated by commas");
  }
  const result = await createCoupon(deps, coupon);
  if ("problem" in result) {
    if (result.problem === "code_taken")
      throw new CliError(`coupon:create: a coupon ${coupon.code.toUpperCase()} already exists`);
    if (result.problem === "unknown_packages") {
      throw new CliError(`coupon:create: no package has the id ${result.packageIds.join(", ")}`);
    }
    throw new CliError(`coupon:create: ${result.reason}`);
  }
  const created = result.coupon;
  const off =
    created.kind === "percent" ? `${created.percentOff} %` : formatMoney(created.amountOffDzdMinor ?? 0, "DZD");
  print(`Coupon ${created.code} created: ${off} off.`);
  print(`  valid: ${created.startsAt?.toISOString() ?? "now"} → ${created.endsAt?.toISOString() ?? "no end"}`);
  print(`  uses: ${created.maxUses ?? "unlimited"} in all, ${created.maxUsesPerUser} per user`);
  if (created.minOrderDzdMinor !== null) print(`  minimum order: ${formatMoney(created.minOrderDzdMinor, "DZD")}`);
  if (created.allowedPackageIds) print(`  only for packages: ${created.allowedPackageIds.join(", ")}`);
  print(created.allowsBelowCost ? "  may sell below the upstream cost" : "  never sells below the upstream cost");
};

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      percent: { type: "string" },
      amount: { type: "string" },
      starts: { type: "string" },
      ends: { type: "string" },
      "max-uses": { type: "string" },
      "per-user": { type: "string" },
      "min-order": { type: "string" },
      packages: { type: "string" },
      "below-cost": { type: "boolean" },
    },
  });
}
