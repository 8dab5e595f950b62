import { createHash } from "node:crypto";
import type { DestinationSummary, DualPrice, Plan } from "@esim/shared/catalog/contracts";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../../db/client.ts";
import { destinationAliases } from "./catalog.destinations.ts";
import { presentDestination, presentPlan, summarizePlans } from "./catalog.presenter.ts";
import { CATALOG_CHANGED_CHANNEL, type DestinationRow, loadActiveCatalog, type PackageRow } from "./catalog.repo.ts";
import { createSearchEntry, type SearchEntry } from "./catalog.search.ts";

/**
 * The read side of the catalog (decision 044: catalogue reads never touch the database on the hot path): every active destination and its base plans, held in this
 * process, so catalog reads never query the database. Rebuilt at start, when a sync or a re-pricing commits
 * (PostgreSQL NOTIFY on a dedicated connection), and on a timer in case a notification was missed.
 */

/** One destination ready to answer: its wire summary, its plans in display order, its search entry. */
export interface CachedDestination extends SearchEntry {
  summary: DestinationSummary;
  /** Base plans, by days then data (unlimited last) then price. */
  plans: Plan[];
  /** Every duration on sale, ascending. */
  availableDays: number[];
}

/** A serialised answer and its validator, computed once per catalog version. */
export interface CatalogAnswer {
  /** UTF-8 JSON, encoded once: each request writes the same bytes. */
  body: Buffer;
  etag: string;
}

export interface CatalogSnapshot {
  /** A digest of the content: the same on every instance holding the same catalog. */
  version: string;
  /** Every destination with at least one plan, in the default order (popular countries, then alphabetical). */
  destinations: CachedDestination[];
  /** By lower-cased code. */
  byCode: ReadonlyMap<string, CachedDestination>;
  summary: { destinationCount: number; lowestPrice: DualPrice };
  /** When the last sync wrote a plan on sale (the sitemap's lastmod); null on an empty catalog. */
  lastSyncedAt: Date | null;
  /** Answers already serialised for this version, by request key. Bounded. */
  answers: Map<string, CatalogAnswer>;
}

export interface CatalogCache {
  /** The snapshot in memory, or undefined before the first load. */
  current(): CatalogSnapshot | undefined;
  /** Reloads from the database (coalescing concurrent calls) and answers the new snapshot. */
  refresh(): Promise<CatalogSnapshot>;
  /** Listens for changes, loads, and refreshes on a timer; never throws (a failed load is retried by reads). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Safety net behind NOTIFY: a missed notification is caught up within this time. */
export const CATALOG_REFRESH_EVERY_MS = 5 * 60 * 1000;
const RECONNECT_AFTER_MS = 2000;
const MAX_MEMOISED_ANSWERS = 2000;

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base" });

function comparePlans(left: Plan, right: Plan): number {
  const leftData = left.dataMb ?? Number.MAX_SAFE_INTEGER;
  const rightData = right.dataMb ?? Number.MAX_SAFE_INTEGER;
  return (
    left.validityDays - right.validityDays ||
    leftData - rightData ||
    left.price.DZD - right.price.DZD ||
    (left.id < right.id ? -1 : 1)
  );
}

/** Builds the in-memory catalog from the active rows; pure. */
export function buildCatalogSnapshot(rows: {
  destinations: DestinationRow[];
  packages: PackageRow[];
}): CatalogSnapshot {
  const plansByDestination = new Map<string, Plan[]>();
  for (const row of rows.packages) {
    const plans = plansByDestination.get(row.destinationCode) ?? [];
    plans.push(presentPlan(row));
    plansByDestination.set(row.destinationCode, plans);
  }
  const onSale = rows.destinations
    .filter((row) => plansByDestination.has(row.code))
    .sort((left, right) => frenchCollator.compare(left.nameFr, right.nameFr) || (left.code < right.code ? -1 : 1));

  const destinations = onSale.map((row, alphabeticalIndex): CachedDestination => {
    const plans = (plansByDestination.get(row.code) ?? []).sort(comparePlans);
    return {
      ...createSearchEntry({
        code: row.code,
        type: row.type,
        names: [row.nameFr, row.nameEn, row.nameAr, ...destinationAliases(row.code)],
        popularRank: row.isPopular ? (row.popularRank ?? Number.MAX_SAFE_INTEGER - 1) : null,
        alphabeticalIndex,
      }),
      summary: presentDestination(row, summarizePlans(plans)),
      plans,
      availableDays: [...new Set(plans.map((plan) => plan.validityDays))].sort((left, right) => left - right),
    };
  });
  destinations.sort(
    (left, right) =>
      (left.popularRank ?? Number.MAX_SAFE_INTEGER) - (right.popularRank ?? Number.MAX_SAFE_INTEGER) ||
      left.alphabeticalIndex - right.alphabeticalIndex,
  );

  const allPlans = destinations.flatMap((destination) => destination.plans);
  const summary = {
    destinationCount: destinations.filter((destination) => destination.type === "country").length,
    lowestPrice:
      allPlans.length === 0
        ? { DZD: 0, USD: 0 }
        : {
            DZD: Math.min(...allPlans.map((plan) => plan.price.DZD)),
            USD: Math.min(...allPlans.map((plan) => plan.price.USD)),
          },
  };
  const lastSyncedMs = rows.packages.reduce((latest, row) => Math.max(latest, row.syncedAt.getTime()), -Infinity);
  const version = createHash("sha256")
    .update(JSON.stringify(destinations.map((destination) => [destination.summary, destination.plans])))
    .digest("base64url")
    .slice(0, 16);
  return {
    version,
    destinations,
    byCode: new Map(destinations.map((destination) => [destination.summary.code.toLowerCase(), destination])),
    summary,
    lastSyncedAt: Number.isFinite(lastSyncedMs) ? new Date(lastSyncedMs) : null,
    answers: new Map(),
  };
}

/** The answer for `key` in this snapshot, serialised by `build` the first time it is asked for. */
export function memoiseAnswer(snapshot: CatalogSnapshot, key: string, build: () => unknown): CatalogAnswer {
  const known = snapshot.answers.get(key);
  if (known) return known;
  const body = Buffer.from(JSON.stringify(build()));
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  const answer = { body, etag: `"${snapshot.version}.${digest}"` };
  if (snapshot.answers.size >= MAX_MEMOISED_ANSWERS) {
    const oldest = snapshot.answers.keys().next().value;
    if (oldest !== undefined) snapshot.answers.delete(oldest);
  }
  snapshot.answers.set(key, answer);
  return answer;
}

/** The pool's connection settings, for a LISTEN connection of our own outside the pool. */
function connectionOptionsOf(db: Database): pg.ClientConfig {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error("the catalog cache needs a node-postgres pool");
  return { ...client.options };
}

const cachesByDeps = new WeakMap<object, CatalogCache>();

/**
 * The one cache of an app (keyed on its deps): the catalog's JSON routes and the public storefront read the
 * same snapshot, so a page and the packages endpoint can never show two prices. The catalog routes start and
 * stop it; a reader before the start loads it on first use.
 */
export function catalogCacheOf(deps: { db: Database }, log: CatalogLog): CatalogCache {
  const known = cachesByDeps.get(deps);
  if (known) return known;
  const cache = createCatalogCache({ db: deps.db, log });
  cachesByDeps.set(deps, cache);
  return cache;
}

/** What the cache logs: a failed refresh or LISTEN, as warnings. */
export type CatalogLog = Pick<FastifyBaseLogger, "warn">;

export function createCatalogCache(options: { db: Database; log: CatalogLog; refreshEveryMs?: number }): CatalogCache {
  const { db, log } = options;
  let snapshot: CatalogSnapshot | undefined;
  let inFlight: Promise<CatalogSnapshot> | undefined;
  let isRefreshQueued = false;
  let listener: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let isStopped = false;

  async function load(): Promise<CatalogSnapshot> {
    snapshot = buildCatalogSnapshot(await loadActiveCatalog(db));
    return snapshot;
  }

  // A notification during a reload queues exactly one more reload: the last commit is always seen.
  function refresh(): Promise<CatalogSnapshot> {
    if (inFlight) {
      isRefreshQueued = true;
      return inFlight;
    }
    inFlight = (async () => {
      try {
        let loaded = await load();
        while (isRefreshQueued && !isStopped) {
          isRefreshQueued = false;
          loaded = await load();
        }
        return loaded;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  function refreshInBackground(reason: string) {
    refresh().catch((error: unknown) =>
      log.warn({ err: error, reason }, "catalog cache refresh failed; keeping the previous catalog"),
    );
  }

  function scheduleReconnect() {
    if (isStopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen()
        // Notifications may have been missed while disconnected.
        .then(() => refreshInBackground("reconnected"))
        .catch((error: unknown) => {
          log.warn({ err: error }, "catalog cache cannot LISTEN; retrying");
          scheduleReconnect();
        });
    }, RECONNECT_AFTER_MS);
    reconnectTimer.unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client(connectionOptionsOf(db));
    let isLost = false;
    const lose = (error?: unknown) => {
      if (isLost) return;
      isLost = true;
      if (listener === client) listener = undefined;
      if (!isStopped) {
        log.warn({ err: error }, "catalog cache lost its LISTEN connection; reconnecting");
        client.end().catch(() => {});
        scheduleReconnect();
      }
    };
    client.on("notification", () => refreshInBackground("notification"));
    client.on("error", lose);
    client.on("end", () => lose());
    await client.connect();
    await client.query(`listen ${CATALOG_CHANGED_CHANNEL}`);
    if (isStopped) {
      await client.end();
      return;
    }
    listener = client;
  }

  return {
    current: () => snapshot,
    refresh,
    async start() {
      try {
        // Listen before loading: a sync committing in between is then either loaded or notified.
        await listen();
      } catch (error) {
        log.warn({ err: error }, "catalog cache cannot LISTEN; retrying, the timer refreshes meanwhile");
        scheduleReconnect();
      }
      try {
        await refresh();
      } catch (error) {
        // The app still starts: each read retries the load (answering 503 while the database is down).
        log.warn({ err: error }, "catalog cache could not load; reads retry it");
      }
      timer = setInterval(() => refreshInBackground("timer"), options.refreshEveryMs ?? CATALOG_REFRESH_EVERY_MS);
      timer.unref();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await inFlight?.catch(() => {});
    },
  };
}
