import type { Quote } from "@esim/shared/checkout/contracts";
import { formatMoney } from "@esim/shared/money";
import { Alert } from "../../../components/ui/alert.tsx";
import { isolate, useT } from "../../../lib/i18n.ts";

/**
 * Whether the charge is above 0 but under the gateway's smallest charge: the gateway would refuse it
 * (PAYMENT_AMOUNT_TOO_LOW), so the cart cannot go on. A charge of 0 needs no gateway.
 */
export function isBelowMinimumCharge(quote: Pick<Quote, "chargeDzdMinor" | "minimumChargeDzdMinor">): boolean {
  return quote.chargeDzdMinor > 0 && quote.chargeDzdMinor < quote.minimumChargeDzdMinor;
}

/** Says the gateway's minimum payment, in DA, and how to reach it (a top-up has no quantity to raise). */
export function MinimumChargeAlert({
  minimumChargeDzdMinor,
  isTopUp,
}: {
  minimumChargeDzdMinor: number;
  isTopUp: boolean;
}) {
  const t = useT();
  const amount = isolate(formatMoney(minimumChargeDzdMinor, "DZD"));
  return <Alert>{t(isTopUp ? "cart.belowMinimumTopUp" : "cart.belowMinimum", { amount })}</Alert>;
}
