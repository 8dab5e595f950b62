import { toMinor } from "@esim/shared/money";
/**
 * Retail prices from upstream cost: pure functions, integer arithmetic only (no float ever touches money).
 *
 * The rule:
 * - exact retail = cost × (1 + markup); DZD additionally × the stored DZD-per-USD rate;
 * - DZD is rounded UP to a shelf price, always whole dinars (charges are whole dinars):
 *     under 100 DA          → the next whole dinar            (63.18 → 64)
 *     100 DA to 990 DA      → the next ten                    (982.80 → 990, 417 → 420)
 *     above 990 DA          → the next price ending in 90     (1 404 → 1 490, 2 901 → 2 990)
 *   so the rounding never adds more than 9 DA below 1 000 DA, and never more than 99 DA (under 10 %) above;
 * - USD (display only) is rounded UP the same way in cents:
 *     under $10             → the next price ending in 9 cents ($0.53 → $0.59, $4.51 → $4.59)
 *     from $10              → the next .49 or .99             ($12.03 → $12.49, $12.50 → $12.99)
 * - compare-at ("was") price: the upstream's suggested retail, shown only when it is at least 10 % above our
 *   USD retail; its USD is rounded as above and its DZD is that rounded USD converted at the rate and rounded
 *   as above (so re-pricing after a rate change needs only the stored compare-at USD). Null otherwise.
 */

/** What the operator sets (`price_settings`), in integer units. */
export interface PricingSettings {
  /** DZD per USD × 10 000 (the column is numeric(12, 4)). */
  dzdPerUsdE4: number;
  /** Markup on cost in basis points (3000 = 30 %). */
  markupBps: number;
}

export interface RetailPrices {
  retailDzdMinor: number;
  retailUsdMinor: number;
  compareAtDzdMinor: number | null;
  compareAtUsdMinor: number | null;
}

/** The row `price_settings` gets on the first sync when the operator has set nothing. */
export const DEFAULT_PRICE_SETTINGS = { dzdPerUsd: "135", markupBps: 3000, serviceFeeDzdMinor: 0 } as const;

/** A compare-at price must be at least this much above retail (in basis points) to be shown. */
export const COMPARE_AT_MIN_ABOVE_BPS = 1000;

const BPS = 10_000n;
const E4 = 10_000n;

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Rounds whole dinars up to the next shelf price (see the rule at the top of this file). */
export function roundDinarsUp(dinars: number): number {
  if (dinars < 100) return Math.max(0, Math.ceil(dinars));
  const whole = Math.ceil(dinars);
  if (whole <= 990) return Math.ceil(whole / 10) * 10;
  return Math.ceil((whole - 90) / 100) * 100 + 90;
}

/** Rounds cents up to the next shelf price in USD (see the rule at the top of this file). */
export function roundCentsUp(cents: number): number {
  const whole = Math.max(0, Math.ceil(cents));
  if (whole < 1000) return Math.ceil((whole - 9) / 10) * 10 + 9;
  return Math.ceil((whole - 49) / 50) * 50 + 49;
}

/** Parses a DZD-per-USD rate written in decimal ("135", "135.5", "135.0000") into × 10 000 units, or null. */
export function parseDzdPerUsdE4(text: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  return value > 0 ? value : null;
}

/** Writes a × 10 000 rate back as the decimal text PostgreSQL's numeric column takes ("135.5"). */
export function formatDzdPerUsd(dzdPerUsdE4: number): string {
  const whole = Math.floor(dzdPerUsdE4 / 10_000);
  const fraction = String(dzdPerUsdE4 % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Converts cents to whole dinars at the rate, rounded up to a shelf price; answers DZD minor units. */
function dzdMinorFromUsdCents(usdCents: number, dzdPerUsdE4: number): number {
  // cents / 100 × rateE4 / 10 000 = dinars
  const dinars = ceilDiv(BigInt(usdCents) * BigInt(dzdPerUsdE4), 100n * E4);
  return toMinor(roundDinarsUp(Number(dinars)));
}

/**
 * Retail prices of one package from its wholesale cost (USD × 10 000), the settings and, when the upstream
 * gives one, its suggested retail price. Deterministic; DZD results are whole dinars (divisible by 100).
 */
export function computeRetailPrices(input: {
  costUsdE4: number;
  suggestedRetailUsdE4?: number | null;
  settings: PricingSettings;
}): RetailPrices {
  const { costUsdE4, settings } = input;
  if (!Number.isSafeInteger(costUsdE4) || costUsdE4 <= 0) throw new RangeError(`invalid cost ${costUsdE4}`);
  const markedUp = BigInt(costUsdE4) * (BPS + BigInt(settings.markupBps));
  // costE4 × (1 + bps/1e4) × rateE4 / 1e4 → dinars: divide by 1e4 (cost) × 1e4 (bps) × 1e4 (rate).
  const exactDinars = ceilDiv(markedUp * BigInt(settings.dzdPerUsdE4), E4 * BPS * E4);
  const retailDzdMinor = toMinor(roundDinarsUp(Number(exactDinars)));
  // costE4 × (1 + bps/1e4) → cents: divide by 1e4 (bps) and by 100 (E4 → cents).
  const retailUsdMinor = roundCentsUp(Number(ceilDiv(markedUp, BPS * 100n)));

  const compareAt = compareAtPrices(input.suggestedRetailUsdE4 ?? null, retailUsdMinor, settings.dzdPerUsdE4);
  const isAboveRetail = compareAt !== null && compareAt.dzdMinor > retailDzdMinor;
  return {
    retailDzdMinor,
    retailUsdMinor,
    compareAtDzdMinor: isAboveRetail ? compareAt.dzdMinor : null,
    compareAtUsdMinor: isAboveRetail ? compareAt.usdMinor : null,
  };
}

function compareAtPrices(suggestedRetailUsdE4: number | null, retailUsdMinor: number, dzdPerUsdE4: number) {
  if (suggestedRetailUsdE4 === null || !Number.isSafeInteger(suggestedRetailUsdE4)) return null;
  // suggested ≥ retail × 1.1, with retail in cents (× 100 to E4) and the 10 % in basis points.
  const threshold = BigInt(retailUsdMinor) * 100n * (BPS + BigInt(COMPARE_AT_MIN_ABOVE_BPS));
  if (BigInt(suggestedRetailUsdE4) * BPS < threshold) return null;
  const usdMinor = roundCentsUp(Number(ceilDiv(BigInt(suggestedRetailUsdE4), 100n)));
  return { usdMinor, dzdMinor: dzdMinorFromUsdCents(usdMinor, dzdPerUsdE4) };
}

/**
 * Re-prices a stored package after a rate change: retail from its cost, compare-at DZD from its stored
 * compare-at USD (which does not depend on the rate). Same results as a sync at that rate.
 */
export function repriceStoredPackage(input: {
  costUsdE4: number;
  compareAtUsdMinor: number | null;
  settings: PricingSettings;
}): RetailPrices {
  const retail = computeRetailPrices({ costUsdE4: input.costUsdE4, settings: input.settings });
  if (input.compareAtUsdMinor === null) return retail;
  const compareAtDzdMinor = dzdMinorFromUsdCents(input.compareAtUsdMinor, input.settings.dzdPerUsdE4);
  const isAboveRetail = compareAtDzdMinor > retail.retailDzdMinor;
  return {
    ...retail,
    compareAtDzdMinor: isAboveRetail ? compareAtDzdMinor : null,
    compareAtUsdMinor: isAboveRetail ? input.compareAtUsdMinor : null,
  };
}
