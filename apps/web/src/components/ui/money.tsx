import type { Currency } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";

/**
 * An amount ("1,490 DA", "$12.5") isolated with `<bdi>`, so Arabic text never reorders it to "DA 1,490". A
 * deduction keeps its minus sign inside the isolate ("−500 DA" in every language).
 */
export function Money({
  amountMinor,
  currency,
  isDeduction = false,
  className,
}: {
  amountMinor: number;
  currency: Currency;
  isDeduction?: boolean;
  className?: string;
}) {
  return (
    <bdi className={`whitespace-nowrap ${className ?? ""}`}>
      {isDeduction ? "\u2212" : ""}
      {formatMoney(amountMinor, currency)}
    </bdi>
  );
}
