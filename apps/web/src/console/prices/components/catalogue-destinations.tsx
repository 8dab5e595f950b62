import { planTitle } from "@esim/shared/catalog/plan-name";
import {
  type CatalogueDestinationView,
  type CataloguePlanView,
  MAX_PLAN_TITLE_LENGTH,
} from "@esim/shared/console/prices-contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import {
  catalogueDestinationPlansQuery,
  catalogueDestinationsQuery,
  useUpdateDestination,
  useUpdatePlan,
} from "../api/prices.ts";

/** Case- and accent-blind, for the filter box. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase();
}

/** One plan: hide or show it, and give it French and Arabic titles of our own. */
function PlanRow({ plan, destinationCode }: { plan: CataloguePlanView; destinationCode: string }) {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const update = useUpdatePlan(destinationCode);
  const [isRenaming, setIsRenaming] = useState(false);
  const [titles, setTitles] = useState({ fr: plan.nameOverrides.fr ?? "", ar: plan.nameOverrides.ar ?? "" });
  const ourTitle = planTitle({ ...plan, nameOverrides: null }, language);
  const overrides = [plan.nameOverrides.fr, plan.nameOverrides.ar].filter(Boolean).join(" / ");

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { id: plan.id, nameOverrides: { fr: titles.fr.trim() || null, ar: titles.ar.trim() || null } },
      { onSuccess: () => setIsRenaming(false) },
    );
  };

  return (
    <li className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={plan.isHidden ? "text-slate-500 line-through" : "text-slate-900"}>
          {ourTitle}
          {plan.isTopUp ? ` · ${t("console.prices.topUp")}` : ""} ·{" "}
          <bdi dir="ltr">{format.dzd(plan.retailDzdMinor)}</bdi>
          {overrides ? <span className="block font-semibold">{overrides}</span> : null}
        </span>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" className="min-h-11 px-3 text-sm" onClick={() => setIsRenaming((open) => !open)}>
            {t("console.catalogue.rename")}
          </Button>
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            isLoading={update.isPending && update.variables?.isHidden !== undefined}
            onClick={() => update.mutate({ id: plan.id, isHidden: !plan.isHidden })}
          >
            {plan.isHidden ? t("console.catalogue.show") : t("console.catalogue.hide")}
          </Button>
        </div>
      </div>
      {isRenaming ? (
        <form onSubmit={save} className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField
            label={t("console.catalogue.titleFr")}
            lang="fr"
            dir="ltr"
            maxLength={MAX_PLAN_TITLE_LENGTH}
            placeholder={planTitle({ ...plan, nameOverrides: null }, "fr")}
            value={titles.fr}
            onChange={(event) => setTitles((current) => ({ ...current, fr: event.target.value }))}
          />
          <TextField
            label={t("console.catalogue.titleAr")}
            lang="ar"
            dir="rtl"
            maxLength={MAX_PLAN_TITLE_LENGTH}
            placeholder={planTitle({ ...plan, nameOverrides: null }, "ar")}
            value={titles.ar}
            onChange={(event) => setTitles((current) => ({ ...current, ar: event.target.value }))}
          />
          <Button type="submit" isLoading={update.isPending && update.variables?.nameOverrides !== undefined}>
            {t("console.catalogue.saveTitles")}
          </Button>
        </form>
      ) : null}
      {update.error ? <Alert>{t(errorMessageId(update.error))}</Alert> : null}
    </li>
  );
}

/** A destination's plans, each with its switches. */
function DestinationPlans({ code }: { code: string }) {
  const t = useT();
  const plans = useQuery(catalogueDestinationPlansQuery(code));

  if (plans.error) return <Alert>{t(errorMessageId(plans.error))}</Alert>;
  if (!plans.data) return <p className="text-slate-600">{t("common.loading")}</p>;
  return (
    <ul className="mt-3 space-y-2">
      {plans.data.plans.map((plan) => (
        <PlanRow key={plan.id} plan={plan} destinationCode={code} />
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
            {t("console.catalogue.planCount", {
              count: destination.planCount,
              countText: String(destination.planCount),
            })}
            {destination.hiddenPlanCount > 0
              ? ` · ${t("console.catalogue.hiddenPlanCount", { countText: String(destination.hiddenPlanCount) })}`
              : ""}
            {destination.isHidden ? ` · ${t("console.catalogue.hidden")}` : ""}
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
            {t("console.catalogue.popular")}
          </label>
          <Button
            variant={destination.isHidden ? "primary" : "secondary"}
            className="min-h-11 px-3 text-sm"
            isLoading={update.isPending && update.variables?.isHidden !== undefined}
            onClick={() => update.mutate({ code: destination.code, isHidden: !destination.isHidden })}
          >
            {destination.isHidden ? t("console.catalogue.show") : t("console.catalogue.hide")}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11 px-3 text-sm"
            aria-expanded={isOpen}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? t("console.catalogue.closePlans") : t("console.catalogue.openPlans")}
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
        {t("console.catalogue.destinationsTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("console.catalogue.destinationsHint")}</p>
      <TextField
        label={t("console.catalogue.filter")}
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
