import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "./db/client.ts";
import { OWNER_ROLE } from "./db/embedded.ts";
import { prepareDatabase } from "./prepare-database.ts";

const adminUrl = new URL(inject("adminDatabaseUrl"));
const ownerUrl = new URL(inject("templateDatabaseUrl"));
const handles: DatabaseHandle[] = [];

/** An empty database (no migration applied), as a new deployment's managed PostgreSQL gives. */
async function createEmptyDatabase(): Promise<string> {
  const name = `empty_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template template0 owner ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ownerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const handle of handles) await handle.close();
});

describe("prepareDatabase", () => {
  it("migrates an empty database once when four instances start at the same moment: none fails", async () => {
    const url = await createEmptyDatabase();
    // One pool per instance, as four processes would have.
    const instances = Array.from({ length: 4 }, () => connectDatabase(url, { max: 3 }));
    handles.push(...instances);

    const results = await Promise.allSettled(instances.map((instance) => prepareDatabase(instance.db)));

    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const pool = instances[0]!.pool;
    const applied = await pool.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(applied.rowCount);
    const tables = await pool.query("select 1 from information_schema.tables where table_name = 'orders'");
    expect(tables.rowCount).toBe(1);
    const jobQueue = await pool.query("select count(*)::int as count from graphile_worker.migrations");
    expect(jobQueue.rows[0].count).toBeGreaterThan(0);
  });

  it("finds nothing to do on an instance starting later, leaving what was applied as it was", async () => {
    const url = await createEmptyDatabase();
    const first = connectDatabase(url, { max: 3 });
    const later = connectDatabase(url, { max: 3 });
    handles.push(first, later);
    await prepareDatabase(first.db);
    const before = await first.pool.query("select id, hash, created_at from drizzle.__drizzle_migrations order by id");

    await prepareDatabase(later.db);

    const after = await first.pool.query("select id, hash, created_at from drizzle.__drizzle_migrations order by id");
    expect(after.rows).toEqual(before.rows);
  });
});
