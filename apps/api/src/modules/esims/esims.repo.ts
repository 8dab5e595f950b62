import type { EsimStatus } from "@esim/shared/statuses";
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import type { UpstreamProfile } from "../../providers/esim/esim-port.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { destinationSummaryColumns } from "../catalog/index.ts";
import { orders } from "../orders/orders.schema.ts";
import { cancellationRequests, esimBundles, esims } from "./esims.schema.ts";

export type EsimRow = typeof esims.$inferSelect;
export type EsimInsert = typeof esims.$inferInsert;
export type BundleInsert = typeof esimBundles.$inferInsert;

/** Most eSIMs a list answers: newest first. */
const LIST_LIMIT = 200;

const esimViewColumns = { esim: esims, package: packages, destination: destinations, orderNumber: orders.number };

function selectEsimViews(db: DbOrTx) {
  return db
    .select(esimViewColumns)
    .from(esims)
    .innerJoin(packages, eq(packages.id, esims.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .innerJoin(orders, eq(orders.id, esims.orderId));
}

export type EsimView = Awaited<ReturnType<typeof listUserEsimViews>>[number];

const userEsimViews = preparedQuery("list_user_esim_views", (db) =>
  selectEsimViews(db)
    .where(eq(esims.userId, sql.placeholder("userId")))
    .orderBy(desc(esims.createdAt), desc(esims.id))
    .limit(LIST_LIMIT),
);

/** The user's eSIMs with their first plan, destination and order number, newest first. */
export async function listUserEsimViews(db: DbOrTx, userId: string) {
  return userEsimViews(db, { userId });
}

// The signed-in list (My eSIMs, the busiest read after the session) reads only what its summary shows: a third of
// the view's columns, so a third of the rows' decoding, mapping and garbage.
const esimSummaryColumns = {
  esim: {
    id: esims.id,
    status: esims.status,
    iccid: esims.iccid,
    dataTotalBytes: esims.dataTotalBytes,
    dataUsedBytes: esims.dataUsedBytes,
    usageUpdatedAt: esims.usageUpdatedAt,
    expiresAt: esims.expiresAt,
    activateBefore: esims.activateBefore,
  },
  package: {
    name: packages.name,
    dataMb: packages.dataMb,
    isUnlimited: packages.isUnlimited,
    validityDays: packages.validityDays,
    validityStart: packages.validityStart,
    supportsTopUp: packages.supportsTopUp,
  },
  destination: destinationSummaryColumns,
};

export type EsimSummaryView = Awaited<ReturnType<typeof listUserEsimSummaries>>[number];

const userEsimSummaries = preparedQuery("list_user_esim_summaries", (db) =>
  db
    .select(esimSummaryColumns)
    .from(esims)
    .innerJoin(packages, eq(packages.id, esims.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .where(eq(esims.userId, sql.placeholder("userId")))
    .orderBy(desc(esims.createdAt), desc(esims.id))
    .limit(LIST_LIMIT),
);

/** The user's eSIMs as My eSIMs shows them (no secrets, no order), newest first. */
export async function listUserEsimSummaries(db: DbOrTx, userId: string) {
  return userEsimSummaries(db, { userId });
}

/** One eSIM of the user; undefined when unknown or someone else's. */
export async function findUserEsimView(db: DbOrTx, userId: string, esimId: string): Promise<EsimView | undefined> {
  const [row] = await selectEsimViews(db).where(and(eq(esims.id, esimId), eq(esims.userId, userId)));
  return row;
}

/** Every package applied to the eSIM (first plan and top-ups), oldest first. */
export async function listEsimBundles(db: DbOrTx, esimId: string) {
  return db
    .select({ bundle: esimBundles, planName: packages.name, isUnlimited: packages.isUnlimited, order: orders })
    .from(esimBundles)
    .innerJoin(packages, eq(packages.id, esimBundles.packageId))
    .innerJoin(orders, eq(orders.id, esimBundles.orderId))
    .where(eq(esimBundles.esimId, esimId))
    .orderBy(asc(esimBundles.appliedAt), asc(esimBundles.createdAt));
}

/**
 * Active TOPUP packages for an eSIM of `base`: those of its provider whose upstream codes the provider lists for this
 * eSIM (eSIM Access's package/list with its ICCID or its base packageCode). Never a guess by destination: a top-up the
 * upstream has not listed may be refused after the customer paid (decision 085).
 */
export async function listCompatibleTopUpPackages(
  db: DbOrTx,
  base: typeof packages.$inferSelect,
  upstreamCodes: string[],
) {
  if (upstreamCodes.length === 0) return [];
  return db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.isActive, true),
        eq(packages.isTopUp, true),
        eq(packages.provider, base.provider),
        inArray(packages.upstreamCode, upstreamCodes),
      ),
    )
    .orderBy(asc(packages.retailDzdMinor), asc(packages.validityDays));
}

/**
 * The eSIMs a webhook names: by upstream reference, ICCID, or the upstream order number. One query per kind of
 * hint, united: each is an index lookup, where one `OR` across the join made PostgreSQL read both tables in full.
 */
export function selectEsimsByUpstreamHint(
  db: DbOrTx,
  hint: { references: string[]; iccids: string[]; orderNos: string[] },
) {
  const lookups = [
    hint.references.length > 0
      ? db.select().from(esims).where(inArray(esims.upstreamReference, hint.references))
      : undefined,
    hint.iccids.length > 0 ? db.select().from(esims).where(inArray(esims.iccid, hint.iccids)) : undefined,
    hint.orderNos.length > 0
      ? db
          .select(getTableColumns(esims))
          .from(esims)
          .innerJoin(orders, eq(orders.id, esims.orderId))
          .where(inArray(orders.upstreamOrderNo, hint.orderNos))
      : undefined,
  ].filter((lookup) => lookup !== undefined);
  const [first, second, ...rest] = lookups;
  if (!first) return undefined;
  return (second ? union(first, second, ...rest) : first).limit(LIST_LIMIT);
}

export async function findEsimsByUpstreamHint(
  db: DbOrTx,
  hint: { references: string[]; iccids: string[]; orderNos: string[] },
): Promise<EsimRow[]> {
  return (await selectEsimsByUpstreamHint(db, hint)) ?? [];
}

/** Available eSIMs (by status) not updated since `before`, least recently updated first. */
export async function findStaleEsims(
  db: DbOrTx,
  options: { statuses: readonly EsimStatus[]; before: Date; limit: number },
): Promise<EsimRow[]> {
  return db
    .select()
    .from(esims)
    .where(and(inArray(esims.status, [...options.statuses]), lt(esims.updatedAt, options.before)))
    .orderBy(asc(esims.updatedAt))
    .limit(options.limit);
}

/**
 * Stores what the upstream answered about the eSIM (status, usage, dates); touches updatedAt. An ICCID the eSIM was
 * delivered without is filled in once the upstream gives it; one already stored is kept (esimTranNo is the key).
 */
export async function updateEsimFromUpstream(
  db: DbOrTx,
  esimId: string,
  profile: UpstreamProfile,
  now: Date,
): Promise<EsimRow | undefined> {
  const [row] = await db
    .update(esims)
    .set({
      status: profile.status,
      dataTotalBytes: profile.totalBytes,
      dataUsedBytes: profile.usedBytes,
      usageUpdatedAt: profile.usageUpdatedAt,
      expiresAt: profile.expiresAt,
      activateBefore: profile.activateBefore,
      ...(profile.iccid ? { iccid: sql`coalesce(${esims.iccid}, ${profile.iccid})` } : {}),
      updatedAt: now,
    })
    .where(eq(esims.id, esimId))
    .returning();
  return row;
}

/** Marks the eSIM as looked at (the upstream did not know it or failed), so the sweep moves on. */
export async function touchEsim(db: DbOrTx, esimId: string, now: Date): Promise<void> {
  await db.update(esims).set({ updatedAt: now }).where(eq(esims.id, esimId));
}

/** How many bundles of this package the eSIM holds from orders other than `exceptOrderId` (decision 053). */
export async function countEsimBundlesOfPackage(
  db: DbOrTx,
  options: { esimId: string; packageId: string; exceptOrderId: string },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(esimBundles)
    .where(
      and(
        eq(esimBundles.esimId, options.esimId),
        eq(esimBundles.packageId, options.packageId),
        ne(esimBundles.orderId, options.exceptOrderId),
      ),
    );
  return row?.count ?? 0;
}

/** An eSIM by id (a top-up's target). */
export async function findEsimById(db: DbOrTx, esimId: string) {
  const [row] = await db.select().from(esims).where(eq(esims.id, esimId));
  return row;
}

/**
 * Inserts the eSIMs of an order; one already stored (same provider and upstream reference) is kept as is, so a
 * re-run never duplicates. Answers the ids of all of them, by upstream reference.
 */
export async function insertEsims(db: DbOrTx, rows: EsimInsert[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  await db
    .insert(esims)
    .values(rows)
    .onConflictDoNothing({ target: [esims.provider, esims.upstreamReference] });
  const stored = await db
    .select({ id: esims.id, reference: esims.upstreamReference })
    .from(esims)
    .where(
      and(
        eq(esims.provider, rows[0]!.provider),
        inArray(
          esims.upstreamReference,
          rows.map((row) => row.upstreamReference),
        ),
      ),
    );
  return new Map(stored.map((row) => [row.reference, row.id]));
}

/**
 * Stores bundles just applied (each its eSIM's latest): the eSIM's expiry alert is due again for the new bundle, so
 * its copy of the flag is cleared (esim-alerts.repo.ts).
 */
export async function insertBundles(db: DbOrTx, rows: BundleInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await db
    .insert(esimBundles)
    .values(rows)
    .onConflictDoNothing({ target: [esimBundles.esimId, esimBundles.orderId] })
    .returning({ esimId: esimBundles.esimId });
  if (inserted.length === 0) return;
  await db
    .update(esims)
    .set({ expiryAlertSentAt: null })
    .where(
      and(
        inArray(
          esims.id,
          inserted.map((row) => row.esimId),
        ),
        isNotNull(esims.expiryAlertSentAt),
      ),
    );
}

/**
 * Clears the install secrets (activation code, matching id, QR link) of eSIMs whose owner deleted the account since
 * `since`, and the words they gave when asking to cancel one; the rows stay for their orders. Answers how many eSIMs
 * were cleared.
 */
export async function clearSecretsOfDeletedAccounts(db: DbOrTx, since: Date): Promise<number> {
  // Through users_deleted_at_idx, then esims_user_idx: only the accounts deleted lately are read, not every one.
  const deletedUserIds = db.select({ id: users.id }).from(users).where(gte(users.deletedAt, since));
  const cleared = await db
    .update(esims)
    .set({ activationCode: "", matchingId: "", qrCodeUrl: null })
    .where(and(inArray(esims.userId, deletedUserIds), ne(esims.activationCode, "")))
    .returning({ id: esims.id });
  await db
    .update(cancellationRequests)
    .set({ reason: null })
    .where(and(inArray(cancellationRequests.userId, deletedUserIds), isNotNull(cancellationRequests.reason)));
  return cleared.length;
}
