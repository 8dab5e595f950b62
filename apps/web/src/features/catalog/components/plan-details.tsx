import type { Plan } from "@esim/shared/catalog/contracts";
import { networksByCountry } from "@esim/shared/catalog/networks";
import type { Currency } from "@esim/shared/locale";
import { PlanBadges, PlanPrice } from "@esim/ui/catalog";
import { sortedCountryNames } from "../../../lib/countries.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { usePlanText } from "../../../lib/plan-text.ts";

/** Everything about one plan: data, validity, price, notes, coverage and networks. */
export function PlanDetails({ plan, currency }: { plan: Plan; currency: Currency }) {
  const t = useT();
  const language = useLanguage();
  const { data, validity, advice } = usePlanText();
  const row = "flex items-baseline justify-between gap-4 py-2";
  return (
    <div className="space-y-5 text-slate-800">
      <dl className="divide-y divide-slate-100">
        <div className={row}>
          <dt className="text-slate-600">{t("plan.data")}</dt>
          <dd className="font-semibold">{data(plan)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{t("plan.validityLabel")}</dt>
          <dd className="font-semibold">{validity(plan.validityDays)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{t("plan.validityStartLabel")}</dt>
          <dd className="text-end font-semibold">{advice(plan).starts}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">{t("plan.price")}</dt>
          <dd>
            <PlanPrice plan={plan} currency={currency} />
          </dd>
        </div>
      </dl>
      <PlanBadges plan={plan} />
      <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
        <li>{advice(plan).sentence}</li>
        <li>{t("plan.dataOnlyNote")}</li>
        {plan.isUnlimited || plan.fairUsePolicy ? (
          <li>
            {t("plan.fairUse")}
            {plan.fairUsePolicy ? (
              <>
                {" "}
                <bdi>({plan.fairUsePolicy})</bdi>
              </>
            ) : null}
          </li>
        ) : null}
        <li>{plan.isHotspotAllowed ? t("plan.hotspotNote") : t("plan.hotspotNotAllowedNote")}</li>
        <li>{plan.supportsTopUp ? t("plan.topUpNote") : t("plan.noTopUpNote")}</li>
      </ul>
      <section>
        <h3 className="mb-2 font-semibold text-slate-900">{t("plan.coverage")}</h3>
        <p className="text-sm text-slate-700">
          {sortedCountryNames(plan.coverage, language).join(t("common.listSeparator"))}
        </p>
      </section>
      {plan.networks.length > 0 ? (
        <section>
          <h3 className="mb-2 font-semibold text-slate-900">{t("plan.networks")}</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {networksByCountry(plan.networks, language).flatMap((country) =>
              country.networks.map((network) => (
                <li
                  key={`${country.country}-${network.operator}-${network.networkType}`}
                  className="flex justify-between gap-3 py-2"
                >
                  <span className="text-slate-600">{country.name}</span>
                  <span className="text-end">
                    <bdi className="font-medium">{network.operator}</bdi> · <bdi>{network.networkType}</bdi>
                  </span>
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
