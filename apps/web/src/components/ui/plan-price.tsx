import type { Plan } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { useT } from "../../lib/i18n.ts";
import { Money } from "./money.tsx";

/** The price in the chosen currency, and the struck-through compare-at price when the plan is discounted. */
export function PlanPrice({ plan, currency }: { plan: Pick<Plan, "price" | "compareAtPrice">; currency: Currency }) {
  const t = useT();
  const compareAt = plan.compareAtPrice?.[currency];
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">{t("plan.price")}</span>
      <Money amountMinor={plan.price[currency]} currency={currency} className="text-2xl font-bold text-slate-900" />
      {compareAt !== undefined && compareAt > plan.price[currency] ? (
        <>
          <span className="sr-only">{t("plan.compareAt")}</span>
          <s className="text-sm text-slate-500">
            <Money amountMinor={compareAt} currency={currency} />
          </s>
        </>
      ) : null}
    </p>
  );
}
