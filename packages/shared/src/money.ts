import { formatNumber } from "./format.ts";
import type { Currency } from "./locale.ts";

// Money is an integer of minor units with its currency (never a float): DZD and USD both have ISO 4217 exponent 2.
// Every conversion between minor units and the amount a person reads or a gateway takes goes through here.

/** Minor units in one dinar or one dollar. */
export const MINOR_PER_MAJOR = 100;

/** 12.5 → 1250. Rounds to the nearest minor unit (amounts typed by an operator, whole dinars of a gateway). */
export function toMinor(amountMajor: number): number {
  return Math.round(amountMajor * MINOR_PER_MAJOR);
}

/** 1250 → 12.5. */
export function toMajor(amountMinor: number): number {
  return amountMinor / MINOR_PER_MAJOR;
}

/** Down to whole dinars or dollars: 149.99 DA → 149 DA (in minor units). */
export function floorToWholeUnits(amountMinor: number): number {
  return Math.floor(amountMinor / MINOR_PER_MAJOR) * MINOR_PER_MAJOR;
}

/** To the nearest whole dinar or dollar (in minor units). */
export function roundToWholeUnits(amountMinor: number): number {
  return Math.round(amountMinor / MINOR_PER_MAJOR) * MINOR_PER_MAJOR;
}

/** 640000 DZD → "6,400 DA"; 1250 USD → "$12.5". The currency signs are DA and $. */
export function formatMoney(amountMinor: number, currency: Currency): string {
  const amount = formatNumber(toMajor(amountMinor));
  return currency === "DZD" ? `${amount} DA` : `$${amount}`;
}
