import type { Currency } from "../locale.ts";
import { roundToWholeUnits } from "../money.ts";
import type { DestinationSummary, Plan } from "./contracts.ts";

/**
 * How plans compare, the same on the public pages and in the signed-in app (decision 070): the price per GB, the
 * "best value" mark, the fair-use allowance read from the upstream's wording, and the regional plan that costs less
 * than two country plans.
 */

const MB_PER_GB = 1024;

/** A plan whose data is a total amount (not daily, not unlimited): the only kind a price per GB means anything for. */
export function hasFixedData(plan: Plan): plan is Plan & { dataMb: number } {
  return !plan.isUnlimited && plan.dataType === 1 && plan.dataMb !== null && plan.dataMb > 0;
}

/** A plan's price per GB in the shown currency (whole dinars, cents of a dollar); null without fixed data. */
export function pricePerGbMinor(plan: Plan, currency: Currency): number | null {
  if (!hasFixedData(plan)) return null;
  const perGb = Math.round((plan.price[currency] * MB_PER_GB) / plan.dataMb);
  return currency === "DZD" ? roundToWholeUnits(perGb) : perGb;
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

export interface FairUse {
  highSpeedMb: number;
  slowSpeed: { value: number; unit: "kbps" | "Mbps" };
}

/** "High speed up to 2 GB/day, then 512 kbps" → the two speeds; null when the wording is unknown. */
export function parseFairUse(policy: string | null): FairUse | null {
  if (!policy) return null;
  const match = /(\d+(?:\.\d+)?)\s*(GB|MB)\s*\/\s*day.*?(\d+(?:\.\d+)?)\s*(kbps|mbps)/i.exec(policy);
  if (!match) return null;
  const amount = Number(match[1]);
  const highSpeedMb = match[2]?.toUpperCase() === "GB" ? amount * MB_PER_GB : amount;
  const unit = match[4]?.toLowerCase() === "kbps" ? "kbps" : "Mbps";
  return { highSpeedMb, slowSpeed: { value: Number(match[3]), unit } };
}

/** What the comparison needs of a destination: its kind, members and plans. */
export interface PricedDestination {
  summary: Pick<DestinationSummary, "code" | "type" | "memberCountries">;
  plans: readonly Plan[];
}

export interface RegionalSuggestion<D extends PricedDestination = PricedDestination> {
  region: D;
  regionPlan: Plan;
  /** The cheapest other covered country with a plan of the same data and days. */
  otherCountry: D;
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

/**
 * For a country: a regional plan covering it that costs less than two country plans for a two-country trip.
 * For each region (or the global zone) covering the country and each of its fixed-data plans, the same data and
 * days bought twice as country plans (this country's cheapest, plus the cheapest among the region's other
 * countries) must cost more in DZD than the regional plan. Of those that pass, the cheapest regional plan is
 * shown (the entry price of the multi-country trip), then the larger saving. Null when none passes, and for
 * regions themselves.
 */
export function suggestRegionalPlan<D extends PricedDestination>(
  catalogue: { destinations: readonly D[]; byCode: (code: string) => D | undefined },
  country: D,
): RegionalSuggestion<D> | null {
  if (country.summary.type !== "country") return null;
  let best: RegionalSuggestion<D> | null = null;
  for (const region of catalogue.destinations) {
    if (region.summary.type === "country" || !region.summary.memberCountries.includes(country.summary.code)) continue;
    for (const regionPlan of region.plans) {
      if (!hasFixedData(regionPlan)) continue;
      const ownPlan = cheapestMatching(country.plans, regionPlan);
      if (!ownPlan) continue;
      let other: { destination: D; plan: Plan } | undefined;
      for (const memberCode of region.summary.memberCountries) {
        if (memberCode === country.summary.code) continue;
        const member = catalogue.byCode(memberCode);
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
  return best;
}
