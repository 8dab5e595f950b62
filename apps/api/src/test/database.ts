import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../db/client.ts";
import { OWNER_ROLE } from "../db/embedded.ts";

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const templateUrl = new URL(inject("templateDatabaseUrl"));
  const templateName = templateUrl.pathname.slice(1);
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  // The superuser creates the database; the test connects as the owner role, as the app does (decision 095).
  const adminClient = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await adminClient.connect();
  try {
    // Two files cloning at the same instant can collide on the template's lock: try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await adminClient.query(`create database "${name}" template "${templateName}" owner ${OWNER_ROLE}`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await adminClient.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 5 });
  return { ...handle, url: url.toString() };
}
