import { readFileSync } from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A client losing its server (a restart, a failover, the embedded PostgreSQL stopped by the same Ctrl-C) must not
  // crash the process: its queries fail, and the pool replaces it. Every client, from the first (the migrations'),
  // whether idle or held (graphile-worker's LISTEN).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * SQLSTATEs of a server that is going away or not taking connections yet: class 08 (connection exception), 57P01–57P03
 * (administrator or crash shutdown, "the database system is starting up"), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** The socket's word for a server that is not there (a restart, a failover, its address moving). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres and pg-pool say these without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/**
 * Whether an error says that PostgreSQL cannot be reached now (a restart, a failover, a full server), also when
 * Drizzle wrapped the driver's error as its `cause`: the same request may pass later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => message.test(current instanceof Error ? current.message : ""))) {
      return true;
    }
  }
  return false;
}

/** Applies the committed SQL migrations; safe to run on every start. */
export async function applyMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/**
 * The time stamp of the newest committed migration. drizzle records each applied migration with its journal time in
 * drizzle.__drizzle_migrations and applies those newer than the last recorded: a database holding this one is current.
 */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** A text[] parameter for raw SQL (drizzle spreads a JS array into a list of parameters). */
export function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}
