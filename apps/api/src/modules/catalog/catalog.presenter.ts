import type { DestinationSummary, DualPrice, Plan } from "@esim/shared/catalog/contracts";
import type { DestinationRow, PackageRow } from "./catalog.repo.ts";

/** What the wire's plan shows of a package row. */
export type PresentablePackage = Pick<
  PackageRow,
  | "id"
  | "name"
  | "dataMb"
  | "isUnlimited"
  | "dataType"
  | "validityDays"
  | "validityStart"
  | "coverage"
  | "networks"
  | "supportsTopUp"
  | "isHotspotAllowed"
  | "fairUsePolicy"
  | "speed"
  | "retailDzdMinor"
  | "retailUsdMinor"
  | "compareAtDzdMinor"
  | "compareAtUsdMinor"
  | "nameOverrides"
>;

/** A package row as the wire's plan. */
export function presentPlan(row: PresentablePackage): Plan {
  const compareAtPrice: DualPrice | null =
    row.compareAtDzdMinor !== null && row.compareAtUsdMinor !== null
      ? { DZD: row.compareAtDzdMinor, USD: row.compareAtUsdMinor }
      : null;
  return {
    id: row.id,
    name: row.name,
    dataMb: row.isUnlimited ? null : row.dataMb,
    isUnlimited: row.isUnlimited,
    dataType: row.dataType,
    validityDays: row.validityDays,
    validityStart: row.validityStart,
    coverage: row.coverage,
    networks: row.networks,
    supportsTopUp: row.supportsTopUp,
    isHotspotAllowed: row.isHotspotAllowed,
    fairUsePolicy: row.fairUsePolicy,
    speed: row.speed,
    price: { DZD: row.retailDzdMinor, USD: row.retailUsdMinor },
    compareAtPrice,
    ...(row.nameOverrides && (row.nameOverrides.fr || row.nameOverrides.ar)
      ? { nameOverrides: { ...row.nameOverrides } }
      : {}),
  };
}

/** A destination's plans on sale in short: the lowest prices and how many. */
export interface DestinationPlans {
  fromDzdMinor: number;
  fromUsdMinor: number;
  planCount: number;
}

/** The summary of a list of plans (at least one). */
export function summarizePlans(plans: readonly Plan[]): DestinationPlans {
  return {
    fromDzdMinor: Math.min(...plans.map((plan) => plan.price.DZD)),
    fromUsdMinor: Math.min(...plans.map((plan) => plan.price.USD)),
    planCount: plans.length,
  };
}

/** A destination row with its plans' lowest price and count, as the wire's summary. */
export function presentDestination(
  row: Pick<DestinationRow, "code" | "type" | "nameFr" | "nameEn" | "nameAr" | "memberCountries" | "isPopular">,
  plans: DestinationPlans | undefined,
): DestinationSummary {
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
