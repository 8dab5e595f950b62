import { isolate } from "@esim/shared/bidi";
import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import type { HTMLAttributes } from "react";

/**
 * An amount ("1,490 DA", "$12.5") isolated with `<bdi>`, so Arabic text never reorders it to "DA 1,490". A
 * deduction keeps its minus sign inside the isolate ("−500 DA" in every language). `isEstimate` marks a converted
 * amount ("≈ $12.5"): only dinars are charged.
 */
export function Money({
  amountMinor,
  currency,
  isDeduction = false,
  isEstimate = false,
  className,
  ...rest
}: {
  amountMinor: number;
  currency: Currency;
  isDeduction?: boolean;
  isEstimate?: boolean;
  className?: string;
} & Omit<HTMLAttributes<HTMLElement>, "className" | "children">) {
  return (
    <bdi className={`whitespace-nowrap ${className ?? ""}`} {...rest}>
      {isEstimate ? "≈ " : ""}
      {isDeduction ? "\u2212" : ""}
      {formatMoney(amountMinor, currency)}
    </bdi>
  );
}

/** A price as shown in a display currency: dinars as they are, dollars as an estimate of the dinars charged. */
export function ShownPrice({
  amount,
  currency,
  className,
  ...rest
}: { amount: { DZD: number; USD: number }; currency: Currency; className?: string } & Omit<
  HTMLAttributes<HTMLElement>,
  "className" | "children"
>) {
  return (
    <Money
      amountMinor={amount[currency]}
      currency={currency}
      isEstimate={currency === "USD"}
      className={className}
      {...rest}
    />
  );
}

/** `ShownPrice` as text for a sentence: isolated, so an Arabic sentence keeps "1,490 DA" in order. */
export function shownPriceText(amount: { DZD: number; USD: number }, currency: Currency): string {
  return isolate(`${currency === "USD" ? "≈ " : ""}${formatMoney(amount[currency], currency)}`);
}
