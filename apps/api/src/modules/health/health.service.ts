import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";

/** Resolves when PostgreSQL answers a query; throws SERVICE_UNAVAILABLE otherwise. */
export async function checkDatabase(deps: Pick<AppDeps, "db">): Promise<void> {
  try {
    await deps.db.execute(sql`select 1`);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", { message: "The database does not answer." });
  }
}
