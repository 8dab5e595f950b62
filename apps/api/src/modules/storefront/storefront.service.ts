import { createHash } from "node:crypto";
import { isolate, isolateLtr } from "@esim/shared/bidi";
import type { Plan } from "@esim/shared/catalog/contracts";
import { formatRoundedCount } from "@esim/shared/catalog/marketing";
import { planTitle } from "@esim/shared/catalog/plan-name";
import { countryName } from "@esim/shared/countries";
import { type Currency, LANGUAGES, type Language } from "@esim/shared/locale";
import { formatMoney, toMajor } from "@esim/shared/money";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { type CachedDestination, type CatalogSnapshot, readCatalog, searchCatalog } from "../catalog/index.ts";
import { escapeXml, type Html } from "./html.ts";
import {
  type CoverageCountry,
  destinationPath,
  landingPath,
  type PageHead,
  promoSearch,
  renderDestinationMain,
  renderDocument,
  renderLandingMain,
  renderNotFoundMain,
  renderUnavailableMain,
} from "./storefront.pages.ts";
import { pickBestValue, storefrontIndexOf, suggestRegionalPlan } from "./storefront.rules.ts";
import { STOREFRONT_TEXTS, validityFaqAnswer } from "./storefront-texts.ts";

/**
 * The public storefront: pages rendered from the catalog snapshot the JSON catalog serves (the same prices the
 * cart charges), each answered with an ETag bound to the catalog version.
 */

export interface StorefrontContext {
  deps: { db: Database; config: { PUBLIC_URL: string } };
  log: FastifyBaseLogger;
  /** The web app's built CSS, inlined in every page (empty when the web app is not built); read at first use. */
  css: () => string;
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

function footerLine(snapshot: CatalogSnapshot, language: Language): string {
  const { landing } = STOREFRONT_TEXTS[language];
  return `${landing.destinationCount(isolateLtr(formatRoundedCount(snapshot.summary.destinationCount)))} · ${landing.lowestPrice(
    isolate(formatMoney(snapshot.summary.lowestPrice.DZD, "DZD")),
  )}`;
}

/** A whole page in the shop's frame (head, inlined stylesheet, footer line), answered with its ETag. */
function pageAnswer(
  context: StorefrontContext,
  snapshot: CatalogSnapshot,
  input: { status: 200 | 404; head: PageHead; main: Html },
): PageAnswer {
  return answerOf(
    snapshot,
    input.status,
    renderDocument({
      page: input.head,
      css: context.css(),
      main: input.main,
      footerLine: footerLine(snapshot, input.head.language),
    }),
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

/** The landing page: search (`?q=` in any language), popular destinations, regions, how it works, trust. */
export async function showLanding(
  context: StorefrontContext,
  input: { language: Language; query: string; promo: string | null },
): Promise<StorefrontAnswer> {
  const snapshot = await readCatalog(context.deps, context.log);
  const { language } = input;
  const query = input.query.trim();
  const publicUrl = context.deps.config.PUBLIC_URL;
  const texts = STOREFRONT_TEXTS[language];
  const index = storefrontIndexOf(snapshot);
  const { promo } = input;
  const hrefOf = (destination: CachedDestination) =>
    `${destinationPath(language, index.slugByCode.get(destination.summary.code) ?? destination.summary.code)}${promoSearch(promo)}`;
  const page = memoise(snapshot, query === "" && promo === null ? `landing:${language}` : null, () => {
    const paths = samePathEverywhere(landingPath);
    const head: PageHead = {
      language,
      title: texts.landing.title,
      description: texts.landing.description,
      keywords: texts.landing.keywords,
      paths,
      publicUrl,
      // A results page is a view of the landing page, not a page of its own.
      isIndexable: query === "",
      keptSearch: searchOf({ q: query || null, promo }),
      promo,
      structuredData: [
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: texts.siteName,
          url: `${publicUrl}${paths[language]}`,
          inLanguage: language,
          potentialAction: {
            "@type": "SearchAction",
            target: `${publicUrl}${paths[language]}?q={query}`,
            "query-input": "required name=query",
          },
        },
        breadcrumbData(publicUrl, [{ name: texts.breadcrumbHome, path: paths[language] }]),
      ],
    };
    const main = renderLandingMain({
      language,
      query,
      promo,
      results: query === "" ? null : searchCatalog(snapshot, { query }),
      popular: snapshot.destinations
        .filter((destination) => destination.summary.type === "country" && destination.summary.isPopular)
        .slice(0, POPULAR_SHOWN),
      regions: snapshot.destinations.filter((destination) => destination.summary.type !== "country"),
      countries: countriesByName(snapshot, language),
      destinationCountText: formatRoundedCount(snapshot.summary.destinationCount),
      lowestPrice: snapshot.summary.lowestPrice,
      hrefOf,
    });
    return pageAnswer(context, snapshot, { status: 200, head, main });
  });
  return { kind: "page", page };
}

/** The countries a destination covers, named and sorted in the reader's language, with their networks. */
function coverageOf(destination: CachedDestination, language: Language): CoverageCountry[] {
  const collator = new Intl.Collator(language);
  const networks = new Map<string, Set<string>>();
  for (const plan of destination.plans) {
    for (const network of plan.networks) {
      const list = networks.get(network.country) ?? new Set<string>();
      list.add(`${network.operator} (${network.networkType})`);
      networks.set(network.country, list);
    }
  }
  return destination.summary.memberCountries
    .map((code) => ({ name: countryName(code, language), networks: [...(networks.get(code) ?? [])] }))
    .sort((left, right) => collator.compare(left.name, right.name));
}

function productData(input: {
  publicUrl: string;
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
function noticeHead(
  context: StorefrontContext,
  input: { language: Language; title: string; description: string },
): PageHead {
  return {
    ...input,
    keywords: STOREFRONT_TEXTS[input.language].landing.keywords,
    paths: samePathEverywhere(landingPath),
    publicUrl: context.deps.config.PUBLIC_URL,
    isIndexable: false,
    structuredData: [],
    keptSearch: "",
    promo: null,
  };
}

function notFound(context: StorefrontContext, snapshot: CatalogSnapshot, language: Language): StorefrontAnswer {
  const texts = STOREFRONT_TEXTS[language];
  const page = memoise(snapshot, `not-found:${language}`, () =>
    pageAnswer(context, snapshot, {
      status: 404,
      head: noticeHead(context, { language, title: texts.notFound.title, description: texts.notFound.text }),
      main: renderNotFoundMain(language),
    }),
  );
  return { kind: "page", page };
}

/**
 * The page a visitor gets when the catalogue cannot be read (PostgreSQL unreachable before this process first
 * loaded it): the shop's frame in their language, saying so, with a way to try again; never indexed or kept.
 */
export function showUnavailable(context: StorefrontContext, input: { language: Language; retryHref: string }): string {
  const texts = STOREFRONT_TEXTS[input.language];
  return renderDocument({
    page: noticeHead(context, {
      language: input.language,
      title: texts.unavailable.title,
      description: texts.unavailable.text,
    }),
    css: context.css(),
    main: renderUnavailableMain(input),
    footerLine: texts.unavailable.footerLine,
  });
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
  const page = memoise(snapshot, promo ? null : `destination:${language}:${slug}:${days ?? ""}:${currency}`, () => {
    const texts = STOREFRONT_TEXTS[language];
    const name = destination.summary.names[language];
    // Plain text: titles and descriptions are read outside the page, where isolating marks would only show up.
    const fromPrice = formatMoney(destination.summary.fromPrice.DZD, "DZD");
    const paths = samePathEverywhere((each) => destinationPath(each, slug));
    const canonical = `${publicUrl}${paths[language]}`;
    const description = texts.destination.description(name, fromPrice, destination.plans.length);
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
    const hrefWith = (change: { days?: number | null; currency?: Currency }) =>
      `${paths[language]}${searchWith(change)}`;
    const main = renderDestinationMain(
      {
        language,
        destination,
        plans,
        availableDays: destination.availableDays,
        days,
        currency,
        bestValueId: pickBestValue(plans),
        suggestion: suggestRegionalPlan(snapshot, destination),
        coverage: coverageOf(destination, language),
        promo,
        filterHref: hrefWith,
        regionHref: (region) =>
          `${destinationPath(language, index.slugByCode.get(region.summary.code) ?? region.summary.code)}${searchOf({
            currency: currency === "DZD" ? null : currency,
            promo,
          })}`,
      },
      { landingHref: `${landingPath(language)}${promoSearch(promo)}` },
    );
    const head: PageHead = {
      language,
      title: texts.destination.title(name, fromPrice),
      description,
      keywords: texts.destination.keywords(name),
      paths,
      publicUrl,
      isIndexable: true,
      keptSearch: searchWith({}),
      promo,
      structuredData: [
        productData({
          publicUrl,
          canonical,
          name: texts.destination.heading(name),
          description,
          siteName: texts.siteName,
          plans: destination.plans,
          title: (plan) => planTitle(plan, language),
        }),
        breadcrumbData(publicUrl, [
          { name: texts.breadcrumbHome, path: landingPath(language) },
          { name, path: paths[language] },
        ]),
        {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: texts.destination.faq(name, validityFaqAnswer(destination.plans, language)).map((entry) => ({
            "@type": "Question",
            name: entry.question,
            acceptedAnswer: { "@type": "Answer", text: entry.answer },
          })),
        },
      ],
    };
    return pageAnswer(context, snapshot, { status: 200, head, main });
  });
  return { kind: "page", page };
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
    }
    const urls = paths.map((path) => `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod}</url>`);
    return answerOf(
      snapshot,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
  });
}

/** Signed-in screens and one-off pages (product description §2), kept out of search engines; /login stays crawlable. */
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
    ...LANGUAGES.map((language) => `Allow: ${landingPath(language)}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.deps.config.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
}
