import type { Plan } from "@esim/shared/catalog/contracts";
import { PLAN_MAX_DAYS, PLAN_MIN_DAYS } from "@esim/shared/catalog/contracts";
import { pickBestValue } from "@esim/shared/catalog/plan-value";
import { cartHref, DurationFilter, PlanCard, RegionalSuggestion } from "@esim/ui/catalog";
import { LabelWithContext } from "@esim/ui/components";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useDestinationPlans } from "../features/catalog/api/list-destination-plans.ts";
import { DestinationHeader } from "../features/catalog/components/destination-header.tsx";
import { PlanDetailsDialog } from "../features/catalog/components/plan-details-dialog.tsx";
import { PayForMeSection } from "../features/pay-links/components/pay-for-me-section.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { useLanguage, useT } from "../lib/i18n.ts";
import { usePlanText } from "../lib/plan-text.ts";
import { useDisplayCurrency } from "./hooks/use-display-currency.ts";

/** `?days=` when it is a duration plans can have (1–90), else no filter. */
function readDays(value: string | null): number | undefined {
  const days = Number(value);
  return value && Number.isInteger(days) && days >= PLAN_MIN_DAYS && days <= PLAN_MAX_DAYS ? days : undefined;
}

/** /packages/:code: the destination, a duration filter kept in the address, the plans and their details. */
export function PackagesRoute() {
  const t = useT();
  const { isAuthenticated } = useSession();
  const language = useLanguage();
  const { code = "" } = useParams();
  const [params] = useSearchParams();
  const days = readDays(params.get("days"));
  const currency = useDisplayCurrency();
  const plans = useDestinationPlans(code, days);
  const [detailsPlan, setDetailsPlan] = useState<Plan | null>(null);
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const { title } = usePlanText();
  const data = plans.data;
  const bestValueId = data ? pickBestValue(data.plans) : null;
  const destinationCode = data?.destination.code ?? code;

  /** This list lasting `next` days (all with null), the other parameters kept. */
  const daysHref = (next: number | null) => {
    const nextParams = new URLSearchParams(params);
    if (next === null) nextParams.delete("days");
    else nextParams.set("days", String(next));
    const search = nextParams.toString();
    return `/packages/${encodeURIComponent(code)}${search ? `?${search}` : ""}`;
  };

  return (
    <Page title={data ? data.destination.names[language] : t("screen.packages")} hasBack backTo="/home">
      {plans.isPending ? (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      ) : !data ? (
        <Alert>{t(errorMessageId(plans.error))}</Alert>
      ) : (
        <div className="space-y-6">
          <DestinationHeader destination={data.destination} />
          <DurationFilter availableDays={data.availableDays} selectedDays={days ?? null} hrefOf={daysHref} />
          {data.regionalSuggestion ? (
            <RegionalSuggestion
              currency={currency}
              suggestion={{
                regionName: data.regionalSuggestion.region.names[language],
                regionHref: `/packages/${encodeURIComponent(data.regionalSuggestion.region.code)}`,
                regionPlan: data.regionalSuggestion.regionPlan,
                otherCountryName: data.regionalSuggestion.otherCountry.names[language],
                twoCountriesPrice: data.regionalSuggestion.twoCountriesPrice,
              }}
            />
          ) : null}
          <section aria-labelledby="plans-heading" aria-busy={plans.isFetching || undefined}>
            <h2 id="plans-heading" className="sr-only">
              {t("catalog.plansHeading")}
            </h2>
            {data.plans.length === 0 ? (
              <Alert tone="info">{t("catalog.noPlans")}</Alert>
            ) : (
              <ul className="grid gap-4">
                {data.plans.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      currency={currency}
                      isBestValue={plan.id === bestValueId}
                      cartHref={cartHref({ planId: plan.id, destinationCode })}
                      actions={
                        <Button
                          variant="secondary"
                          onClick={() => {
                            setDetailsPlan(plan);
                            setIsDetailsOpen(true);
                          }}
                        >
                          <LabelWithContext label={t("plan.details")} context={title(plan)} />
                        </Button>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
            {bestValueId ? <p className="mt-3 text-sm text-slate-600">{t("plan.bestValueRule")}</p> : null}
          </section>
          {isAuthenticated ? <PayForMeSection plans={data.plans} /> : null}
        </div>
      )}
      <PlanDetailsDialog
        plan={detailsPlan}
        destinationCode={destinationCode}
        currency={currency}
        open={isDetailsOpen}
        onOpenChange={setIsDetailsOpen}
      />
    </Page>
  );
}
