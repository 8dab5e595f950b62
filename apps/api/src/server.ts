import Fastify, { type FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createAppDeps } from "./create-deps.ts";
import { connectDatabase } from "./db/client.ts";
import { EmbeddedPostgresError, type EmbeddedServer, startEmbeddedPostgres } from "./db/embedded.ts";
import { type BackgroundWork, startBackgroundWork } from "./jobs/background.ts";
import { redactedLoggerOptions } from "./lib/log-redaction.ts";
import { startCatalog } from "./modules/catalog/index.ts";
import { watchOutagesForPayments } from "./modules/payments/index.ts";
import { buildMonitoringApp } from "./monitoring-app.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { isSimulatorEsimProvider } from "./providers/esim/simulator/simulator-esim-provider.ts";
import { simulatorWebhookUrl, startSimulatorNotifier } from "./providers/esim/simulator/simulator-notifier.ts";

/**
 * SIGTERM to exit, at most: systemd's and Docker's default grace before SIGKILL is 10 s. Requests and jobs in flight
 * finish meanwhile; jobs still running at JOBS_RELEASED_AFTER_MS go back to the queue for another worker.
 */
const SHUTDOWN_DEADLINE_MS = 9_500;
const JOBS_RELEASED_AFTER_MS = 7_000;

/** `--role web` (or `--role=web`) on the command line, which wins over PROCESS_ROLE. */
function roleArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === "--role" || arg.startsWith("--role="));
  if (index === -1) return undefined;
  const arg = args[index]!;
  return arg === "--role" ? (args[index + 1] ?? "") : arg.slice("--role=".length);
}

/**
 * Starts the product in its role (decision 042): database (embedded unless DATABASE_URL) and its migrations in every
 * role; HTTP in `web` and `all`; jobs, sweeps, the catalogue sync and the simulator's webhooks in `worker` and `all`.
 */
async function main() {
  const role = roleArgument(process.argv.slice(2));
  const config = loadConfig(role === undefined ? process.env : { ...process.env, PROCESS_ROLE: role });
  const runsHttp = config.PROCESS_ROLE !== "worker";
  const runsJobs = config.PROCESS_ROLE !== "web";
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
  await prepareDatabase(database.db);
  const deps = createAppDeps(config, database.db);
  const app = runsHttp ? await buildApp(deps) : undefined;
  // A worker's deliveries and upstream calls are counted in its own process: /livez, /readyz and /metrics on
  // METRICS_PORT (decision 043).
  const monitoring = !runsHttp && config.METRICS_PORT ? await buildMonitoringApp(deps) : undefined;
  // A worker has no HTTP server, only its logger (pino, as the app's).
  const log: FastifyBaseLogger =
    app?.log ?? Fastify({ logger: redactedLoggerOptions({ level: config.LOG_LEVEL }) }).log.child({ role: "worker" });

  // Whichever process sees the database go queues the recheck of payments still payable once it is back (decision 088).
  const outageWatch = watchOutagesForPayments(deps, { log });

  let stopCatalog: (() => Promise<void>) | undefined;
  let background: BackgroundWork | undefined;
  let simulatorNotifier: { stop(): Promise<void> } | undefined;
  // A signal during the start waits for the jobs to be running, then stops them as usual.
  let jobsStarting: Promise<void> = Promise.resolve();
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, "stopping: finishing in-flight requests and jobs");
    const forceExit = setTimeout(() => {
      log.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    forceExit.unref();
    try {
      // Failed only if PostgreSQL went first (Ctrl-C signals it too): nothing of it is left to stop.
      await jobsStarting.catch(() => {});
      // Before the server closes: a round mid-way finishes its post, then nothing more is sent.
      await simulatorNotifier?.stop();
      // Requests and jobs drain side by side: the deadline is for both.
      await Promise.all([
        app?.close(),
        monitoring?.close(),
        background?.stop({ releaseJobsAfterMs: JOBS_RELEASED_AFTER_MS }),
        stopCatalog?.(),
      ]);
      outageWatch.stop();
      await deps.mailer.close();
      await deps.push.close();
      await database.close();
      // A fast shutdown of PostgreSQL checkpoints first: .data/ stays consistent after Ctrl-C.
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "error while stopping");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGHUP", () => void stop("SIGHUP"));

  const startJobs = async () => {
    // The sync from the upstream; every instance's in-memory catalogue follows it by NOTIFY.
    stopCatalog = startCatalog(deps, log);
    // Jobs (provisioning, outbox emails, pushes), the heartbeat that takes over a dead process's jobs, and the sweeps.
    background = await startBackgroundWork(deps, { log });
    // The simulator posts eSIM Access's webhooks to our webhook route (PUBLIC_URL), so status and usage move on screen.
    simulatorNotifier =
      config.ESIM_PROVIDER === "simulator" && config.SIMULATOR_NOTIFY_SECONDS > 0 && isSimulatorEsimProvider(deps.esim)
        ? startSimulatorNotifier({
            provider: deps.esim,
            webhookUrl: simulatorWebhookUrl(config),
            intervalMs: config.SIMULATOR_NOTIFY_SECONDS * 1000,
            now: deps.now,
            log,
          })
        : undefined;
  };
  if (runsJobs) {
    jobsStarting = startJobs();
    await jobsStarting.catch((error: unknown) => {
      if (!isStopping) throw error;
    });
  }
  if (isStopping) return;
  // Listening last: an instance that answers runs everything its role asks (jobs too: Ctrl-C right after the first
  // answer must find them running, not starting).
  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    log.info(
      `eSIM storefront (${config.PROCESS_ROLE}) on ${config.PUBLIC_URL}${embedded ? " (embedded PostgreSQL, data in .data/)" : ""}`,
    );
  } else {
    await monitoring?.listen({ host: config.HOST, port: config.METRICS_PORT });
    log.info("eSIM storefront worker started: jobs, sweeps and the catalogue sync");
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof EmbeddedPostgresError) console.error(`Cannot start: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
