/**
 * Loads a year of a busy shop by SQL (generate_series): by default 200 000 users, 1 000 000 orders with their
 * payments and invoices, about 1 000 000 eSIMs with their bundles, sessions and sign-in codes (the spreads are in
 * apps/api/src/test/scale-seed.ts). Into DATABASE_URL when set (migrated first, the simulator's catalogue synced),
 * or into an embedded PostgreSQL on a free port in a temporary directory, kept running until Ctrl-C so it can be
 * queried (the URL is printed).
 *
 * Usage: `npx tsx bench/seed-scale.ts [orders=1000000] [users=200000]`
 */
import { randomBytes } from "node:crypto";
import { loadConfig } from "../apps/api/src/config.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { applyMigrations, connectDatabase, type DatabaseHandle } from "../apps/api/src/db/client.ts";
import { installJobQueue } from "../apps/api/src/jobs/worker.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/index.ts";
import { type ScaleSeedCounts, seedScaleData } from "../apps/api/src/test/scale-seed.ts";
import { startBenchStack } from "./bench-kit.ts";

/** Syncs the simulator's catalogue when no plan is on sale yet, then loads the orders. */
export async function loadScaleData(
  handle: DatabaseHandle,
  databaseUrl: string,
  options: { orders: number; users: number; tag?: string; now?: Date; log?: (message: string) => void },
): Promise<{ counts: ScaleSeedCounts; seconds: number; tag: string }> {
  const config = loadConfig(
    { NODE_ENV: "development", LOG_LEVEL: "silent" },
    { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: databaseUrl },
  );
  const deps = createAppDeps(config, handle.db);
  const synced = await syncCatalog(deps);
  options.log?.(`catalogue: ${JSON.stringify(synced)}`);
  const tag = options.tag ?? randomBytes(3).toString("hex");
  const started = performance.now();
  const counts = await seedScaleData(handle.pool, {
    users: options.users,
    orders: options.orders,
    now: options.now ?? new Date(),
    tag,
    ...(options.log ? { log: options.log } : {}),
  });
  return { counts, seconds: (performance.now() - started) / 1000, tag };
}

async function main() {
  const orders = Number(process.argv[2] ?? 1_000_000);
  const users = Number(process.argv[3] ?? 200_000);
  const log = (message: string) => console.info(`  ${message}`);
  const givenUrl = process.env.DATABASE_URL;
  if (givenUrl) {
    const handle = connectDatabase(givenUrl, { max: 2 });
    try {
      await applyMigrations(handle.db);
      await installJobQueue(handle.db);
      const loaded = await loadScaleData(handle, givenUrl, { orders, users, log });
      console.info(`Loaded ${JSON.stringify(loaded.counts)} (tag ${loaded.tag}) in ${loaded.seconds.toFixed(0)} s`);
    } finally {
      await handle.close();
    }
    return;
  }
  const stack = await startBenchStack({ poolSize: 2 });
  try {
    const loaded = await loadScaleData(stack.handle, stack.databaseUrl, { orders, users, log });
    console.info(`Loaded ${JSON.stringify(loaded.counts)} (tag ${loaded.tag}) in ${loaded.seconds.toFixed(0)} s`);
    console.info(`\nDATABASE_URL=${stack.databaseUrl}\nRunning until Ctrl-C (the data is removed then).`);
    await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()));
  } finally {
    await stack.close();
  }
}

if (import.meta.filename === process.argv[1]) await main();
