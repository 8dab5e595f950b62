import {
  getCatalogSummary,
  getDestination,
  listDestinationPlans,
  searchDestinations,
} from "@esim/shared/catalog/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  type CachedDestination,
  type CatalogAnswer,
  type CatalogCache,
  type CatalogLog,
  type CatalogSnapshot,
  catalogCacheOf,
  memoiseAnswer,
} from "./catalog.cache.ts";
import type { DestinationPlans } from "./catalog.presenter.ts";
import { suggestRegionalPlanIn } from "./catalog.regional.ts";
import { type SearchResult, searchEntries } from "./catalog.search.ts";

/**
 * Catalog reads. Each answers a serialised body (validated against its contract once per catalog version)
 * and an ETag, from the in-process cache: no database query once the cache is loaded.
 */

async function snapshotOf(catalog: CatalogCache): Promise<CatalogSnapshot> {
  return catalog.current() ?? (await catalog.refresh());
}

function findCached(snapshot: CatalogSnapshot, code: string): CachedDestination {
  const destination = snapshot.byCode.get(code.toLowerCase());
  if (!destination) throw new AppError("DESTINATION_NOT_FOUND", { message: `No destination ${code} in the catalog.` });
  return destination;
}

/** Destinations matching the query in fr, en, ar or by code, ranked; the same query always answers the same body. */
export async function findDestinations(
  catalog: CatalogCache,
  input: { query: string | undefined; type: "country" | "region" | undefined },
): Promise<CatalogAnswer> {
  const snapshot = await snapshotOf(catalog);
  // Keyed on the query as typed: a repeated query costs a map lookup, not even the folding.
  return memoiseAnswer(snapshot, `search:${input.type ?? ""}:${input.query ?? ""}`, () =>
    searchDestinations.response.parse({
      data: searchEntries(snapshot.destinations, { query: input.query ?? "", type: input.type }).map((destination) =>
        destination.matchedPlace
          ? { ...destination.summary, matchedPlace: destination.matchedPlace }
          : destination.summary,
      ),
    }),
  );
}

/** One destination by code (any case); DESTINATION_NOT_FOUND unless it has a plan on sale. */
export async function findDestination(catalog: CatalogCache, input: { code: string }): Promise<CatalogAnswer> {
  const snapshot = await snapshotOf(catalog);
  const destination = findCached(snapshot, input.code);
  return memoiseAnswer(snapshot, `destination:${destination.summary.code}`, () =>
    getDestination.response.parse({ data: destination.summary }),
  );
}

/**
 * A destination's own base plans (never a region's under a country), lasting exactly `days` when given,
 * sorted by days then data, with every duration on sale and, for a country, the regional suggestion the public page
 * shows; DESTINATION_NOT_FOUND for an unknown code.
 */
export async function findDestinationPlans(
  catalog: CatalogCache,
  input: { code: string; days: number | undefined },
): Promise<CatalogAnswer> {
  const snapshot = await snapshotOf(catalog);
  const destination = findCached(snapshot, input.code);
  return memoiseAnswer(snapshot, `plans:${destination.summary.code}:${input.days ?? ""}`, () => {
    const suggestion = suggestRegionalPlanIn(snapshot, destination);
    return listDestinationPlans.response.parse({
      data: {
        destination: destination.summary,
        availableDays: destination.availableDays,
        plans:
          input.days === undefined
            ? destination.plans
            : destination.plans.filter((plan) => plan.validityDays === input.days),
        regionalSuggestion: suggestion && {
          region: suggestion.region.summary,
          regionPlan: suggestion.regionPlan,
          otherCountry: suggestion.otherCountry.summary,
          twoCountriesPrice: suggestion.twoCountriesPrice,
        },
      },
    });
  });
}

/** Countries with a plan on sale and the lowest retail price in both currencies: one source for every marketing line. */
export async function readCatalogSummary(catalog: CatalogCache): Promise<CatalogAnswer> {
  const snapshot = await snapshotOf(catalog);
  return memoiseAnswer(snapshot, "summary", () => getCatalogSummary.response.parse({ data: snapshot.summary }));
}

/** The catalog held in memory (loaded first if needed): what the public storefront renders its pages from. */
export async function readCatalog(deps: { db: Database }, log: FastifyBaseLogger): Promise<CatalogSnapshot> {
  return snapshotOf(catalogCacheOf(deps, log));
}

// The HTTP app's catalog routes create the cache with the app's logger before any request; this one serves a
// reader outside it (a script), where a failed refresh is still worth a line.
const fallbackLog: CatalogLog = {
  warn: (details: unknown, message?: string) => console.warn(message ?? "catalog cache", details),
} as CatalogLog;

/**
 * The lowest prices and number of plans on sale of these destinations, from the catalog in memory: what a signed-in
 * list shows beside each eSIM or order, without a query per request. A destination off sale (hidden, or without a
 * plan) is absent, as on the catalog's pages.
 */
export async function destinationPlansOf(
  deps: { db: Database },
  codes: Iterable<string>,
): Promise<Map<string, DestinationPlans>> {
  const snapshot = await snapshotOf(catalogCacheOf(deps, fallbackLog));
  const plans = new Map<string, DestinationPlans>();
  for (const code of codes) {
    const summary = snapshot.byCode.get(code.toLowerCase())?.summary;
    if (summary) {
      plans.set(code, {
        fromDzdMinor: summary.fromPrice.DZD,
        fromUsdMinor: summary.fromPrice.USD,
        planCount: summary.planCount,
      });
    }
  }
  return plans;
}

/**
 * Destinations of the snapshot matching a query in any language, by code, or by one of their cities or airports
 * (`matchedPlace` then says which: "Istanbul → Turkey"), best first (the search's ranking).
 */
export function searchCatalog(
  snapshot: CatalogSnapshot,
  input: { query: string; type?: "country" | "region" | undefined },
): SearchResult<CachedDestination>[] {
  return searchEntries(snapshot.destinations, input);
}
