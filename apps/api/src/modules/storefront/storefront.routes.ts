import { type Currency, LANGUAGES, type Language } from "@esim/shared/locale";
import { LEGAL_PAGES } from "@esim/ui/legal/legal-documents";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isNotModified } from "../../lib/http-cache.ts";
import { compressOnce, pickContentEncoding } from "../../lib/http-compression.ts";
import * as storefront from "./storefront.service.ts";
import { readWebStylesheets } from "./web-stylesheets.ts";

/** Pages, not API operations: kept out of the OpenAPI document. */
const PAGE_ROUTE = { schema: { hide: true } };

/** Public and the same for everyone: browsers and a CDN may keep a page five minutes, then revalidate by ETag. */
const CACHE_CONTROL = "public, max-age=300";
const PROMO_PATTERN = /^[A-Z0-9_-]{1,40}$/;

type Query = Record<string, string | string[] | undefined>;

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `?days=7` when a whole number, else no filter (the service also ignores a duration not on sale). */
function readDays(query: Query): number | null {
  const days = Number(firstOf(query.days));
  return Number.isInteger(days) && days > 0 ? days : null;
}

function readCurrency(query: Query): Currency {
  return firstOf(query.currency)?.toUpperCase() === "USD" ? "USD" : "DZD";
}

/** `?promo=` as the SPA stores it (upper-cased), dropped when it could not be a code. */
function readPromo(query: Query): string | null {
  const promo = firstOf(query.promo)?.trim().toUpperCase() ?? "";
  return PROMO_PATTERN.test(promo) ? promo : null;
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: storefront.StorefrontAnswer,
  contentType = "text/html; charset=utf-8",
) {
  if (answer.kind === "redirect") return reply.header("cache-control", CACHE_CONTROL).redirect(answer.location, 301);
  const { page } = answer;
  reply.headers({ "cache-control": CACHE_CONTROL, etag: page.etag, vary: "accept-encoding" });
  if (page.status === 200 && isNotModified(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  reply.code(page.status).type(contentType);
  const encoding = pickContentEncoding(request.headers["accept-encoding"]);
  if (encoding === null) return reply.send(page.body);
  return reply.header("content-encoding", encoding).send(compressOnce(page, page.body, encoding));
}

/** The visitor's page, or, when it cannot be made (the catalogue unreadable), the "shop unavailable" page. */
async function answerPage(
  context: storefront.StorefrontContext,
  request: FastifyRequest,
  reply: FastifyReply,
  language: Language,
  makeAnswer: () => Promise<storefront.StorefrontAnswer>,
) {
  let answer: storefront.StorefrontAnswer;
  try {
    answer = await makeAnswer();
  } catch (error) {
    request.log.error({ err: error }, "public page unavailable");
    return reply
      .code(503)
      .headers({ "cache-control": "no-store", "retry-after": "30" })
      .type("text/html; charset=utf-8")
      .send(storefront.showUnavailable(context, { language, retryHref: request.url }));
  }
  return sendPage(request, reply, answer);
}

/**
 * The public shop window (docs/decisions/070-react-storefront.md): /{lang}/esim, /{lang}/esim/{slug}, the legal pages
 * /{lang}/terms, /{lang}/privacy, /{lang}/legal-notice, sitemap, robots.
 */
export async function storefrontRoutes(app: FastifyInstance) {
  // Read at the first public page, not at start: every process (tests, workers, the CLI) builds the app.
  let css: string | undefined;
  const context: storefront.StorefrontContext = {
    deps: app.deps,
    log: app.log,
    css: () => {
      css ??= readWebStylesheets(app.deps.config.WEB_DIST_DIR);
      return css;
    },
    now: () => app.deps.now(),
  };

  for (const language of LANGUAGES) {
    app.get(`/${language}/esim`, PAGE_ROUTE, async (request, reply) =>
      answerPage(context, request, reply, language, () =>
        storefront.showLanding(context, {
          language,
          query: firstOf((request.query as Query).q)?.slice(0, 100) ?? "",
          promo: readPromo(request.query as Query),
        }),
      ),
    );
    app.get<{ Params: { slug: string } }>(`/${language}/esim/:slug`, PAGE_ROUTE, async (request, reply) => {
      const query = request.query as Query;
      if (request.params.slug === "") return reply.redirect(`/${language}/esim`, 301);
      return answerPage(context, request, reply, language, () =>
        storefront.showDestination(context, {
          language,
          slug: request.params.slug,
          days: readDays(query),
          currency: readCurrency(query),
          promo: readPromo(query),
        }),
      );
    });
    // A trailing slash is the same page: one address for search engines.
    app.get<{ Params: { slug: string } }>(`/${language}/esim/:slug/`, PAGE_ROUTE, async (request, reply) => {
      const queryStart = request.url.indexOf("?");
      const search = queryStart === -1 ? "" : request.url.slice(queryStart);
      return reply
        .header("cache-control", CACHE_CONTROL)
        .redirect(`/${language}/esim/${encodeURIComponent(request.params.slug)}${search}`, 301);
    });
  }

  for (const language of LANGUAGES) {
    for (const page of LEGAL_PAGES) {
      app.get(`/${language}/${page}`, PAGE_ROUTE, async (request, reply) =>
        answerPage(context, request, reply, language, () => storefront.showLegalPage(context, { language, page })),
      );
    }
  }

  app.get("/sitemap.xml", PAGE_ROUTE, async (request, reply) =>
    sendPage(
      request,
      reply,
      { kind: "page", page: await storefront.showSitemap(context) },
      "application/xml; charset=utf-8",
    ),
  );
  app.get("/robots.txt", PAGE_ROUTE, async (_request, reply) =>
    reply.header("cache-control", CACHE_CONTROL).type("text/plain; charset=utf-8").send(storefront.showRobots(context)),
  );
}
