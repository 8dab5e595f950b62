import type { DestinationSummary, Plan } from "@esim/shared/catalog/contracts";
import type { DestinationRow, PackageRow } from "./checkout.repo.ts";
import type { quoteCart } from "./checkout.service.ts";

export interface DestinationPlans {
  fromDzdMinor: number;
  fromUsdMinor: number;
  planCount: number;
}

/** A package row as the plan of the catalog contract. */
export function presentPlan(row: PackageRow): Plan {
  return {
    id: row.id,
    name: row.name,
    dataMb: row.dataMb,
    isUnlimited: row.isUnlimited,
    dataType: row.dataType,
    validityDays: row.validityDays,
    coverage: row.coverage,
    networks: row.networks,
    supportsTopUp: row.supportsTopUp,
    isHotspotAllowed: row.isHotspotAllowed,
    fairUsePolicy: row.fairUsePolicy,
    speed: row.speed,
    price: { DZD: row.retailDzdMinor, USD: row.retailUsdMinor },
    compareAtPrice:
      row.compareAtDzdMinor !== null && row.compareAtUsdMinor !== null
        ? { DZD: row.compareAtDzdMinor, USD: row.compareAtUsdMinor }
        : null,
  };
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
