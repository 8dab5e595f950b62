/**
 * A worker process without HTTP (DESIGN §9: graphile-worker in every instance or in separate processes):
 * `tsx apps/api/src/jobs/worker-main.ts` with DATABASE_URL. Stops gracefully on SIGTERM/SIGINT, letting running jobs end.
 */
import { ConfigError, loadConfig } from "../config.ts";
import { createAppDeps } from "../create-deps.ts";
import { connectDatabase } from "../db/client.ts";
import { buildMonitoringApp } from "../monitoring-app.ts";
import { startBackgroundWork } from "./background.ts";
import { installJobQueue, type WorkerLog } from "./worker.ts";

const consoleLog: WorkerLog = {
  error: (details, message) => console.error(message, details),
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
  debug: () => {},
};

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new ConfigError("DATABASE_URL: a separate worker needs the shared database");
  const database = connectDatabase(config.DATABASE_URL);
  await installJobQueue(database.db);
  const deps = createAppDeps(config, database.db);
  const log = config.LOG_LEVEL === "silent" ? { ...consoleLog, info: () => {}, warn: () => {} } : consoleLog;
  const background = await startBackgroundWork(deps, { log });
  // Its deliveries and upstream calls are counted in this process: scraped on METRICS_PORT (decision 043).
  const monitoring = config.METRICS_PORT ? await buildMonitoringApp(deps) : undefined;
  await monitoring?.listen({ host: config.HOST, port: config.METRICS_PORT });
  const stop = async () => {
    await monitoring?.close();
    await background.stop();
    await deps.mailer.close();
    await deps.push.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  console.info("worker started");
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
