import type { Plan } from "@esim/shared/catalog/contracts";
import type { Currency } from "@esim/shared/locale";
import { cartHref } from "../catalog/cart-link.tsx";
import { DurationFilter, FilterLinks } from "../catalog/filter-links.tsx";
import { PlanCard } from "../catalog/plan-card.tsx";
import { RegionalSuggestion } from "../catalog/regional-suggestion.tsx";
import { LINK_CLASSES } from "../components/link.tsx";
import { useLanguage, useT } from "../i18n.ts";
import type { FaqEntry } from "./faq.ts";
import type { LinkedDestination } from "./landing.tsx";
import { PageSection } from "./section.tsx";

export interface CoverageCountry {
  name: string;
  /** "Turkcell (4G/5G)", sorted by name. */
  networks: string[];
}

export interface DestinationView {
  destination: LinkedDestination;
  plans: Plan[];
  availableDays: number[];
  days: number | null;
  currency: Currency;
  bestValueId: string | null;
  suggestion: {
    region: LinkedDestination;
    regionPlan: Plan;
    otherCountryName: string;
    twoCountriesPrice: { DZD: number; USD: number };
  } | null;
  coverage: CoverageCountry[];
  faq: FaqEntry[];
  promo: string | null;
  landingHref: string;
  /** This page's address with other filters: `{ days, currency }` changed, the rest kept. */
  filterHref: (change: { days?: number | null; currency?: Currency }) => string;
}

/** A destination's page: filters as links, the regional suggestion, the plans, coverage and questions. */
export function DestinationMain({ view }: { view: DestinationView }) {
  const t = useT();
  const language = useLanguage();
  const name = view.destination.summary.names[language];
  const { suggestion } = view;
  return (
    <>
      <nav aria-label={t("storefront.breadcrumb")} className="text-sm">
        <ol className="flex flex-wrap gap-2 text-slate-600">
          <li>
            <a href={view.landingHref} className={LINK_CLASSES}>
              {t("storefront.breadcrumbHome")}
            </a>{" "}
            <span aria-hidden="true">›</span>
          </li>
          <li>
            <a href={view.filterHref({})} aria-current="page" className="rounded text-slate-700">
              {name}
            </a>
          </li>
        </ol>
      </nav>
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{t("storefront.destination.heading", { name })}</h1>
      <p className="mt-2 max-w-prose text-slate-700">{t("storefront.destination.intro", { name })}</p>
      <div className="mt-5 space-y-3">
        <DurationFilter
          availableDays={view.availableDays}
          selectedDays={view.days}
          hrefOf={(days) => view.filterHref({ days })}
        />
        <FilterLinks
          label={t("catalog.currency")}
          options={[
            {
              key: "DZD",
              label: t("catalog.currencyDzd"),
              href: view.filterHref({ currency: "DZD" }),
              isCurrent: view.currency === "DZD",
            },
            {
              key: "USD",
              label: t("catalog.currencyUsd"),
              href: view.filterHref({ currency: "USD" }),
              isCurrent: view.currency === "USD",
            },
          ]}
        />
        {view.currency === "USD" ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t("plan.usdEstimate")}</p>
        ) : null}
      </div>
      {suggestion ? (
        <RegionalSuggestion
          currency={view.currency}
          suggestion={{
            regionName: suggestion.region.summary.names[language],
            regionHref: suggestion.region.href,
            regionPlan: suggestion.regionPlan,
            otherCountryName: suggestion.otherCountryName,
            twoCountriesPrice: suggestion.twoCountriesPrice,
          }}
        />
      ) : null}
      <PageSection id="plans" heading={t("catalog.plansHeading")}>
        {view.plans.length === 0 ? <p className="mt-3 text-slate-700">{t("catalog.noPlans")}</p> : null}
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {view.plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                currency={view.currency}
                isBestValue={plan.id === view.bestValueId}
                cartHref={cartHref({
                  planId: plan.id,
                  destinationCode: view.destination.summary.code,
                  promo: view.promo,
                  language,
                })}
              />
            </li>
          ))}
        </ul>
        {view.bestValueId ? <p className="mt-3 text-sm text-slate-600">{t("plan.bestValueRule")}</p> : null}
        <p className="mt-1 text-sm text-slate-600">{t("catalog.chooseHint")}</p>
      </PageSection>
      <PageSection
        id="coverage"
        heading={
          view.coverage.length > 1
            ? t("catalog.coverageCountries", {
                countries: t("catalog.countryCount", {
                  count: view.coverage.length,
                  countText: String(view.coverage.length),
                }),
              })
            : t("catalog.coverageHeading")
        }
      >
        <ul className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {view.coverage.map((country) => (
            <li key={country.name}>
              <span className="font-semibold">{country.name}</span>
              {country.networks.length > 0 ? (
                <span className="text-slate-600">
                  {" · "}
                  <bdi>{country.networks.join(", ")}</bdi>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="faq" heading={t("support.faqTitle")}>
        <div className="mt-3 space-y-4">
          {view.faq.map((entry) => (
            <div key={entry.question} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-semibold">{entry.question}</h3>
              <p className="mt-1 text-sm text-slate-700">{entry.answer}</p>
            </div>
          ))}
        </div>
      </PageSection>
    </>
  );
}
