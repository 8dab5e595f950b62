import type { DestinationSummary, Plan } from "@esim/shared/catalog/contracts";
import { DestinationFlag } from "../../../components/flags/destination-flag.tsx";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";

/**
 * The plan in the cart: destination flag and name, data and validity, when its days start and when to install; a
 * top-up says it adds to the eSIM.
 */
export function OrderLine({
  plan,
  destination,
  isTopUp = false,
}: {
  plan: Plan;
  destination: DestinationSummary;
  isTopUp?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const { data, validity, advice } = usePlanText();
  return (
    <div className="flex items-center gap-4">
      <DestinationFlag destination={destination} size="lg" />
      <div className="min-w-0">
        <p className="text-lg font-semibold text-slate-900">{destination.names[language]}</p>
        <p className="text-slate-700">{t("plan.title", { data: data(plan), validity: validity(plan.validityDays) })}</p>
        {/* A top-up adds to an eSIM already installed: when to install is the first plan's matter. */}
        {isTopUp ? (
          <p className="text-sm text-slate-600">{t("cart.topUpLine")}</p>
        ) : (
          <p className="text-sm text-slate-700">{advice(plan).sentence}</p>
        )}
      </div>
    </div>
  );
}
