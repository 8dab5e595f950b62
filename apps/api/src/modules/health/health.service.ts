import { ORDER_STATUSES } from "@esim/shared/statuses";
import { sql } from "drizzle-orm";
import { latestMigrationMillis } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { isSameDigest, sha256Hex } from "../../lib/secrets.ts";
import {
  countOrdersByStatus,
  findFreshestHeartbeatAgeSeconds,
  findLatestAppliedMigrationMillis,
  readScrapeFigures,
} from "./health.repo.ts";

/** Resolves when PostgreSQL answers a query; throws SERVICE_UNAVAILABLE otherwise. */
export async function checkDatabase(deps: Pick<AppDeps, "db">): Promise<void> {
  try {
    await deps.db.execute(sql`select 1`);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", { message: "The database does not answer." });
  }
}

export type CheckResult = "ok" | "failed";

export interface Readiness {
  isReady: boolean;
  checks: { database: CheckResult; migrations: CheckResult; worker: CheckResult };
}

/**
 * Whether this instance should get traffic: the database answers, holds every migration this build ships, and some
 * process runs jobs (its heartbeat fresher than WORKER_DEAD_AFTER_SECONDS). A web-only instance counts any worker's
 * heartbeat: paid orders are delivered whoever runs the jobs.
 */
export async function checkReadiness(deps: Pick<AppDeps, "db" | "config">): Promise<Readiness> {
  const database = await checkDatabase(deps).then(
    (): CheckResult => "ok",
    (): CheckResult => "failed",
  );
  if (database === "failed") {
    return { isReady: false, checks: { database, migrations: "failed", worker: "failed" } };
  }
  const [migrations, worker] = await Promise.all([
    findLatestAppliedMigrationMillis(deps.db).then(
      (applied): CheckResult => (applied !== null && applied >= latestMigrationMillis() ? "ok" : "failed"),
      // No drizzle schema at all: nothing was ever migrated.
      (): CheckResult => "failed",
    ),
    findFreshestHeartbeatAgeSeconds(deps.db).then(
      (age): CheckResult => (age !== null && age <= deps.config.WORKER_DEAD_AFTER_SECONDS ? "ok" : "failed"),
      (): CheckResult => "failed",
    ),
  ]);
  return { isReady: migrations === "ok" && worker === "ok", checks: { database, migrations, worker } };
}

/**
 * Whether a request may read /metrics: with METRICS_TOKEN, only with it as a bearer token; without it, never in
 * production (the figures say how the business goes) and freely on a laptop.
 */
export function metricsAccess(
  deps: Pick<AppDeps, "config">,
  authorization: string | undefined,
): "allowed" | "unauthenticated" | "hidden" {
  const token = deps.config.METRICS_TOKEN;
  if (!token) return deps.config.NODE_ENV === "production" ? "hidden" : "allowed";
  const given = authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
  return isSameDigest(sha256Hex(given), sha256Hex(token)) ? "allowed" : "unauthenticated";
}

/** The balance is read upstream at most this often by scrapes; the dashboard's reads refresh it too. */
const BALANCE_MAX_AGE_MS = 5 * 60_000;
/** A scrape never waits longer than this for the upstream. */
const BALANCE_TIMEOUT_MS = 2_000;
/** When a scrape last asked the upstream for the balance, per registry. */
const balanceAskedAt = new WeakMap<AppDeps["metrics"], number>();

/** When this registry's orders-by-status counts were last read (ms since epoch). */
const orderCountsReadAt = new WeakMap<AppDeps["metrics"], number>();

/**
 * The metrics in Prometheus' text format, the database's figures read now, but for the orders by status: a scan of the
 * whole table, read at most every METRICS_ORDER_COUNTS_SECONDS per process (0: at every scrape).
 */
export async function scrapeMetrics(deps: AppDeps): Promise<{ contentType: string; text: string }> {
  const { metrics } = deps;
  const now = deps.now();
  const countsAge = Date.now() - (orderCountsReadAt.get(metrics) ?? 0);
  const [figures, ordersByStatus] = await Promise.all([
    readScrapeFigures(deps.db, {
      confirmedBefore: new Date(now.getTime() - deps.config.DELIVERY_OVERDUE_MINUTES * 60_000),
    }),
    countsAge >= deps.config.METRICS_ORDER_COUNTS_SECONDS * 1000 ? countOrdersByStatus(deps.db) : undefined,
  ]);
  if (ordersByStatus) {
    orderCountsReadAt.set(metrics, Date.now());
    // Every status shows, at 0 when no order has it, rather than keep the count of an earlier read.
    const counts = new Map(ordersByStatus.map(({ status, count }) => [status, count]));
    for (const status of ORDER_STATUSES) metrics.ordersByStatus.set({ status }, counts.get(status) ?? 0);
  }
  metrics.paidUndeliveredOverdue.set(figures.paidUndeliveredOverdue);
  metrics.mailOutboxDepth.set(figures.mailOutboxQueued);
  metrics.jobQueueDepth.set(figures.jobQueueDepth);
  metrics.jobQueueOldestAge.set(figures.jobQueueOldestAgeSeconds);
  const lastTry = Math.max(metrics.upstreamBalanceAt, balanceAskedAt.get(metrics) ?? 0);
  if (Date.now() - lastTry > BALANCE_MAX_AGE_MS) {
    // Counted as tried even if it fails: an upstream that is down is not asked again at every scrape.
    balanceAskedAt.set(metrics, Date.now());
    await refreshUpstreamBalance(deps);
  }
  return { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
}

/** Asks the upstream for the balance (the provider's wrapper records it); a failure is already counted there. */
async function refreshUpstreamBalance(deps: AppDeps): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BALANCE_TIMEOUT_MS);
  });
  await Promise.race([
    deps.esim.getBalance().then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]);
  clearTimeout(timer);
}
