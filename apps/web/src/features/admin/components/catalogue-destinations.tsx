import type { CatalogueDestinationView } from "@esim/shared/admin/prices-contract";
import { planTitle } from "@esim/shared/catalog/plan-name";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import {
  catalogueDestinationPlansQuery,
  catalogueDestinationsQuery,
  useUpdateDestination,
  useUpdatePlan,
} from "../api/prices.ts";
import { consoleFormatters } from "../format.ts";

/** Case- and accent-blind, for the filter box. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

/** A destination's plans with a hide / show switch each. */
function DestinationPlans({ code }: { code: string }) {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const plans = useQuery(catalogueDestinationPlansQuery(code));
  const update = useUpdatePlan(code);

  if (plans.error) return <Alert>{t(errorMessageId(plans.error))}</Alert>;
  if (!plans.data) return <p className="text-slate-600">{t("common.loading")}</p>;
  return (
    <ul className="mt-3 space-y-2">
      {plans.data.plans.map((plan) => (
        <li
          key={plan.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
        >
          <span className={plan.isHidden ? "text-slate-500 line-through" : "text-slate-900"}>
            {planTitle(plan, language)}
            {plan.isTopUp ? ` · ${t("admin.prices.topUp")}` : ""} ·{" "}
            <bdi dir="ltr">{format.dzd(plan.retailDzdMinor)}</bdi>
          </span>
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            isLoading={update.isPending && update.variables?.id === plan.id}
            onClick={() => update.mutate({ id: plan.id, isHidden: !plan.isHidden })}
          >
            {plan.isHidden ? t("admin.catalogue.show") : t("admin.catalogue.hide")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function DestinationCard({ destination }: { destination: CatalogueDestinationView }) {
  const t = useT();
  const language = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const update = useUpdateDestination();
  const name = destination.names[language];

  return (
    <li className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className={`font-semibold ${destination.isHidden ? "text-slate-500" : "text-slate-900"}`}>
            {name}{" "}
            <bdi dir="ltr" className="font-mono text-sm text-slate-600">
              {destination.code}
            </bdi>
          </p>
          <p className="text-sm text-slate-600">
            {t("admin.catalogue.planCount", { count: destination.planCount, countText: String(destination.planCount) })}
            {destination.hiddenPlanCount > 0
              ? ` · ${t("admin.catalogue.hiddenPlanCount", { countText: String(destination.hiddenPlanCount) })}`
              : ""}
            {destination.isHidden ? ` · ${t("admin.catalogue.hidden")}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5"
              checked={destination.isPopular}
              onChange={(event) => update.mutate({ code: destination.code, isPopular: event.target.checked })}
            />
            {t("admin.catalogue.popular")}
          </label>
          <Button
            variant={destination.isHidden ? "primary" : "secondary"}
            className="min-h-11 px-3 text-sm"
            isLoading={update.isPending && update.variables?.isHidden !== undefined}
            onClick={() => update.mutate({ code: destination.code, isHidden: !destination.isHidden })}
          >
            {destination.isHidden ? t("admin.catalogue.show") : t("admin.catalogue.hide")}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11 px-3 text-sm"
            aria-expanded={isOpen}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? t("admin.catalogue.closePlans") : t("admin.catalogue.openPlans")}
          </Button>
        </div>
      </div>
      {update.error ? <Alert>{t(errorMessageId(update.error))}</Alert> : null}
      {isOpen ? <DestinationPlans code={destination.code} /> : null}
    </li>
  );
}

/** Every destination the upstream lists: hide or show it or one of its plans, mark it popular. */
export function CatalogueDestinations() {
  const t = useT();
  const [filter, setFilter] = useState("");
  const destinations = useQuery(catalogueDestinationsQuery());
  const wanted = fold(filter.trim());
  const shown = (destinations.data ?? []).filter(
    (destination) =>
      wanted === "" ||
      [destination.code, destination.names.fr, destination.names.en, destination.names.ar].some((text) =>
        fold(text).includes(wanted),
      ),
  );

  return (
    <section aria-labelledby="catalogue-destinations-title" className="space-y-3">
      <h2 id="catalogue-destinations-title" className="text-lg font-bold text-slate-900">
        {t("admin.catalogue.destinationsTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("admin.catalogue.destinationsHint")}</p>
      <TextField
        label={t("admin.catalogue.filter")}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {destinations.error ? <Alert>{t(errorMessageId(destinations.error))}</Alert> : null}
      {destinations.isPending ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      <ul className="space-y-2">
        {shown.map((destination) => (
          <DestinationCard key={destination.code} destination={destination} />
        ))}
      </ul>
    </section>
  );
}
