import { and, arrayContains, asc, eq, gte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { PackageRow } from "./catalog.repo.ts";
import { packages } from "./catalog.schema.ts";

/**
 * The packages that can stand in for a withdrawn one (decision 083): on sale for the same destination, a new eSIM
 * like it, never less than what the traveller bought: the same kind of data allowance (total, daily, unlimited) with
 * at least its data and days, days that start the same way (at installation or at the first connection), covering at
 * least its countries, and taking top-ups if it did. Cheapest upstream cost first: the buyer keeps the margin floor.
 */
export async function listEquivalentPackages(
  db: DbOrTx,
  withdrawn: Pick<
    PackageRow,
    | "id"
    | "provider"
    | "destinationCode"
    | "dataMb"
    | "isUnlimited"
    | "dataType"
    | "validityDays"
    | "validityStart"
    | "coverage"
    | "isTopUp"
    | "supportsTopUp"
  >,
): Promise<PackageRow[]> {
  if (withdrawn.isTopUp) return [];
  return db
    .select()
    .from(packages)
    .where(
      and(
        ne(packages.id, withdrawn.id),
        eq(packages.provider, withdrawn.provider),
        eq(packages.destinationCode, withdrawn.destinationCode),
        eq(packages.isActive, true),
        eq(packages.isHidden, false),
        eq(packages.isTopUp, false),
        eq(packages.isUnlimited, withdrawn.isUnlimited),
        eq(packages.dataType, withdrawn.dataType),
        eq(packages.validityStart, withdrawn.validityStart),
        gte(packages.validityDays, withdrawn.validityDays),
        withdrawn.dataMb === null ? sql`true` : gte(packages.dataMb, withdrawn.dataMb),
        withdrawn.supportsTopUp ? eq(packages.supportsTopUp, true) : sql`true`,
        arrayContains(packages.coverage, withdrawn.coverage),
      ),
    )
    .orderBy(asc(packages.costUsdE4), asc(packages.dataMb), asc(packages.validityDays));
}
