import { formatMoney } from "@esim/shared/money";
import { Alert } from "../../../components/ui/alert.tsx";
import { isolate, useT } from "../../../lib/i18n.ts";

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
