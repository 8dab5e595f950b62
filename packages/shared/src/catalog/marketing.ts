import { formatNumber } from "../format.ts";

// How the shop states its size (decision: a round figure never above the truth, then "+"): every screen and page
// that shows how many destinations there are says it this one way, so the figures never disagree.

const EXACT_BELOW = 20;

/** A count rounded down to a figure people read at a glance: exact under 20, tens under 1,000, hundreds above. */
export function roundCountDown(count: number): number {
  if (count < EXACT_BELOW) return Math.max(0, Math.floor(count));
  const step = count < 1000 ? 10 : 100;
  return Math.floor(count / step) * step;
}

/** 209 → "200+", 172 → "170+", 1,234 → "1,200+", 7 → "7": the rounded count, "+" when it may be more. */
export function formatRoundedCount(count: number): string {
  const rounded = roundCountDown(count);
  return count < EXACT_BELOW ? formatNumber(rounded) : `${formatNumber(rounded)}+`;
}
