import type { Plan } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { LabelWithContext } from "../../../components/ui/label-with-context.tsx";
import { PlanPrice } from "../../../components/ui/plan-price.tsx";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { PlanBadges } from "./plan-badges.tsx";

/** Where "Choose this plan" goes: the cart, with the plan and its destination in the address. */
export function cartHref(planId: string, destinationCode: string): string {
  return `/cart?${new URLSearchParams({ plan: planId, destination: destinationCode })}`;
}

/** One plan in the list: data, validity, price, badges, and the ways on (details, choose). */
export function PlanCard({
  plan,
  destinationCode,
  currency,
  onShowDetails,
}: {
  plan: Plan;
  destinationCode: string;
  currency: Currency;
  onShowDetails: (plan: Plan) => void;
}) {
  const t = useT();
  const { data, validity, advice } = usePlanText();
  const title = t("plan.title", { data: data(plan), validity: validity(plan.validityDays) });
  return (
    <article aria-label={title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="text-lg font-bold text-slate-900">{data(plan)}</h3>
          <p className="text-sm text-slate-600">{validity(plan.validityDays)}</p>
        </div>
        <div className="text-end">
          <PlanPrice plan={plan} currency={currency} />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{advice(plan).sentence}</p>
      {plan.isUnlimited ? <p className="mt-2 text-sm text-slate-600">{t("plan.fairUseShort")}</p> : null}
      <div className="mt-3">
        <PlanBadges plan={plan} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3 *:flex-auto *:whitespace-nowrap">
        <Button variant="secondary" onClick={() => onShowDetails(plan)}>
          <LabelWithContext label={t("plan.details")} context={title} />
        </Button>
        <Link to={cartHref(plan.id, destinationCode)} className={buttonClasses("primary")}>
          <LabelWithContext label={t("plan.choose")} context={title} />
        </Link>
      </div>
    </article>
  );
}
