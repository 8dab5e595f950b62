import { and, asc, eq, getTableColumns, inArray, max, min, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import type { DestinationPlans } from "./catalog.presenter.ts";
import { destinationMarkups, destinations, packages, priceSettings } from "./catalog.schema.ts";

export type DestinationRow = typeof destinations.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type PriceSettingsRow = typeof priceSettings.$inferSelect;

/**
 * A plan's parts as another module's query selects them beside its own rows (joined on packages): what our plan name
 * is made of in every language (packages/shared/src/catalog/plan-name.ts), never the upstream's English name.
 */
export const planPartsColumns = {
  destinationCode: packages.destinationCode,
  dataMb: packages.dataMb,
  isUnlimited: packages.isUnlimited,
  dataType: packages.dataType,
  validityDays: packages.validityDays,
  nameOverrides: packages.nameOverrides,
};

/** Which of these plan ids are plans of the catalog (a coupon limited to plans names known ones only). */
export async function findKnownPackageIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: packages.id })
    .from(packages)
    .where(inArray(packages.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** A destination as the summaries of an eSIM and an order show it (the narrow lists of decision 046), joined on destinations. */
export const destinationSummaryColumns = {
  code: destinations.code,
  type: destinations.type,
  nameFr: destinations.nameFr,
  nameEn: destinations.nameEn,
  nameAr: destinations.nameAr,
  memberCountries: destinations.memberCountries,
  isPopular: destinations.isPopular,
};

/** The channel every instance LISTENs on; a sync or a re-pricing NOTIFYs it when it commits. */
export const CATALOG_CHANGED_CHANNEL = "catalog_changed";

// One key for every catalog write (sync, re-pricing): two at once wait for each other instead of interleaving.
const CATALOG_WRITE_LOCK_KEY = 4_242_003;

const UPSERT_CHUNK_ROWS = 500;

/** The value the INSERT proposed for a column, in an ON CONFLICT DO UPDATE. */
function excluded(column: PgColumn) {
  return sql.raw(`excluded."${column.name}"`);
}

/** Waits for, then holds until the transaction ends, the catalog's write lock. */
export async function lockCatalogWrites(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_WRITE_LOCK_KEY})`);
}

/** Queues the catalog-changed notification; PostgreSQL delivers it only if the transaction commits. */
export async function notifyCatalogChanged(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, '')`);
}

/** The settings row, inserted with the given defaults when missing. */
export async function ensurePriceSettings(
  tx: DbOrTx,
  defaults: { dzdPerUsd: string; markupBps: number; serviceFeeDzdMinor: number; now: Date },
): Promise<PriceSettingsRow> {
  const { now, ...values } = defaults;
  await tx
    .insert(priceSettings)
    .values({ id: 1, ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: priceSettings.id });
  const [row] = await tx.select().from(priceSettings).where(eq(priceSettings.id, 1)).for("update");
  return row!;
}

export type DestinationUpsert = Pick<
  DestinationRow,
  "code" | "type" | "nameFr" | "nameEn" | "nameAr" | "memberCountries" | "searchText" | "isPopular" | "popularRank"
>;

/** Inserts or updates destinations by code, each marked active. */
export async function upsertDestinations(tx: DbOrTx, rows: DestinationUpsert[], now: Date): Promise<void> {
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_CHUNK_ROWS);
    await tx
      .insert(destinations)
      .values(chunk.map((row) => ({ ...row, isActive: true, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: destinations.code,
        set: {
          type: excluded(destinations.type),
          nameFr: excluded(destinations.nameFr),
          nameEn: excluded(destinations.nameEn),
          nameAr: excluded(destinations.nameAr),
          memberCountries: excluded(destinations.memberCountries),
          searchText: excluded(destinations.searchText),
          isPopular: excluded(destinations.isPopular),
          popularRank: excluded(destinations.popularRank),
          isActive: true,
          updatedAt: now,
        },
      });
  }
}

/** Marks inactive every active destination whose code is not listed; answers how many. */
export async function deactivateDestinationsExcept(tx: DbOrTx, codes: string[], now: Date): Promise<number> {
  const rows = await tx
    .update(destinations)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(destinations.isActive, true), sql`${destinations.code} <> all(${sql.param(codes)}::text[])`))
    .returning({ code: destinations.code });
  return rows.length;
}

export type PackageUpsert = Omit<
  PackageRow,
  "id" | "isActive" | "isHidden" | "nameOverrides" | "syncedAt" | "createdAt"
>;

/** Inserts or updates packages by (provider, upstream code), each marked active and synced now. */
export async function upsertPackages(tx: DbOrTx, rows: PackageUpsert[], now: Date): Promise<void> {
  const {
    id: _id,
    provider: _provider,
    upstreamCode: _code,
    createdAt: _createdAt,
    // The operator's choice survives every sync.
    isHidden: _isHidden,
    nameOverrides: _nameOverrides,
    ...updatable
  } = getTableColumns(packages);
  const set = Object.fromEntries(Object.entries(updatable).map(([key, column]) => [key, excluded(column)]));
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_CHUNK_ROWS);
    await tx
      .insert(packages)
      .values(chunk.map((row) => ({ ...row, isActive: true, syncedAt: now, createdAt: now })))
      .onConflictDoUpdate({ target: [packages.provider, packages.upstreamCode], set });
  }
}

/** Marks inactive every active package of the provider whose code is not listed; answers how many. */
export async function deactivatePackagesExcept(
  tx: DbOrTx,
  provider: string,
  codes: string[],
  options: { keepTopUps?: boolean } = {},
): Promise<number> {
  const rows = await tx
    .update(packages)
    .set({ isActive: false })
    .where(
      and(
        eq(packages.provider, provider),
        eq(packages.isActive, true),
        sql`${packages.upstreamCode} <> all(${sql.param(codes)}::text[])`,
        options.keepTopUps ? eq(packages.isTopUp, false) : undefined,
      ),
    )
    .returning({ id: packages.id });
  return rows.length;
}

/** What re-pricing needs of every package. */
export async function listPackagePricingInputs(tx: DbOrTx) {
  return tx
    .select({
      id: packages.id,
      destinationCode: packages.destinationCode,
      costUsdE4: packages.costUsdE4,
      compareAtUsdMinor: packages.compareAtUsdMinor,
      retailDzdMinor: packages.retailDzdMinor,
    })
    .from(packages);
}

/** Writes new prices for many packages in one statement. */
export async function updatePackagePrices(
  tx: DbOrTx,
  updates: {
    id: string;
    retailDzdMinor: number;
    retailUsdMinor: number;
    compareAtDzdMinor: number | null;
    compareAtUsdMinor: number | null;
  }[],
): Promise<void> {
  if (updates.length === 0) return;
  const column = <K extends keyof (typeof updates)[number]>(key: K) => sql.param(updates.map((update) => update[key]));
  await tx.execute(sql`
    update ${packages} set
      retail_dzd_minor = v.retail_dzd_minor,
      retail_usd_minor = v.retail_usd_minor,
      compare_at_dzd_minor = v.compare_at_dzd_minor,
      compare_at_usd_minor = v.compare_at_usd_minor
    from unnest(
      ${column("id")}::uuid[], ${column("retailDzdMinor")}::int[], ${column("retailUsdMinor")}::int[],
      ${column("compareAtDzdMinor")}::int[], ${column("compareAtUsdMinor")}::int[]
    ) as v(id, retail_dzd_minor, retail_usd_minor, compare_at_dzd_minor, compare_at_usd_minor)
    where ${packages.id} = v.id`);
}

/** Everything the read cache holds: active destinations and their active base (not top-up) packages, none hidden. */
export async function loadActiveCatalog(
  db: DbOrTx,
): Promise<{ destinations: DestinationRow[]; packages: PackageRow[] }> {
  const [destinationRows, packageRows] = await Promise.all([
    db
      .select()
      .from(destinations)
      .where(and(eq(destinations.isActive, true), eq(destinations.isHidden, false)))
      .orderBy(asc(destinations.code)),
    db
      .select()
      .from(packages)
      .where(and(eq(packages.isActive, true), eq(packages.isHidden, false), eq(packages.isTopUp, false)))
      .orderBy(asc(packages.destinationCode), asc(packages.upstreamCode)),
  ]);
  // An operator's "popular" wins over the sync's default list.
  return {
    destinations: destinationRows.map((row) => ({ ...row, isPopular: row.popularOverride ?? row.isPopular })),
    packages: packageRows,
  };
}

/** When the last sync wrote a package, or null on an empty catalog. */
export async function findLastSyncedAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ lastSyncedAt: max(packages.syncedAt) }).from(packages);
  return row?.lastSyncedAt ?? null;
}

/** Active base packages of some destinations, cheapest first: the operator's sample after a rate change. */
export async function listSamplePackages(db: DbOrTx, destinationCodes: string[]) {
  return db
    .select({
      id: packages.id,
      destinationCode: packages.destinationCode,
      name: packages.name,
      retailDzdMinor: packages.retailDzdMinor,
      retailUsdMinor: packages.retailUsdMinor,
    })
    .from(packages)
    .where(
      and(
        eq(packages.isActive, true),
        eq(packages.isTopUp, false),
        inArray(packages.destinationCode, destinationCodes),
      ),
    )
    .orderBy(asc(packages.retailDzdMinor), asc(packages.upstreamCode));
}

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
export async function findPriceSettings(db: DbOrTx): Promise<PriceSettingsRow | undefined> {
  const [row] = await db.select().from(priceSettings).where(eq(priceSettings.id, 1));
  return row;
}

/** Lowest price and number of plans on sale, per destination code, for destination summaries. */
export async function summarizeDestinationPlans(db: DbOrTx, codes: string[]): Promise<Map<string, DestinationPlans>> {
  if (codes.length === 0) return new Map();
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

/** Writes every price setting at once. */
export async function updatePriceSettings(
  tx: DbOrTx,
  values: { dzdPerUsd: string; markupBps: number; serviceFeeDzdMinor: number; now: Date },
): Promise<void> {
  const { now, ...columns } = values;
  await tx
    .update(priceSettings)
    .set({ ...columns, updatedAt: now })
    .where(eq(priceSettings.id, 1));
}

/** Packages on sale with what re-pricing needs and what the operator recognises them by, by destination then price. */
export async function listPricedPackagesOnSale(db: DbOrTx) {
  return db
    .select({
      id: packages.id,
      destinationCode: packages.destinationCode,
      name: packages.name,
      validityDays: packages.validityDays,
      dataMb: packages.dataMb,
      isTopUp: packages.isTopUp,
      costUsdE4: packages.costUsdE4,
      compareAtUsdMinor: packages.compareAtUsdMinor,
      retailDzdMinor: packages.retailDzdMinor,
    })
    .from(packages)
    .where(eq(packages.isActive, true))
    .orderBy(asc(packages.destinationCode), asc(packages.retailDzdMinor), asc(packages.upstreamCode));
}

/** Every active destination (hidden ones included) with its base plans' counts, for the console. */
export async function listDestinationsForConsole(db: DbOrTx, code?: string) {
  return db
    .select({
      destination: destinations,
      planCount: sql<number>`count(${packages.id}) filter (where ${packages.isTopUp} = false)::int`,
      hiddenPlanCount: sql<number>`count(${packages.id}) filter (where ${packages.isTopUp} = false and ${packages.isHidden})::int`,
    })
    .from(destinations)
    .leftJoin(packages, and(eq(packages.destinationCode, destinations.code), eq(packages.isActive, true)))
    .where(and(eq(destinations.isActive, true), code === undefined ? undefined : eq(destinations.code, code)))
    .groupBy(destinations.code)
    .orderBy(asc(destinations.nameFr));
}

/** A destination's active packages (base and top-ups), hidden ones included, by days then data. */
export async function listDestinationPackagesForConsole(db: DbOrTx, destinationCode: string) {
  return db
    .select()
    .from(packages)
    .where(and(eq(packages.destinationCode, destinationCode), eq(packages.isActive, true)))
    .orderBy(asc(packages.isTopUp), asc(packages.validityDays), asc(packages.dataMb), asc(packages.upstreamCode));
}

/** Locks and answers one destination row. */
export async function lockDestination(tx: DbOrTx, code: string): Promise<DestinationRow | undefined> {
  const [row] = await tx.select().from(destinations).where(eq(destinations.code, code)).for("update");
  return row;
}

export async function updateDestinationVisibility(
  tx: DbOrTx,
  code: string,
  values: { isHidden: boolean; popularOverride: boolean | null; now: Date },
): Promise<void> {
  await tx
    .update(destinations)
    .set({ isHidden: values.isHidden, popularOverride: values.popularOverride, updatedAt: values.now })
    .where(eq(destinations.code, code));
}

/** Locks and answers one package row. */
export async function lockPackage(tx: DbOrTx, id: string): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for("update");
  return row;
}

export async function updatePackageVisibility(
  tx: DbOrTx,
  id: string,
  values: { isHidden: boolean; nameOverrides: PackageRow["nameOverrides"] },
): Promise<void> {
  await tx.update(packages).set(values).where(eq(packages.id, id));
}

/** Each destination's own markup (basis points), by destination code. */
export async function listDestinationMarkups(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select().from(destinationMarkups).orderBy(asc(destinationMarkups.destinationCode));
  return new Map(rows.map((row) => [row.destinationCode, row.markupBps]));
}

/** Replaces every destination's own markup with these. */
export async function replaceDestinationMarkups(tx: DbOrTx, markups: Map<string, number>, now: Date): Promise<void> {
  await tx.delete(destinationMarkups);
  if (markups.size === 0) return;
  await tx
    .insert(destinationMarkups)
    .values([...markups].map(([destinationCode, markupBps]) => ({ destinationCode, markupBps, createdAt: now })));
}

/** The codes among these that name a destination of the catalogue. */
export async function findDestinationCodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: destinations.code }).from(destinations).where(inArray(destinations.code, codes));
  return new Set(rows.map((row) => row.code));
}
