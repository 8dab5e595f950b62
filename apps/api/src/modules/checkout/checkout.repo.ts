import { and, eq, inArray, min, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { destinations, packages, priceSettings } from "../../db/schema.ts";

export type PackageRow = typeof packages.$inferSelect;
export type DestinationRow = typeof destinations.$inferSelect;

/** A package and its destination, whether or not they are on sale (the caller decides). */
export async function findPackageWithDestination(
  db: DbOrTx,
  packageId: string,
): Promise<{ package: PackageRow; destination: DestinationRow } | undefined> {
  const [row] = await db
    .select({ package: packages, destination: destinations })
    .from(packages)
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .where(eq(packages.id, packageId));
  return row;
}

/** The one price settings row (DZD per USD, service fee); undefined before the first catalog sync. */
export async function findPriceSettings(db: DbOrTx) {
  const [row] = await db.select().from(priceSettings).where(eq(priceSettings.id, 1));
  return row;
}

/** Lowest price and number of plans on sale, per destination code, for destination summaries. */
export async function summarizeDestinationPlans(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return new Map<string, { fromDzdMinor: number; fromUsdMinor: number; planCount: number }>();
  const rows = await db
    .select({
      code: packages.destinationCode,
      fromDzdMinor: min(packages.retailDzdMinor),
      fromUsdMinor: min(packages.retailUsdMinor),
      planCount: sql<number>`count(*)::int`,
    })
    .from(packages)
    .where(and(inArray(packages.destinationCode, codes), eq(packages.isActive, true), eq(packages.isTopUp, false)))
    .groupBy(packages.destinationCode);
  return new Map(
    rows.map((row) => [
      row.code,
      { fromDzdMinor: row.fromDzdMinor ?? 0, fromUsdMinor: row.fromUsdMinor ?? 0, planCount: row.planCount },
    ]),
  );
}
