import type { AppDeps } from "../../lib/deps.ts";
import { syncCatalogIfStale } from "./catalog.sync.ts";

/** How old the catalog may get before an instance re-syncs it from the upstream. */
export const CATALOG_RESYNC_EVERY_MS = 6 * 60 * 60 * 1000;
/** How often an instance looks at the catalog's age (one cheap query). */
const CHECK_EVERY_MS = 15 * 60 * 1000;

/** What startCatalog logs with: Fastify's logger, or anything with the same two methods. */
export interface CatalogLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Keeps the catalog imported: syncs at once when it is empty or stale (so a fresh `npm start` shows plans),
 * then re-syncs once the last sync is `resyncEveryMs` old; an instance finding a recent sync by another skips. Failures are
 * logged and retried at the next check. Answers a stop function that waits for a sync in progress.
 */
export function startCatalog(
  deps: Pick<AppDeps, "db" | "esim" | "now">,
  log: CatalogLog,
  options: { resyncEveryMs?: number; checkEveryMs?: number } = {},
): () => Promise<void> {
  const resyncEveryMs = options.resyncEveryMs ?? CATALOG_RESYNC_EVERY_MS;
  let running: Promise<void> | undefined;
  let isStopped = false;

  const runOnce = () => {
    if (running || isStopped) return;
    running = syncCatalogIfStale(deps, resyncEveryMs)
      .then((result) => {
        if (result) log.info({ catalog: result }, "catalog synced from the upstream");
      })
      .catch((error: unknown) => log.warn({ err: error }, "catalog sync failed; the next check retries"))
      .finally(() => {
        running = undefined;
      });
  };

  runOnce();
  const timer = setInterval(runOnce, options.checkEveryMs ?? Math.min(CHECK_EVERY_MS, resyncEveryMs));
  timer.unref();
  return async () => {
    isStopped = true;
    clearInterval(timer);
    await running;
  };
}
