import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, connectDatabase } from "../db/client.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { installJobQueue } from "../jobs/worker.ts";

export const TEMPLATE_DATABASE = "esim_template";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the migrated template database; test files clone it. */
    templateDatabaseUrl: string;
    /** The server's superuser, only to create each file's database (owned by the app's owner role). */
    adminDatabaseUrl: string;
  }
}

/** Builds the API if stale, starts one throw-away PostgreSQL for the whole run and migrates a template database once. */
export default async function setup(project: TestProject) {
  // The compiled server, for the tests that start it as deployed: built once here, not by test files side by side.
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "api", "--if-stale"], {
    cwd: path.resolve(import.meta.dirname, "../../../.."),
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`the API build failed:\n${build.stdout}${build.stderr}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "esim-test-pg-"));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const server = await startEmbeddedPostgres({ dataDir, port, database: TEMPLATE_DATABASE, throwaway: true });
  const template = connectDatabase(server.url, { max: 1 });
  await applyMigrations(template.db);
  // graphile-worker's own schema, so every test database can enqueue jobs inside its transactions.
  await installJobQueue(template.db);
  await template.close();
  project.provide("templateDatabaseUrl", server.url);
  project.provide("adminDatabaseUrl", server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
