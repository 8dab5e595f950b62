import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { presentPlan } from "../catalog/catalog.presenter.ts";
import type { DestinationRow } from "./checkout.repo.ts";
import type { quoteCart } from "./checkout.service.ts";

export interface DestinationPlans {
  fromDzdMinor: number;
  fromUsdMinor: number;
  planCount: number;
}

/** A destination row with its plans' lowest price and count, as the catalog contract's summary. */
export function presentDestination(row: DestinationRow, plans: DestinationPlans | undefined): DestinationSummary {
  return {
    code: row.code,
    type: row.type,
    names: { fr: row.nameFr, en: row.nameEn, ar: row.nameAr },
    memberCountries: row.memberCountries,
    fromPrice: { DZD: plans?.fromDzdMinor ?? 0, USD: plans?.fromUsdMinor ?? 0 },
    planCount: plans?.planCount ?? 0,
    isPopular: row.isPopular,
  };
}

/** The answer of POST /checkout/quote and POST /coupons/check. */
export function presentQuote(priced: Awaited<ReturnType<typeof quoteCart>>) {
  return {
    data: {
      quote: priced.quote,
      plan: presentPlan(priced.package),
      destination: presentDestination(priced.destination, priced.destinationPlans),
    },
  };
}
