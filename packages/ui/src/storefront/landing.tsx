import { isolate } from "@esim/shared/bidi";
import type { DestinationSummary } from "@esim/shared/catalog/contracts";
import { formatNumber } from "@esim/shared/format";
import { type SupportHours, supportPromiseValues } from "@esim/shared/support/hours";
import { DestinationCard } from "../catalog/destination-card.tsx";
import { LINK_CLASSES } from "../components/link.tsx";
import { type MessageId, useLanguage, useT } from "../i18n.ts";
import { HeroMarketingLine } from "../layout/site-footer.tsx";
import { PageSection } from "./section.tsx";

/** A destination shown on a public page, with the address of its page. */
export interface LinkedDestination {
  summary: DestinationSummary;
  href: string;
}

export interface LandingView {
  /** The landing page's own address (the search form's action). */
  action: string;
  query: string;
  promo: string | null;
  results: LinkedDestination[] | null;
  popular: LinkedDestination[];
  regions: LinkedDestination[];
  /** Every country on sale, sorted by name in the page's language: a way to each page without search. */
  countries: LinkedDestination[];
  destinationCount: number;
  lowestPrice: { DZD: number; USD: number };
  /** Support's configured hours: the trust line promises a person only in them. */
  supportHours: SupportHours;
}

const STEPS: { title: MessageId; text: MessageId }[] = [
  { title: "storefront.how.buy.title", text: "storefront.how.buy.text" },
  { title: "storefront.how.scan.title", text: "storefront.how.scan.text" },
  { title: "storefront.how.travel.title", text: "storefront.how.travel.text" },
];

const TRUST: MessageId[] = ["storefront.trust.cards", "storefront.trust.support", "storefront.trust.refund"];

function Cards({ destinations, columns }: { destinations: LinkedDestination[]; columns: string }) {
  return (
    <ul className={`mt-3 grid gap-3 ${columns}`}>
      {destinations.map((destination) => (
        <li key={destination.summary.code}>
          <DestinationCard destination={destination.summary} href={destination.href} currency="DZD" />
        </li>
      ))}
    </ul>
  );
}

/** The landing page: search (`?q=` in any language), popular destinations, regions, how it works, trust, all. */
export function LandingMain({ view }: { view: LandingView }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <section aria-labelledby="heading" className="rounded-2xl bg-brand-800 px-5 py-8 text-white">
        <h1 id="heading" className="text-2xl font-bold sm:text-3xl">
          {t("storefront.landing.heading")}
        </h1>
        <p className="mt-2 max-w-prose text-brand-50">{t("storefront.landing.intro")}</p>
        <HeroMarketingLine
          figures={{ destinationCount: view.destinationCount, lowestPrice: view.lowestPrice }}
          currency="DZD"
          className="mt-4 text-sm font-semibold text-brand-50"
        />
        <search>
          <form method="get" action={view.action} className="mt-6 flex flex-wrap gap-2">
            <label htmlFor="q" className="w-full text-sm font-semibold">
              {t("storefront.search.label")}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={view.query}
              placeholder={t("storefront.search.placeholder")}
              maxLength={100}
              className="min-h-11 min-w-0 flex-1 rounded-xl border border-white bg-white px-3 text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            />
            {view.promo ? <input type="hidden" name="promo" value={view.promo} /> : null}
            <button
              type="submit"
              className="min-h-11 rounded-xl bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t("storefront.search.button")}
            </button>
          </form>
        </search>
      </section>
      {view.results === null ? null : (
        <PageSection
          id="results"
          heading={
            view.results.length === 0
              ? t("catalog.search.none", { query: isolate(view.query) })
              : t("storefront.search.results", {
                  count: view.results.length,
                  countText: formatNumber(view.results.length),
                  query: view.query,
                })
          }
        >
          <Cards destinations={view.results} columns="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" />
        </PageSection>
      )}
      <PageSection id="popular" heading={t("catalog.popular")}>
        <Cards destinations={view.popular} columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-4" />
      </PageSection>
      <PageSection id="regions" heading={t("catalog.tab.regions")}>
        <Cards destinations={view.regions} columns="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" />
      </PageSection>
      <PageSection id="how" heading={t("storefront.how.heading")}>
        <ol className="mt-3 grid gap-3 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold">
                <span
                  className="me-2 inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white"
                  aria-hidden="true"
                >
                  {formatNumber(index + 1)}
                </span>
                {t(step.title)}
              </p>
              <p className="mt-2 text-sm text-slate-700">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <section
        aria-labelledby="compatibility"
        className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="compatibility" className="text-xl font-bold">
          {t("storefront.compatibility.heading")}
        </h2>
        <p className="mt-2 text-slate-700">{t("storefront.compatibility.text")}</p>
        <p className="mt-2">
          <a href="/compatibility" className={LINK_CLASSES}>
            {t("storefront.compatibility.link")}
          </a>
        </p>
      </section>
      <PageSection id="trust" heading={t("storefront.trust.heading")}>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {TRUST.map((id) => (
            <li key={id} className="rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
              {id === "storefront.trust.support" ? t(id, supportPromiseValues(view.supportHours)) : t(id)}
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="all" heading={t("catalog.allDestinations")}>
        <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
          {view.countries.map((destination) => (
            <li key={destination.summary.code}>
              <a
                href={destination.href}
                className="inline-block rounded py-1 text-brand-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-600"
              >
                {destination.summary.names[language]}
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
