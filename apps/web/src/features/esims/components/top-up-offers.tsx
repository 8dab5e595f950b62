import type { Currency } from "@esim/shared/locale";
import { PlanPrice } from "@esim/ui/catalog";
import { LabelWithContext } from "@esim/ui/components";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { buttonClasses } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";
import { topUpCartHref } from "../../../lib/top-up-cart-href.ts";
import { useEsimTopUps } from "../api/esims.ts";

/** "Top up this eSIM": the plans it takes, each leading to the same checkout as a first purchase. */
export function TopUpOffers({
  esimId,
  destinationCode,
  currency,
}: {
  esimId: string;
  destinationCode: string;
  currency: Currency;
}) {
  const t = useT();
  const { data: planData, validity } = usePlanText();
  const offers = useEsimTopUps(esimId);
  return (
    <Card>
      <section aria-labelledby="top-up-title">
        <h2 id="top-up-title" className="text-lg font-semibold text-slate-900">
          {t("topUp.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("topUp.intro")}</p>
        {offers.isPending ? (
          <div className="grid place-items-center py-6 text-brand-700">
            <Spinner label={t("common.loading")} />
          </div>
        ) : !offers.data ? (
          <div className="mt-3">
            <Alert>{t(errorMessageId(offers.error))}</Alert>
          </div>
        ) : offers.data.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("topUp.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {offers.data.map((plan) => {
              const title = t("plan.title", { data: planData(plan), validity: validity(plan.validityDays) });
              return (
                <li
                  key={plan.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3 [&>a]:whitespace-nowrap"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{title}</p>
                    <PlanPrice plan={plan} currency={currency} />
                  </div>
                  <Link
                    to={topUpCartHref({ planId: plan.id, destinationCode, esimId })}
                    className={buttonClasses("primary")}
                  >
                    <LabelWithContext label={t("plan.choose")} context={title} />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
