import { isolate, isolateLtr } from "@esim/shared/bidi";
import type { Plan } from "@esim/shared/catalog/contracts";
import { planDataText, planTitle, planValidityText } from "@esim/shared/catalog/plan-name";
import { validityAdvice } from "@esim/shared/catalog/validity-start";
import { formatNumber } from "@esim/shared/format";
import { type Currency, HTML_LANG, LANGUAGES, type Language, textDirection } from "@esim/shared/locale";
import { formatMoney, roundToWholeUnits } from "@esim/shared/money";
import type { CachedDestination } from "../catalog/index.ts";
import { type Html, html, jsonLd, raw } from "./html.ts";
import { hasFixedData, parseFairUse, type RegionalSuggestion } from "./storefront.rules.ts";
import { STOREFRONT_TEXTS, type StorefrontTexts, validityFaqAnswer } from "./storefront-texts.ts";

/**
 * The public pages' markup: no JavaScript, Tailwind classes of the web app (its stylesheet is inlined; index.css
 * scans this file), logical utilities only so Arabic mirrors by itself. Every value passes through `html`.
 */

const MB_PER_GB = 1024;
/** Open Graph locales of our three languages. */
const OG_LOCALE: Record<Language, string> = { fr: "fr_DZ", en: "en_US", ar: "ar_DZ" };

export function landingPath(language: Language): string {
  return `/${language}/esim`;
}

export function destinationPath(language: Language, slug: string): string {
  return `/${language}/esim/${slug}`;
}

/**
 * The SPA's cart with this plan chosen, carrying the promo code the public page was opened with and the page's
 * language (the SPA's root loader stores both and drops them from the address, as it does for `?promo=`).
 */
export function cartHref(input: {
  planId: string;
  destinationCode: string;
  promo: string | null;
  language: Language;
}): string {
  const params = new URLSearchParams({ plan: input.planId, destination: input.destinationCode });
  if (input.promo) params.set("promo", input.promo);
  params.set("lang", input.language);
  return `/cart?${params}`;
}

function nameIn(destination: CachedDestination, language: Language): string {
  return destination.summary.names[language];
}

function money(amountMinor: number, currency: Currency): string {
  return isolate(formatMoney(amountMinor, currency));
}

/** A plan's price per GB in the shown currency (whole dinars, cents of a dollar); null without fixed data. */
export function pricePerGbMinor(plan: Plan, currency: Currency): number | null {
  if (!hasFixedData(plan)) return null;
  const perGb = Math.round((plan.price[currency] * MB_PER_GB) / plan.dataMb);
  return currency === "DZD" ? roundToWholeUnits(perGb) : perGb;
}

/** A price as shown: DZD as is; USD marked as an estimate ("≈ $12.5"). */
function shownPrice(amount: { DZD: number; USD: number }, currency: Currency): string {
  return currency === "DZD" ? money(amount.DZD, "DZD") : isolate(`≈ ${formatMoney(amount.USD, "USD")}`);
}

export interface PageHead {
  language: Language;
  title: string;
  description: string;
  keywords: string;
  /** The page's path in each language (hreflang alternates; the canonical is this language's). */
  paths: Record<Language, string>;
  publicUrl: string;
  isIndexable: boolean;
  structuredData: unknown[];
  /** The address's own query (filters, promo code) that the language links keep: "" or "?…". */
  keptSearch: string;
  /** The promo code the page was opened with, carried by its links on to the cart. */
  promo: string | null;
}

/** `?promo=CODE` to append to a link, or "". */
export function promoSearch(promo: string | null): string {
  return promo ? `?${new URLSearchParams({ promo })}` : "";
}

function head(page: PageHead, css: string): Html {
  const canonical = `${page.publicUrl}${page.paths[page.language]}`;
  return html`<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<meta name="keywords" content="${page.keywords}">
${page.isIndexable ? "" : html`<meta name="robots" content="noindex">`}
<meta name="theme-color" content="#0f5f5a">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${css === "" ? "" : html`<style>${raw(css)}</style>`}
${
  page.isIndexable
    ? html`<link rel="canonical" href="${canonical}">
${LANGUAGES.map((language) => html`<link rel="alternate" hreflang="${HTML_LANG[language]}" href="${page.publicUrl}${page.paths[language]}">`)}
<link rel="alternate" hreflang="x-default" href="${page.publicUrl}${page.paths.fr}">`
    : ""
}
<meta property="og:type" content="website">
<meta property="og:site_name" content="${STOREFRONT_TEXTS[page.language].siteName}">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">
<meta property="og:locale" content="${OG_LOCALE[page.language]}">
${LANGUAGES.filter((language) => language !== page.language).map((language) => html`<meta property="og:locale:alternate" content="${OG_LOCALE[language]}">`)}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${page.title}">
<meta name="twitter:description" content="${page.description}">
${page.structuredData.map((data) => jsonLd(data))}`;
}

function siteHeader(texts: StorefrontTexts, page: PageHead): Html {
  return html`<header class="border-b border-slate-200 bg-white">
<div class="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
<a href="${landingPath(page.language)}${promoSearch(page.promo)}" class="rounded text-lg font-bold text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2">${texts.siteName}</a>
<div class="flex flex-wrap items-center gap-3">
<nav aria-label="${texts.languageNav}"><ul class="flex gap-1">
${LANGUAGES.map((language) =>
  language === page.language
    ? html`<li><a href="${page.paths[language]}${page.keptSearch}" aria-current="page" lang="${HTML_LANG[language]}" class="block rounded-md bg-brand-50 px-2 py-1 text-sm font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2">${LANGUAGE_NAMES[language]}</a></li>`
    : html`<li><a href="${page.paths[language]}${page.keptSearch}" hreflang="${HTML_LANG[language]}" lang="${HTML_LANG[language]}" class="block rounded-md px-2 py-1 text-sm text-slate-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2">${LANGUAGE_NAMES[language]}</a></li>`,
)}
</ul></nav>
<a href="/login" class="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2">${texts.signIn}</a>
</div>
</div>
</header>`;
}

const LANGUAGE_NAMES: Record<Language, string> = { fr: "Français", en: "English", ar: "العربية" };

function siteFooter(texts: StorefrontTexts, marketing: string): Html {
  return html`<footer class="mt-12 border-t border-slate-200 bg-white">
<div class="mx-auto max-w-5xl space-y-1 px-4 py-6 text-sm text-slate-600">
<p>${marketing}</p>
<p>${texts.footerDataOnly}</p>
</div>
</footer>`;
}

/** The whole document: `<html lang dir>`, a skip link, the header, one main, the footer. */
export function renderDocument(input: {
  page: PageHead;
  /** The web app's CSS, inlined. */
  css: string;
  main: Html;
  footerLine: string;
}): string {
  const { page } = input;
  const texts = STOREFRONT_TEXTS[page.language];
  return html`<!doctype html>
<html lang="${HTML_LANG[page.language]}" dir="${textDirection(page.language)}">
<head>
${head(page, input.css)}
</head>
<body class="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
<a href="#content" class="sr-only rounded bg-white px-3 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:start-2 focus:top-2">${texts.skipToContent}</a>
${siteHeader(texts, page)}
<main id="content" class="mx-auto w-full max-w-5xl flex-1 px-4 pt-6">
${input.main}
</main>
${siteFooter(texts, input.footerLine)}
</body>
</html>
`.value;
}

const LINK_CLASSES =
  "rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2";
const CARD_LINK_CLASSES =
  "flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2";

function destinationCard(input: {
  destination: CachedDestination;
  language: Language;
  href: string;
  currency: Currency;
}): Html {
  const texts = STOREFRONT_TEXTS[input.language];
  const { summary } = input.destination;
  return html`<li><a href="${input.href}" class="${CARD_LINK_CLASSES}">
<span class="font-semibold text-slate-900">${nameIn(input.destination, input.language)}</span>
${summary.type === "country" ? "" : html`<span class="text-sm text-slate-600">${texts.landing.countries(summary.memberCountries.length)}</span>`}
<span class="mt-1 text-sm text-brand-800">${texts.landing.from(shownPrice(summary.fromPrice, input.currency))}</span>
</a></li>`;
}

export interface LandingView {
  language: Language;
  query: string;
  promo: string | null;
  results: CachedDestination[] | null;
  popular: CachedDestination[];
  regions: CachedDestination[];
  /** Every country on sale, sorted by name in the page's language: a way to each page without search. */
  countries: CachedDestination[];
  destinationCountText: string;
  lowestPrice: { DZD: number; USD: number };
  hrefOf: (destination: CachedDestination) => string;
}

export function renderLandingMain(view: LandingView): Html {
  const texts = STOREFRONT_TEXTS[view.language];
  const { landing } = texts;
  const card = (destination: CachedDestination) =>
    destinationCard({ destination, language: view.language, href: view.hrefOf(destination), currency: "DZD" });
  return html`<section aria-labelledby="heading" class="rounded-2xl bg-brand-800 px-5 py-8 text-white">
<h1 id="heading" class="text-2xl font-bold sm:text-3xl">${landing.heading}</h1>
<p class="mt-2 max-w-prose text-brand-50">${landing.intro}</p>
<ul class="mt-4 flex flex-wrap gap-2 text-sm font-semibold">
<li class="rounded-full bg-white/15 px-3 py-1">${landing.destinationCount(isolateLtr(view.destinationCountText))}</li>
<li class="rounded-full bg-white/15 px-3 py-1">${landing.lowestPrice(money(view.lowestPrice.DZD, "DZD"))}</li>
</ul>
<form role="search" method="get" action="${landingPath(view.language)}" class="mt-6 flex flex-wrap gap-2">
<label for="q" class="w-full text-sm font-semibold">${landing.searchLabel}</label>
<input id="q" name="q" type="search" value="${view.query}" placeholder="${landing.searchPlaceholder}" maxlength="100" class="min-w-0 flex-1 rounded-lg border border-white bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
${view.promo ? html`<input type="hidden" name="promo" value="${view.promo}">` : ""}
<button type="submit" class="rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">${landing.searchButton}</button>
</form>
</section>
${
  view.results === null
    ? ""
    : html`<section aria-labelledby="results" class="mt-8">
<h2 id="results" class="text-xl font-bold">${view.results.length === 0 ? landing.searchNone(view.query) : landing.searchResults(view.results.length, view.query)}</h2>
<ul class="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">${view.results.map(card)}</ul>
</section>`
}
<section aria-labelledby="popular" class="mt-8">
<h2 id="popular" class="text-xl font-bold">${landing.popularHeading}</h2>
<ul class="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">${view.popular.map(card)}</ul>
</section>
<section aria-labelledby="regions" class="mt-8">
<h2 id="regions" class="text-xl font-bold">${landing.regionsHeading}</h2>
<ul class="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">${view.regions.map(card)}</ul>
</section>
<section aria-labelledby="how" class="mt-8">
<h2 id="how" class="text-xl font-bold">${landing.howHeading}</h2>
<ol class="mt-3 grid gap-3 sm:grid-cols-3">
${landing.steps.map(
  (step, index) => html`<li class="rounded-xl border border-slate-200 bg-white p-4">
<p class="font-semibold"><span class="me-2 inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white" aria-hidden="true">${index + 1}</span>${step.title}</p>
<p class="mt-2 text-sm text-slate-700">${step.text}</p>
</li>`,
)}
</ol>
</section>
<section aria-labelledby="compatibility" class="mt-8 rounded-xl border border-slate-200 bg-white p-4">
<h2 id="compatibility" class="text-xl font-bold">${landing.compatibilityHeading}</h2>
<p class="mt-2 text-slate-700">${landing.compatibilityText}</p>
<p class="mt-2"><a href="/compatibility" class="${LINK_CLASSES}">${landing.compatibilityLink}</a></p>
</section>
<section aria-labelledby="trust" class="mt-8">
<h2 id="trust" class="text-xl font-bold">${landing.trustHeading}</h2>
<ul class="mt-3 grid gap-3 sm:grid-cols-3">
<li class="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">${landing.trustCards}</li>
<li class="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">${landing.trustSupport}</li>
<li class="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">${landing.trustRefund}</li>
</ul>
</section>
<section aria-labelledby="all" class="mt-8">
<h2 id="all" class="text-xl font-bold">${landing.allHeading}</h2>
<ul class="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
${view.countries.map((destination) => html`<li><a href="${view.hrefOf(destination)}" class="inline-block rounded py-1 text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2">${nameIn(destination, view.language)}</a></li>`)}
</ul>
</section>`;
}

export interface CoverageCountry {
  name: string;
  networks: string[];
}

export interface DestinationView {
  language: Language;
  destination: CachedDestination;
  plans: Plan[];
  availableDays: number[];
  days: number | null;
  currency: Currency;
  bestValueId: string | null;
  suggestion: RegionalSuggestion | null;
  coverage: CoverageCountry[];
  promo: string | null;
  /** This page's address with other filters: `{ days, currency }` changed, the rest kept. */
  filterHref: (change: { days?: number | null; currency?: Currency }) => string;
  regionHref: (region: CachedDestination) => string;
}

function filterLink(input: { href: string; label: string; isCurrent: boolean }): Html {
  return input.isCurrent
    ? html`<li><a href="${input.href}" aria-current="page" class="block rounded-full border border-brand-700 bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2">${input.label}</a></li>`
    : html`<li><a href="${input.href}" class="block rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2">${input.label}</a></li>`;
}

function fairUseText(texts: StorefrontTexts, language: Language, plan: Plan): string | null {
  if (!plan.isUnlimited) return null;
  const parsed = parseFairUse(plan.fairUsePolicy);
  if (!parsed) return texts.destination.fairUseGeneric;
  const slow =
    parsed.slowSpeed.unit === "kbps"
      ? texts.destination.speedKbps(formatNumber(parsed.slowSpeed.value))
      : texts.destination.speedMbps(formatNumber(parsed.slowSpeed.value));
  return texts.destination.fairUse(planDataText({ dataMb: parsed.highSpeedMb, isUnlimited: false }, language), slow);
}

function planCard(view: DestinationView, plan: Plan): Html {
  const texts = STOREFRONT_TEXTS[view.language];
  const { destination: words } = texts;
  const titleId = `plan-${plan.id}`;
  const isBestValue = plan.id === view.bestValueId;
  const perGb = pricePerGbMinor(plan, view.currency);
  const fairUse = fairUseText(texts, view.language, plan);
  return html`<li><article aria-labelledby="${titleId}" class="flex h-full flex-col rounded-xl border ${isBestValue ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"} bg-white p-4" data-plan-id="${plan.id}">
${isBestValue ? html`<p class="mb-2 self-start rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">${words.bestValue}</p>` : ""}
<h3 id="${titleId}" class="text-lg font-bold">${planTitle(plan, view.language)}</h3>
<p class="mt-2"><span class="text-2xl font-bold text-slate-900" data-price>${shownPrice(plan.price, view.currency)}</span>
${plan.compareAtPrice ? html` <span class="text-sm text-slate-600">${words.compareAt} <s>${shownPrice(plan.compareAtPrice, view.currency)}</s></span>` : ""}</p>
${view.currency === "USD" ? html`<p class="text-sm text-slate-600">${money(plan.price.DZD, "DZD")}</p>` : ""}
<ul class="mt-3 space-y-1 text-sm text-slate-700">
${perGb === null ? "" : html`<li>${words.pricePerGb(view.currency === "DZD" ? money(perGb, "DZD") : isolate(`≈ ${formatMoney(perGb, "USD")}`))}</li>`}
<li>${words.validity(planValidityText(plan.validityDays, view.language))}</li>
<li>${validityAdvice(plan, view.language).sentence}</li>
<li>${plan.supportsTopUp ? words.topUpYes : words.topUpNo}</li>
<li>${plan.isHotspotAllowed ? words.hotspotYes : words.hotspotNo}</li>
${fairUse ? html`<li>${fairUse}</li>` : ""}
</ul>
<p class="mt-auto pt-4"><a href="${cartHref({ planId: plan.id, destinationCode: view.destination.summary.code, promo: view.promo, language: view.language })}" aria-describedby="${titleId}" class="block rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800">${words.choose}</a></p>
</article></li>`;
}

export function renderDestinationMain(view: DestinationView, breadcrumb: { landingHref: string }): Html {
  const texts = STOREFRONT_TEXTS[view.language];
  const { destination: words } = texts;
  const name = nameIn(view.destination, view.language);
  const suggestion = view.suggestion;
  return html`<nav aria-label="${texts.breadcrumbLabel}" class="text-sm">
<ol class="flex flex-wrap gap-2 text-slate-600">
<li><a href="${breadcrumb.landingHref}" class="${LINK_CLASSES}">${texts.breadcrumbHome}</a> <span aria-hidden="true">›</span></li>
<li><a href="${view.filterHref({})}" aria-current="page" class="rounded text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2">${name}</a></li>
</ol>
</nav>
<h1 class="mt-3 text-2xl font-bold sm:text-3xl">${words.heading(name)}</h1>
<p class="mt-2 max-w-prose text-slate-700">${words.intro(name)}</p>
<div class="mt-5 space-y-3">
<nav aria-labelledby="duration-label"><p id="duration-label" class="text-sm font-semibold">${words.durationLabel}</p>
<ul class="mt-1 flex flex-wrap gap-2">
${filterLink({ href: view.filterHref({ days: null }), label: words.allDurations, isCurrent: view.days === null })}
${view.availableDays.map((days) => filterLink({ href: view.filterHref({ days }), label: planValidityText(days, view.language), isCurrent: view.days === days }))}
</ul></nav>
<nav aria-labelledby="currency-label"><p id="currency-label" class="text-sm font-semibold">${words.currencyLabel}</p>
<ul class="mt-1 flex flex-wrap gap-2">
${filterLink({ href: view.filterHref({ currency: "DZD" }), label: words.currencyDzd, isCurrent: view.currency === "DZD" })}
${filterLink({ href: view.filterHref({ currency: "USD" }), label: words.currencyUsd, isCurrent: view.currency === "USD" })}
</ul></nav>
${view.currency === "USD" ? html`<p class="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">${words.usdEstimate}</p>` : ""}
</div>
${
  suggestion
    ? html`<aside aria-labelledby="regional" class="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
<h2 id="regional" class="font-bold">${words.regionalHeading}</h2>
<p class="mt-1 text-sm text-slate-800">${words.regionalSuggestion({
        region: nameIn(suggestion.region, view.language),
        plan: planTitle(suggestion.regionPlan, view.language),
        regionPrice: shownPrice(suggestion.regionPlan.price, view.currency),
        otherCountry: nameIn(suggestion.otherCountry, view.language),
        twoCountriesPrice: shownPrice(suggestion.twoCountriesPrice, view.currency),
      })}</p>
<p class="mt-2 text-sm"><a href="${view.regionHref(suggestion.region)}" class="${LINK_CLASSES}">${words.regionalLink(nameIn(suggestion.region, view.language))}</a></p>
</aside>`
    : ""
}
<section aria-labelledby="plans" class="mt-8">
<h2 id="plans" class="text-xl font-bold">${words.plansHeading}</h2>
${view.plans.length === 0 ? html`<p class="mt-3 text-slate-700">${words.noPlans}</p>` : ""}
<ul class="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
${view.plans.map((plan) => planCard(view, plan))}
</ul>
${view.bestValueId ? html`<p class="mt-3 text-sm text-slate-600">${words.bestValueRule}</p>` : ""}
<p class="mt-1 text-sm text-slate-600">${words.chooseHint}</p>
</section>
<section aria-labelledby="coverage" class="mt-8">
<h2 id="coverage" class="text-xl font-bold">${words.coverageHeading(view.coverage.length)}</h2>
<ul class="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
${view.coverage.map(
  (country) =>
    html`<li><span class="font-semibold">${country.name}</span>${country.networks.length > 0 ? html`<span class="text-slate-600"> · ${country.networks.join(", ")}</span>` : ""}</li>`,
)}
</ul>
</section>
<section aria-labelledby="faq" class="mt-8">
<h2 id="faq" class="text-xl font-bold">${words.faqHeading}</h2>
<div class="mt-3 space-y-4">
${words.faq(name, validityFaqAnswer(view.destination.plans, view.language)).map(
  (entry) => html`<div class="rounded-xl border border-slate-200 bg-white p-4">
<h3 class="font-semibold">${entry.question}</h3>
<p class="mt-1 text-sm text-slate-700">${entry.answer}</p>
</div>`,
)}
</div>
</section>`;
}

export function renderNotFoundMain(language: Language): Html {
  const texts = STOREFRONT_TEXTS[language];
  return html`<h1 class="text-2xl font-bold">${texts.notFound.heading}</h1>
<p class="mt-2 text-slate-700">${texts.notFound.text}</p>
<p class="mt-4"><a href="${landingPath(language)}" class="${LINK_CLASSES}">${texts.notFound.back}</a></p>`;
}

export function renderUnavailableMain(input: { language: Language; retryHref: string }): Html {
  const texts = STOREFRONT_TEXTS[input.language];
  return html`<h1 class="text-2xl font-bold">${texts.unavailable.heading}</h1>
<p class="mt-2 text-slate-700">${texts.unavailable.text}</p>
<p class="mt-4"><a href="${input.retryHref}" class="${LINK_CLASSES}">${texts.unavailable.retry}</a></p>`;
}
