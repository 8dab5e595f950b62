import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../test/free-port.ts";
import { OWNER_ROLE, prepareOwnerRole } from "./embedded.ts";

// The test runner's global setup runs an embedded PostgreSQL in its own process: that process must end with the exit
// code it set (vitest sets 1 when a test failed), or `npm test` and CI pass with failing tests.

describe("a process that ran an embedded PostgreSQL", () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("ends with the exit code it set, not 0", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "esim-exit-code-pg-"));
    dataDirs.push(dataDir);
    const embedded = path.join(import.meta.dirname, "embedded.ts");
    const script = [
      `const { startEmbeddedPostgres } = await import(${JSON.stringify(embedded)});`,
      `const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${await freePort()} });`,
      "await server.stop();",
      "process.exitCode = 3;",
    ].join("\n");

    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
      cwd: path.join(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
    });

    expect(child.stderr).not.toMatch(/Error/);
    expect(child.status).toBe(3);
  }, 60_000);
});

describe("the owner role the app connects as (decision 095)", () => {
  it("takes over what an older start created as the superuser, and is no superuser", async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const name = `legacy_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const legacyUrl = new URL(adminUrl);
    legacyUrl.pathname = `/${name}`;
    // A data directory from before: schema, tables, a serial's sequence and a function, all the superuser's.
    const asSuperuser = new pg.Client({ connectionString: legacyUrl.toString() });
    await asSuperuser.connect();
    await asSuperuser.query(`
      create schema legacy_jobs;
      create table notes (id serial primary key, body text);
      create table legacy_jobs.jobs (id bigint generated always as identity, task text);
      create function notes_count() returns bigint language sql as 'select count(*) from notes';
    `);
    await asSuperuser.end();

    await prepareOwnerRole(adminUrl, name);

    const ownerUrl = new URL(inject("templateDatabaseUrl"));
    ownerUrl.pathname = `/${name}`;
    const asOwner = new pg.Client({ connectionString: ownerUrl.toString() });
    await asOwner.connect();
    try {
      const role = await asOwner.query("select rolsuper from pg_roles where rolname = current_user");
      expect(role.rows).toEqual([{ rolsuper: false }]);
      const owners = await asOwner.query(`
        select c.relname as name, pg_get_userbyid(c.relowner) as owner from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'legacy_jobs') and c.relkind in ('r', 'S')
        union all select 'notes_count', pg_get_userbyid(proowner) from pg_proc where proname = 'notes_count'
        union all select 'legacy_jobs', pg_get_userbyid(nspowner) from pg_namespace where nspname = 'legacy_jobs'
        union all select datname, pg_get_userbyid(datdba) from pg_database where datname = current_database()`);
      for (const row of owners.rows) expect(row, row.name).toMatchObject({ owner: OWNER_ROLE });
      expect(owners.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(["notes", "notes_id_seq", "jobs", "jobs_id_seq", "notes_count", "legacy_jobs", name]),
      );
      // It migrates: adds to what it now owns, and the serial still counts.
      await asOwner.query("alter table notes add column at timestamptz; insert into notes (body) values ('x')");
      expect((await asOwner.query("select notes_count() as n")).rows).toEqual([{ n: "1" }]);
      await expect(asOwner.query("set session_replication_role = replica")).rejects.toThrow(/permission denied/);
    } finally {
      await asOwner.end();
    }
    // Run again at the next start: nothing left to do, nothing fails.
    await prepareOwnerRole(adminUrl, name);
  }, 60_000);
});
