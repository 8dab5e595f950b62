import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createAppDeps } from "./create-deps.ts";
import { applyMigrations, connectDatabase } from "./db/client.ts";
import { EmbeddedPostgresError, type EmbeddedServer, startEmbeddedPostgres } from "./db/embedded.ts";
import { startBackgroundWork } from "./jobs/background.ts";
import { installJobQueue } from "./jobs/worker.ts";
import { startCatalog } from "./modules/catalog/index.ts";
import { isSimulatorEsimProvider } from "./providers/esim/simulator/simulator-esim-provider.ts";
import { simulatorWebhookUrl, startSimulatorNotifier } from "./providers/esim/simulator/simulator-notifier.ts";

/** Starts the whole product: database (embedded unless DATABASE_URL), migrations, mail, HTTP. */
async function main() {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => console.error(`[embedded PostgreSQL] ${line}`),
    });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl);
  await applyMigrations(database.db);
  await installJobQueue(database.db);
  const deps = createAppDeps(config, database.db);
  const app = await buildApp(deps);
  const stopCatalog = startCatalog(deps, app.log);
  // Jobs (provisioning, outbox emails, pushes), the heartbeat that takes over a dead process's jobs, and the sweeps;
  // stopped (running jobs finish) before the pool closes.
  const background = await startBackgroundWork(deps, { log: app.log });
  // The simulator posts eSIM Access's webhooks to our own route, so status and usage move on screen as they would.
  const simulatorNotifier =
    config.ESIM_PROVIDER === "simulator" && config.SIMULATOR_NOTIFY_SECONDS > 0 && isSimulatorEsimProvider(deps.esim)
      ? startSimulatorNotifier({
          provider: deps.esim,
          webhookUrl: simulatorWebhookUrl(config),
          intervalMs: config.SIMULATOR_NOTIFY_SECONDS * 1000,
          now: deps.now,
          log: app.log,
        })
      : undefined;

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, "stopping: finishing in-flight requests");
    const forceExit = setTimeout(() => {
      app.log.error("shutdown took over 20 s; exiting");
      process.exit(1);
    }, 20_000);
    forceExit.unref();
    try {
      // Before the server closes: a round mid-way finishes its post, then nothing more is sent.
      await simulatorNotifier?.stop();
      await app.close();
      await background.stop();
      await stopCatalog();
      await deps.mailer.close();
      await deps.push.close();
      await database.close();
      // A fast shutdown of PostgreSQL checkpoints first: .data/ stays consistent after Ctrl-C.
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while stopping");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGHUP", () => void stop("SIGHUP"));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`eSIM storefront on ${config.PUBLIC_URL}${embedded ? " (embedded PostgreSQL, data in .data/)" : ""}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof EmbeddedPostgresError) console.error(`Cannot start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
