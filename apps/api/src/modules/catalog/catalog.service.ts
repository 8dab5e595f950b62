import type { AppDeps } from "../../lib/deps.ts";

/** The marketing numbers; from configuration until the catalog is imported (issue: buying). */
export function readCatalogSummary(deps: Pick<AppDeps, "config">) {
  const { config } = deps;
  return {
    destinationCount: config.MARKETING_DESTINATION_COUNT,
    lowestPrice: {
      DZD: Math.round(config.MARKETING_LOWEST_PRICE_DZD * 100),
      USD: Math.round(config.MARKETING_LOWEST_PRICE_USD * 100),
    },
  };
}
