import type { Plan } from "@esim/shared/catalog/contracts";
import type { CachedDestination, CatalogSnapshot } from "../catalog/index.ts";

/**
 * The storefront's rules, pure functions of the catalog snapshot (docs/decisions/028-public-storefront.md):
 * addresses (slugs), the "best value" mark, the regional suggestion and the rounded marketing count.
 */

/** Stable, readable slugs where the English display name would not be the word travellers use. */
const SLUG_OVERRIDES: Readonly<Record<string, string>> = { TR: "turkey", HK: "hong-kong", MO: "macao" };

/** "Bosnia & Herzegovina" → "bosnia-and-herzegovina"; "Côte d’Ivoire" → "cote-d-ivoire". */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A region's slug is its code ("europe"); a country's its English name, slugified. */
export function destinationSlug(destination: CachedDestination): string {
  const { summary } = destination;
  if (summary.type !== "country") return summary.code.toLowerCase();
  return SLUG_OVERRIDES[summary.code] ?? (slugify(summary.names.en) || summary.code.toLowerCase());
}

export interface StorefrontIndex {
  bySlug: ReadonlyMap<string, CachedDestination>;
  slugByCode: ReadonlyMap<string, string>;
}

const indexes = new WeakMap<CatalogSnapshot, StorefrontIndex>();

/** Slugs of every destination on sale in this snapshot; a clash (never seen) keeps the code as a suffix. */
export function storefrontIndexOf(snapshot: CatalogSnapshot): StorefrontIndex {
  const known = indexes.get(snapshot);
  if (known) return known;
  const bySlug = new Map<string, CachedDestination>();
  const slugByCode = new Map<string, string>();
  for (const destination of snapshot.destinations) {
    let slug = destinationSlug(destination);
    if (bySlug.has(slug)) slug = `${slug}-${destination.summary.code.toLowerCase()}`;
    bySlug.set(slug, destination);
    slugByCode.set(destination.summary.code, slug);
  }
  const index = { bySlug, slugByCode };
  indexes.set(snapshot, index);
  return index;
}

/** A plan whose data is a total amount (not daily, not unlimited): the only kind a price per GB means anything for. */
export function hasFixedData(plan: Plan): plan is Plan & { dataMb: number } {
  return !plan.isUnlimited && plan.dataType === 1 && plan.dataMb !== null && plan.dataMb > 0;
}

/**
 * The "best value" plan among those shown: the lowest DZD price per MB among fixed-data plans (DZD, the currency
 * charged, whatever the display currency), ties to the larger amount of data, then the shorter validity. None
 * unless at least two fixed-data plans are shown: a lone plan is not a comparison.
 */
export function pickBestValue(plans: readonly Plan[]): string | null {
  const candidates = plans.filter(hasFixedData);
  if (candidates.length < 2) return null;
  const [best] = [...candidates].sort(
    (left, right) =>
      left.price.DZD / left.dataMb - right.price.DZD / right.dataMb ||
      right.dataMb - left.dataMb ||
      left.validityDays - right.validityDays,
  );
  return best?.id ?? null;
}

export interface RegionalSuggestion {
  region: CachedDestination;
  regionPlan: Plan;
  /** The cheapest other covered country with a plan of the same data and days, and that plan. */
  otherCountry: CachedDestination;
  /** This country's plan plus the other country's, in DZD minor units and in USD minor units. */
  twoCountriesPrice: { DZD: number; USD: number };
  savingDzdMinor: number;
}

function cheapestMatching(plans: readonly Plan[], like: Plan & { dataMb: number }): Plan | undefined {
  let cheapest: Plan | undefined;
  for (const plan of plans) {
    if (!hasFixedData(plan) || plan.dataMb !== like.dataMb || plan.validityDays !== like.validityDays) continue;
    if (!cheapest || plan.price.DZD < cheapest.price.DZD) cheapest = plan;
  }
  return cheapest;
}

const suggestions = new WeakMap<CatalogSnapshot, Map<string, RegionalSuggestion | null>>();

/**
 * For a country: a regional plan covering it that costs less than two country plans for a two-country trip.
 * For each region (or the global zone) covering the country and each of its fixed-data plans, the same data and
 * days bought twice as country plans (this country's cheapest, plus the cheapest among the region's other
 * countries) must cost more in DZD than the regional plan. Of those that pass, the cheapest regional plan is
 * shown (the entry price of the multi-country trip), then the larger saving. Null when none passes, and for
 * regions themselves.
 */
export function suggestRegionalPlan(snapshot: CatalogSnapshot, country: CachedDestination): RegionalSuggestion | null {
  if (country.summary.type !== "country") return null;
  let bySnapshot = suggestions.get(snapshot);
  if (!bySnapshot) {
    bySnapshot = new Map();
    suggestions.set(snapshot, bySnapshot);
  }
  const known = bySnapshot.get(country.summary.code);
  if (known !== undefined) return known;

  let best: RegionalSuggestion | null = null;
  for (const region of snapshot.destinations) {
    if (region.summary.type === "country" || !region.summary.memberCountries.includes(country.summary.code)) continue;
    for (const regionPlan of region.plans) {
      if (!hasFixedData(regionPlan)) continue;
      const ownPlan = cheapestMatching(country.plans, regionPlan);
      if (!ownPlan) continue;
      let other: { destination: CachedDestination; plan: Plan } | undefined;
      for (const memberCode of region.summary.memberCountries) {
        if (memberCode === country.summary.code) continue;
        const member = snapshot.byCode.get(memberCode.toLowerCase());
        const plan = member && cheapestMatching(member.plans, regionPlan);
        if (member && plan && (!other || plan.price.DZD < other.plan.price.DZD)) other = { destination: member, plan };
      }
      if (!other) continue;
      const twoCountriesPrice = {
        DZD: ownPlan.price.DZD + other.plan.price.DZD,
        USD: ownPlan.price.USD + other.plan.price.USD,
      };
      const savingDzdMinor = twoCountriesPrice.DZD - regionPlan.price.DZD;
      if (savingDzdMinor <= 0) continue;
      if (
        !best ||
        regionPlan.price.DZD < best.regionPlan.price.DZD ||
        (regionPlan.price.DZD === best.regionPlan.price.DZD && savingDzdMinor > best.savingDzdMinor)
      ) {
        best = { region, regionPlan, otherCountry: other.destination, twoCountriesPrice, savingDzdMinor };
      }
    }
  }
  bySnapshot.set(country.summary.code, best);
  return best;
}

/** "High speed up to 2 GB/day, then 512 kbps" → the two speeds; null when the wording is unknown. */
export function parseFairUse(
  policy: string | null,
): { highSpeedMb: number; slowSpeed: { value: number; unit: "kbps" | "Mbps" } } | null {
  if (!policy) return null;
  const match = /(\d+(?:\.\d+)?)\s*(GB|MB)\s*\/\s*day.*?(\d+(?:\.\d+)?)\s*(kbps|mbps)/i.exec(policy);
  if (!match) return null;
  const amount = Number(match[1]);
  const highSpeedMb = match[2]?.toUpperCase() === "GB" ? amount * 1024 : amount;
  const unit = match[4]?.toLowerCase() === "kbps" ? "kbps" : "Mbps";
  return { highSpeedMb, slowSpeed: { value: Number(match[3]), unit } };
}
