import { createHash } from "node:crypto";
import type { Plan } from "@esim/shared/catalog/contracts";
import { networksByCountry } from "@esim/shared/catalog/networks";
import { planTitle } from "@esim/shared/catalog/plan-name";
import { pickBestValue } from "@esim/shared/catalog/plan-value";
import { type Currency, LANGUAGES, type Language } from "@esim/shared/locale";
import { formatMoney, toMajor } from "@esim/shared/money";
import { formatPhone } from "@esim/shared/phone";
import { legalPath } from "@esim/ui/layout";
import { LEGAL_PAGES, type LegalPage, legalDocument, type SellerIdentity } from "@esim/ui/legal/legal-documents";
import { serverTranslator } from "@esim/ui/server-i18n";
import {
  type CoverageCountry,
  DestinationMain,
  destinationFaq,
  LandingMain,
  LegalMain,
  type LinkedDestination,
  NoticeMain,
  type PageHead,
  type PromoCheck,
  renderStorefrontPage,
} from "@esim/ui/storefront";
import type { FastifyBaseLogger } from "fastify";
import { createElement, type ReactNode } from "react";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  type CachedDestination,
  type CatalogSnapshot,
  readCatalog,
  searchCatalog,
  suggestRegionalPlanIn,
} from "../catalog/index.ts";
import { checkPromoForVisitor } from "../checkout/index.ts";
import { readSellerIdentity } from "../invoices/index.ts";
import { storefrontIndexOf } from "./storefront.rules.ts";

/**
 * The public storefront: pages rendered from the catalog snapshot the JSON catalog serves (the same prices the
 * cart charges), each answered with an ETag bound to the catalog version.
 */

export interface StorefrontContext {
  deps: {
    db: Database;
    config: Pick<Config, "PUBLIC_URL" | "SUPPORT_EMAIL" | "WHATSAPP_NUMBER" | "SUPPORT_HOURS"> &
      Parameters<typeof readSellerIdentity>[1];
  };
  log: FastifyBaseLogger;
  /** The web app's built CSS, inlined in every page (empty when the web app is not built); read at first use. */
  css: () => string;
  /** The clock (the footer's copyright year). */
  now: () => Date;
}

export interface PageAnswer {
  status: 200 | 404;
  body: string;
  etag: string;
}

export type StorefrontAnswer = { kind: "page"; page: PageAnswer } | { kind: "redirect"; location: string };

const POPULAR_SHOWN = 12;
const MAX_MEMOISED_PAGES = 1000;
const memoised = new WeakMap<CatalogSnapshot, Map<string, PageAnswer>>();

function answerOf(snapshot: CatalogSnapshot, status: 200 | 404, body: string): PageAnswer {
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  return { status, body, etag: `"sf.${snapshot.version}.${digest}"` };
}

/** The page for `key` in this snapshot, rendered once; no key (a search, a promo code) renders every time. */
function memoise(snapshot: CatalogSnapshot, key: string | null, build: () => PageAnswer): PageAnswer {
  if (key === null) return build();
  let pages = memoised.get(snapshot);
  if (!pages) {
    pages = new Map();
    memoised.set(snapshot, pages);
  }
  const known = pages.get(key);
  if (known) return known;
  const page = build();
  if (pages.size >= MAX_MEMOISED_PAGES) {
    const oldest = pages.keys().next().value;
    if (oldest !== undefined) pages.delete(oldest);
  }
  pages.set(key, page);
  return page;
}

/** The footer's figures: the catalogue's, the same the app's footer states. */
function figuresOf(snapshot: CatalogSnapshot | null) {
  return snapshot ? snapshot.summary : null;
}

/** A whole page in the shop's frame (head, inlined stylesheet, shared footer), answered with its ETag. */
function pageAnswer(
  context: StorefrontContext,
  snapshot: CatalogSnapshot,
  input: { status: 200 | 404; language: Language; head: PageHead; main: ReactNode; promo?: PromoCheck | null },
): PageAnswer {
  return answerOf(
    snapshot,
    input.status,
    renderStorefrontPage(
      input.language,
      {
        head: input.head,
        css: context.css(),
        figures: figuresOf(snapshot),
        year: context.now().getFullYear(),
        promo: input.promo ?? null,
      },
      input.main,
    ),
  );
}

/** "?a=1&b=2" from the parameters that have a value, or "". */
function searchOf(values: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

function samePathEverywhere(path: (language: Language) => string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, path(language)])) as Record<Language, string>;
}

function breadcrumbData(publicUrl: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}

/** Every country on sale, sorted by its name in `language` with that language's collation. */
function countriesByName(snapshot: CatalogSnapshot, language: Language): CachedDestination[] {
  const collator = new Intl.Collator(language);
  return snapshot.destinations
    .filter((destination) => destination.summary.type === "country")
    .sort((left, right) => collator.compare(left.summary.names[language], right.summary.names[language]));
}

export function landingPath(language: Language): string {
  return `/${language}/esim`;
}

export function destinationPath(language: Language, slug: string): string {
  return `/${language}/esim/${slug}`;
}

/** The configured support hours the landing's trust line states, part of its memo key. */
function supportHoursKey(context: StorefrontContext): string {
  const hours = context.deps.config.SUPPORT_HOURS;
  return `${hours.opens}-${hours.closes}`;
}

/** The `?promo=` code as the page confirms it (checked at each render: such pages are never memoised), or null. */
async function checkPromo(context: StorefrontContext, promo: string | null): Promise<PromoCheck | null> {
  return promo ? checkPromoForVisitor(context.deps.db, promo, context.now()) : null;
}

/** `?promo=CODE` to append to a link, or "". */
function promoSearch(promo: string | null): string {
  return promo ? `?${new URLSearchParams({ promo })}` : "";
}

/** A destination with the address of its page in `language`, keeping the query given. */
function linkedIn(
  snapshot: CatalogSnapshot,
  language: Language,
  search: string,
): (destination: CachedDestination) => LinkedDestination {
  const index = storefrontIndexOf(snapshot);
  return (destination) => ({
    summary: destination.summary,
    href: `${destinationPath(language, index.slugByCode.get(destination.summary.code) ?? destination.summary.code)}${search}`,
  });
}

/** The landing page: search (`?q=` in any language), popular destinations, regions, how it works, trust. */
export async function showLanding(
  context: StorefrontContext,
  input: { language: Language; query: string; promo: string | null },
): Promise<StorefrontAnswer> {
  const snapshot = await readCatalog(context.deps, context.log);
  const { language, promo } = input;
  const query = input.query.trim();
  const publicUrl = context.deps.config.PUBLIC_URL;
  const t = serverTranslator(language);
  const linked = linkedIn(snapshot, language, promoSearch(promo));
  const promoCheck = await checkPromo(context, promo);
  const key = query === "" && promo === null ? `landing:${language}:${supportHoursKey(context)}` : null;
  const page = memoise(snapshot, key, () => {
    const paths = samePathEverywhere(landingPath);
    const head: PageHead = {
      title: t("storefront.landing.title"),
      description: t("storefront.landing.description"),
      keywords: t("storefront.landing.keywords"),
      paths,
      publicUrl,
      // A results page is a view of the landing page, not a page of its own.
      isIndexable: query === "",
      keptSearch: searchOf({ q: query || null, promo }),
      homeHref: `${landingPath(language)}${promoSearch(promo)}`,
      structuredData: [
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: t("app.name"),
          url: `${publicUrl}${paths[language]}`,
          inLanguage: language,
          potentialAction: {
            "@type": "SearchAction",
            target: `${publicUrl}${paths[language]}?q={query}`,
            "query-input": "required name=query",
          },
        },
        breadcrumbData(publicUrl, [{ name: t("storefront.breadcrumbHome"), path: paths[language] }]),
      ],
    };
    const main = createElement(LandingMain, {
      view: {
        action: landingPath(language),
        query,
        promo,
        results: query === "" ? null : searchCatalog(snapshot, { query }).map(linked),
        popular: snapshot.destinations
          .filter((destination) => destination.summary.type === "country" && destination.summary.isPopular)
          .slice(0, POPULAR_SHOWN)
          .map(linked),
        regions: snapshot.destinations.filter((destination) => destination.summary.type !== "country").map(linked),
        countries: countriesByName(snapshot, language).map(linked),
        destinationCount: snapshot.summary.destinationCount,
        lowestPrice: snapshot.summary.lowestPrice,
        supportHours: context.deps.config.SUPPORT_HOURS,
      },
    });
    return pageAnswer(context, snapshot, { status: 200, language, head, main, promo: promoCheck });
  });
  return { kind: "page", page };
}

/** The countries a destination covers, named and sorted in the reader's language, with their networks by name. */
function coverageOf(destination: CachedDestination, language: Language): CoverageCountry[] {
  const networks = destination.plans.flatMap((plan) => plan.networks);
  return networksByCountry(networks, language, destination.summary.memberCountries).map((country) => ({
    name: country.name,
    networks: country.networks.map((network) => `${network.operator} (${network.networkType})`),
  }));
}

function productData(input: {
  canonical: string;
  name: string;
  description: string;
  siteName: string;
  plans: Plan[];
  title: (plan: Plan) => string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    description: input.description,
    brand: { "@type": "Brand", name: input.siteName },
    url: input.canonical,
    offers: input.plans.map((plan) => ({
      "@type": "Offer",
      name: input.title(plan),
      sku: plan.id,
      price: String(toMajor(plan.price.DZD)),
      priceCurrency: "DZD",
      availability: "https://schema.org/InStock",
      url: input.canonical,
    })),
  };
}

/** The head of a page that only says something (not found, unavailable): never indexed, the landing as canonical. */
function noticeHead(context: StorefrontContext, language: Language, kind: "notFound" | "unavailable"): PageHead {
  const t = serverTranslator(language);
  return {
    title: t(kind === "notFound" ? "storefront.notFound.title" : "storefront.unavailable.title"),
    description: t(kind === "notFound" ? "storefront.notFound.text" : "storefront.unavailable.text"),
    keywords: t("storefront.landing.keywords"),
    paths: samePathEverywhere(landingPath),
    publicUrl: context.deps.config.PUBLIC_URL,
    isIndexable: false,
    structuredData: [],
    keptSearch: "",
    homeHref: landingPath(language),
  };
}

function notFound(context: StorefrontContext, snapshot: CatalogSnapshot, language: Language): StorefrontAnswer {
  const page = memoise(snapshot, `not-found:${language}`, () =>
    pageAnswer(context, snapshot, {
      status: 404,
      language,
      head: noticeHead(context, language, "notFound"),
      main: createElement(NoticeMain, { kind: "notFound", href: landingPath(language) }),
    }),
  );
  return { kind: "page", page };
}

/**
 * The page a visitor gets when the catalogue cannot be read (PostgreSQL unreachable before this process first
 * loaded it): the shop's frame in their language, saying so, with a way to try again; never indexed or kept.
 */
export function showUnavailable(context: StorefrontContext, input: { language: Language; retryHref: string }): string {
  return renderStorefrontPage(
    input.language,
    {
      head: noticeHead(context, input.language, "unavailable"),
      css: context.css(),
      figures: null,
      year: context.now().getFullYear(),
    },
    createElement(NoticeMain, { kind: "unavailable", href: input.retryHref }),
  );
}

/**
 * A destination's page by slug: its plans (lasting `days` when that duration is on sale), prices in DZD or as a
 * USD estimate, the best-value mark, a cheaper regional plan for a country, coverage and FAQ. An ISO code (any
 * case) or a differently cased slug answers a permanent redirect to the slug; anything else the 404 page.
 */
export async function showDestination(
  context: StorefrontContext,
  input: { language: Language; slug: string; days: number | null; currency: Currency; promo: string | null },
): Promise<StorefrontAnswer> {
  const snapshot = await readCatalog(context.deps, context.log);
  const { language, promo } = input;
  const index = storefrontIndexOf(snapshot);
  const destination = index.bySlug.get(input.slug);
  if (!destination) {
    const byCode = snapshot.byCode.get(input.slug.toLowerCase());
    const slug = byCode
      ? index.slugByCode.get(byCode.summary.code)
      : index.bySlug.has(input.slug.toLowerCase())
        ? input.slug.toLowerCase()
        : undefined;
    if (slug === undefined) return notFound(context, snapshot, language);
    const params = new URLSearchParams();
    if (input.days !== null) params.set("days", String(input.days));
    if (input.currency !== "DZD") params.set("currency", input.currency);
    if (promo) params.set("promo", promo);
    const search = params.toString();
    return { kind: "redirect", location: `${destinationPath(language, slug)}${search ? `?${search}` : ""}` };
  }
  const slug = input.slug;
  const days = input.days !== null && destination.availableDays.includes(input.days) ? input.days : null;
  const currency = input.currency;
  const publicUrl = context.deps.config.PUBLIC_URL;
  const promoCheck = await checkPromo(context, promo);
  const page = memoise(snapshot, promo ? null : `destination:${language}:${slug}:${days ?? ""}:${currency}`, () => {
    const t = serverTranslator(language);
    const name = destination.summary.names[language];
    // Plain text: titles and descriptions are read outside the page, where isolating marks would only show up.
    const fromPrice = formatMoney(destination.summary.fromPrice.DZD, "DZD");
    const paths = samePathEverywhere((each) => destinationPath(each, slug));
    const canonical = `${publicUrl}${paths[language]}`;
    const description = t("storefront.destination.description", {
      name,
      price: fromPrice,
      planCount: destination.plans.length,
    });
    const plans = days === null ? destination.plans : destination.plans.filter((plan) => plan.validityDays === days);
    const searchWith = (change: { days?: number | null; currency?: Currency }) => {
      const nextDays = change.days === undefined ? days : change.days;
      const nextCurrency = change.currency ?? currency;
      return searchOf({
        days: nextDays === null ? null : String(nextDays),
        currency: nextCurrency === "DZD" ? null : nextCurrency,
        promo,
      });
    };
    const faq = destinationFaq(name, destination.plans, language, t);
    const suggestion = suggestRegionalPlanIn(snapshot, destination);
    const linked = linkedIn(snapshot, language, searchOf({ currency: currency === "DZD" ? null : currency, promo }));
    const main = createElement(DestinationMain, {
      view: {
        destination: linked(destination),
        plans,
        availableDays: destination.availableDays,
        days,
        currency,
        bestValueId: pickBestValue(plans),
        suggestion: suggestion && {
          region: linked(suggestion.region),
          regionPlan: suggestion.regionPlan,
          otherCountryName: suggestion.otherCountry.summary.names[language],
          twoCountriesPrice: suggestion.twoCountriesPrice,
        },
        coverage: coverageOf(destination, language),
        faq,
        promo,
        landingHref: `${landingPath(language)}${promoSearch(promo)}`,
        filterHref: (change) => `${paths[language]}${searchWith(change)}`,
      },
    });
    const head: PageHead = {
      title: t("storefront.destination.title", { name, price: fromPrice }),
      description,
      keywords: t("storefront.destination.keywords", { name }),
      paths,
      publicUrl,
      isIndexable: true,
      keptSearch: searchWith({}),
      homeHref: `${landingPath(language)}${promoSearch(promo)}`,
      structuredData: [
        productData({
          canonical,
          name: t("storefront.destination.heading", { name }),
          description,
          siteName: t("app.name"),
          plans: destination.plans,
          title: (plan) => planTitle(plan, language),
        }),
        breadcrumbData(publicUrl, [
          { name: t("storefront.breadcrumbHome"), path: landingPath(language) },
          { name, path: paths[language] },
        ]),
        {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: faq.map((entry) => ({
            "@type": "Question",
            name: entry.question,
            acceptedAnswer: { "@type": "Answer", text: entry.answer },
          })),
        },
      ],
    };
    return pageAnswer(context, snapshot, { status: 200, language, head, main, promo: promoCheck });
  });
  return { kind: "page", page };
}

/** The seller the legal pages name: the identity set for invoices, with the support address to write to. */
async function sellerOf(context: StorefrontContext): Promise<SellerIdentity> {
  const identity = await readSellerIdentity(context.deps.db, context.deps.config);
  return {
    legalName: identity.name,
    address: identity.address,
    nif: identity.nif,
    rc: identity.rc,
    nis: identity.nis,
    email: context.deps.config.SUPPORT_EMAIL,
    // Support's one number is its WhatsApp (decision 081): the same the app's buttons open.
    phone: context.deps.config.WHATSAPP_NUMBER ? formatPhone(context.deps.config.WHATSAPP_NUMBER) : "",
  };
}

/** A legal page (terms of sale, privacy policy, legal notice) in a language: public and indexed. */
export async function showLegalPage(
  context: StorefrontContext,
  input: { language: Language; page: LegalPage },
): Promise<StorefrontAnswer> {
  const snapshot = await readCatalog(context.deps, context.log);
  const seller = await sellerOf(context);
  const { language } = input;
  const key = `legal:${language}:${input.page}:${createHash("sha256").update(JSON.stringify(seller)).digest("base64url")}`;
  const page = memoise(snapshot, key, () => {
    const document = legalDocument(input.page, language, seller);
    const publicUrl = context.deps.config.PUBLIC_URL;
    const paths = samePathEverywhere((each) => legalPath(each, input.page));
    const t = serverTranslator(language);
    const head: PageHead = {
      title: `${document.title} – ${t("app.name")}`,
      description: document.sections[0]?.paragraphs[0] ?? document.title,
      keywords: t("storefront.landing.keywords"),
      paths,
      publicUrl,
      isIndexable: true,
      keptSearch: "",
      homeHref: landingPath(language),
      structuredData: [
        breadcrumbData(publicUrl, [
          { name: t("storefront.breadcrumbHome"), path: landingPath(language) },
          { name: document.title, path: paths[language] },
        ]),
      ],
    };
    return pageAnswer(context, snapshot, { status: 200, language, head, main: createElement(LegalMain, { document }) });
  });
  return { kind: "page", page };
}

/** Text for XML content or attributes (the sitemap). */
function escapeXml(text: string): string {
  const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/** Every public page in every language, each its own `<url>`, lastmod the catalogue's last sync (sitemaps.org 0.9). */
export async function showSitemap(context: StorefrontContext): Promise<PageAnswer> {
  const snapshot = await readCatalog(context.deps, context.log);
  return memoise(snapshot, "sitemap", () => {
    const publicUrl = context.deps.config.PUBLIC_URL;
    const index = storefrontIndexOf(snapshot);
    const lastmod = snapshot.lastSyncedAt ? `<lastmod>${snapshot.lastSyncedAt.toISOString()}</lastmod>` : "";
    const paths: string[] = [];
    for (const language of LANGUAGES) {
      paths.push(landingPath(language));
      for (const slug of index.bySlug.keys()) paths.push(destinationPath(language, slug));
      for (const legalPage of LEGAL_PAGES) paths.push(legalPath(language, legalPage));
    }
    const urls = paths.map((path) => `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod}</url>`);
    return answerOf(
      snapshot,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
  });
}

/** Signed-in screens and one-off pages, kept out of search engines; /login stays crawlable. */
export const DISALLOWED_PATHS = [
  "/api/",
  "/dev/",
  "/home",
  "/search",
  "/packages/",
  "/cart",
  "/summary",
  "/esims",
  "/details/",
  "/orders",
  "/status/",
  "/profile",
  "/personal-information",
  "/preferences",
  "/guide",
  "/compatibility",
  "/support",
  "/reset-password",
  "/payment-callback",
  "/success",
  "/failure",
] as const;

/** robots.txt: the public pages allowed, the signed-in routes and the API kept out, the sitemap's absolute address. */
export function showRobots(context: Pick<StorefrontContext, "deps">): string {
  return [
    "User-agent: *",
    ...LANGUAGES.flatMap((language) => [
      `Allow: ${landingPath(language)}`,
      ...LEGAL_PAGES.map((legalPage) => `Allow: ${legalPath(language, legalPage)}`),
    ]),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.deps.config.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
}
