import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { applyMigrations } from "./client.ts";
import { OWNER_ROLE } from "./embedded.ts";
import * as schema from "./schema.ts";

// The tables the owners' schema files describe (decision 097) are those the committed migrations build, and the
// newest snapshot describes them, so `drizzle-kit generate` writes a migration only for a real change.

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, SnapshotTable>;
}
interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; notNull: boolean }>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, { tableTo: string; columnsFrom: string[]; columnsTo: string[] }>;
  checkConstraints: Record<string, unknown>;
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(path.join(MIGRATIONS_DIR, file), "utf8")) as T;
const journal = await readJson<Journal>("meta/_journal.json");
/** What the schema files describe, as drizzle-kit sees it. */
const described = generateDrizzleJson(schema as Record<string, unknown>) as unknown as Snapshot;

describe("the migrations and the owners' schema files", () => {
  it("are numbered 0000, 0001… without a hole, in the journal's order", () => {
    expect(journal.entries.map((entry) => entry.tag.slice(0, 4))).toEqual(
      journal.entries.map((_, index) => String(index).padStart(4, "0")),
    );
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
  });

  it("each have their drizzle-kit snapshot, chained from the first to the newest", async () => {
    let previous = "00000000-0000-0000-0000-000000000000";
    for (const entry of journal.entries) {
      const snapshot = await readJson<Snapshot>(`meta/${entry.tag.slice(0, 4)}_snapshot.json`);
      expect(snapshot.prevId, entry.tag).toBe(previous);
      previous = snapshot.id;
    }
  });

  it("leave drizzle-kit generate nothing to write against the newest snapshot", async () => {
    const newest = journal.entries.at(-1)!.tag.slice(0, 4);
    const snapshot = await readJson<Snapshot>(`meta/${newest}_snapshot.json`);
    expect(await generateMigration(snapshot as never, described as never)).toEqual([]);
  });

  it("build in the database the tables, columns, indexes, keys and checks the schema files describe", async () => {
    const database = await createTestDatabase();
    try {
      const migrated = await databaseShape(database.pool);
      expect(migrated).toEqual(schemaShape(described));
    } finally {
      await database.close();
    }
  });
});

describe("a database migrated before the migrations were renumbered", () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("starts with the renumbered files and applies nothing twice: drizzle records hashes and times, not names", async () => {
    // The files as they were named before (0025 and 0027 missing), with the same SQL and times.
    const renamed: Record<string, string> = Object.fromEntries(
      [
        "0026_store-credit",
        "0028_workflow-steps",
        "0029_credit-loads",
        "0030_terms-acceptance",
        "0031_console-search",
        "0032_pay-links",
        "0033_auto-top-up",
        "0034_referrals",
        "0035_claims",
        "0036_order-pay-link",
        "0037_esim-webhook-events",
        "0038_discount-floor-and-referral-budgets",
        "0039_esim-documented-states",
        "0040_awaiting-upstream-balance",
        "0041_order-stand-in-package",
        "0042_immutable-invoices-and-credit-notes",
      ].map((old, index) => [`${String(25 + index).padStart(4, "0")}${old.slice(4)}`, old]),
    );
    const oldDir = await mkdtemp(path.join(tmpdir(), "esim-old-migrations-"));
    dirs.push(oldDir);
    await cp(MIGRATIONS_DIR, oldDir, { recursive: true });
    for (const [current, old] of Object.entries(renamed)) {
      await rename(path.join(oldDir, `${current}.sql`), path.join(oldDir, `${old}.sql`));
    }
    const oldJournal = {
      ...journal,
      entries: journal.entries.map((entry) => ({
        ...entry,
        idx: Number((renamed[entry.tag] ?? entry.tag).slice(0, 4)),
        tag: renamed[entry.tag] ?? entry.tag,
      })),
    };
    await writeFile(path.join(oldDir, "meta", "_journal.json"), JSON.stringify(oldJournal, null, 2));
    expect((await readdir(oldDir)).filter((name) => name.startsWith("0025") || name.startsWith("0027"))).toEqual([]);

    const url = await emptyDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const db = drizzle(pool, { schema });
      await migrate(db, { migrationsFolder: oldDir });
      const before = await pool.query("select hash, created_at from drizzle.__drizzle_migrations order by id");
      expect(before.rows).toHaveLength(journal.entries.length);

      await applyMigrations(db);

      const after = await pool.query("select hash, created_at from drizzle.__drizzle_migrations order by id");
      expect(after.rows).toEqual(before.rows);
    } finally {
      await pool.end();
    }
  }, 60_000);
});

/** A new, empty database owned by the app's role; its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `renumbered_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" owner ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject("templateDatabaseUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

type Shape = Record<string, { columns: Record<string, string>; constraints: string[] }>;

/**
 * Each table's columns (type, `not null`), named indexes and checks, and foreign keys by what they join (older
 * migrations let PostgreSQL name them), as the schema files say.
 */
function schemaShape(snapshot: Snapshot): Shape {
  const shape: Shape = {};
  for (const table of Object.values(snapshot.tables)) {
    shape[table.name] = {
      columns: Object.fromEntries(
        Object.values(table.columns).map((column) => [
          column.name,
          `${normalType(column.type)}${column.notNull ? " not null" : ""}`,
        ]),
      ),
      constraints: [
        ...Object.keys(table.indexes),
        ...Object.values(table.foreignKeys).map(
          (key) => `${key.columnsFrom.join(",")} references ${key.tableTo}(${key.columnsTo.join(",")})`,
        ),
        ...Object.keys(table.checkConstraints),
      ].sort(),
    };
  }
  return shape;
}

/** The same, read from a migrated database's catalogue (the public schema; primary and unique keys left aside). */
async function databaseShape(pool: pg.Pool): Promise<Shape> {
  const columns = await pool.query<{ table: string; column: string; type: string; not_null: boolean }>(`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
  const constraints = await pool.query<{ table: string; name: string }>(`
    select t.relname as table, i.relname as name
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and not x.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('u', 'p'))
    union all
    select t.relname, k.conname from pg_constraint k join pg_class t on t.oid = k.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and k.contype = 'c'
    union all
    select t.relname, (select string_agg(a.attname, ',' order by u.i) from unnest(k.conkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n)
      || ' references ' || f.relname || '('
      || (select string_agg(a.attname, ',' order by u.i) from unnest(k.confkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n) || ')'
      from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_class f on f.oid = k.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and k.contype = 'f'`);
  const shape: Shape = {};
  for (const row of columns.rows) {
    shape[row.table] ??= { columns: {}, constraints: [] };
    shape[row.table]!.columns[row.column] = `${normalType(row.type)}${row.not_null ? " not null" : ""}`;
  }
  for (const row of constraints.rows) shape[row.table]?.constraints.push(row.name);
  for (const table of Object.values(shape)) table.constraints.sort();
  return shape;
}

/** One spelling of a type for both sides: "numeric(12, 2)" and "numeric(12,2)", "serial" and "integer". */
function normalType(type: string): string {
  return type
    .toLowerCase()
    .replaceAll(", ", ",")
    .replace(/^serial$/, "integer")
    .replace(/^bigserial$/, "bigint");
}
