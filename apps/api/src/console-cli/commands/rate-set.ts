import { formatMoney } from "@esim/shared/money";
import { parseDzdPerUsdE4, setDzdPerUsd } from "../../modules/catalog/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Set the DZD per USD rate and re-price every plan from its cost";
export const usage = "rate:set <DZD per USD>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [text, ...extra] = args;
  if (text === undefined || extra.length > 0) throw new CliError(`Usage: ${usage} (e.g. rate:set 135.5)`);
  const dzdPerUsdE4 = parseDzdPerUsdE4(text);
  if (dzdPerUsdE4 === null) {
    throw new CliError(
      `rate:set: "${text}" is not a rate. Give DZD per USD as a positive number with at most 4 decimals, e.g. 135.5`,
    );
  }
  const change = await setDzdPerUsd(deps, { dzdPerUsdE4 });
  print(`Rate: ${change.previousDzdPerUsd} → ${change.dzdPerUsd} DZD per USD`);
  print(`Re-priced ${change.repricedCount} packages.`);
  for (const sample of change.samples) {
    print(
      `  ${sample.destinationCode}  ${sample.name}: ${formatMoney(sample.beforeDzdMinor, "DZD")} → ${formatMoney(sample.afterDzdMinor, "DZD")} (${formatMoney(sample.usdMinor, "USD")})`,
    );
  }
};
