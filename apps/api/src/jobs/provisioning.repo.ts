import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { destinations, esimBundles, esims, orders, packages, users } from "../db/schema.ts";

export type EsimInsert = typeof esims.$inferInsert;

/** Attention reasons this job sets start with this; a later delivery clears them (and only them). */
export const PROVISIONING_ATTENTION_PREFIX = "provisioning";

/** The order and the package it buys. */
export async function findOrderWithPackage(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ order: orders, package: packages })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, orderId));
  return row;
}

/** The eSIM a top-up order is for. */
export async function findEsimById(db: DbOrTx, esimId: string) {
  const [row] = await db.select().from(esims).where(eq(esims.id, esimId));
  return row;
}

export async function recordProvisioningAttempt(db: DbOrTx, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ provisioningAttempts: sql`${orders.provisioningAttempts} + 1`, updatedAt: now })
    .where(eq(orders.id, orderId));
}

export async function storeUpstreamOrderNo(db: DbOrTx, orderId: string, upstreamOrderNo: string, now: Date) {
  await db.update(orders).set({ upstreamOrderNo, updatedAt: now }).where(eq(orders.id, orderId));
}

/** Keeps the last failure; with a reason, flags the order for the operator (it stays confirmed). */
export async function recordProvisioningFailure(
  db: DbOrTx,
  orderId: string,
  failure: { error: string; attentionReason: string | null; now: Date },
): Promise<void> {
  await db
    .update(orders)
    .set({
      lastProvisioningError: failure.error,
      updatedAt: failure.now,
      ...(failure.attentionReason ? { attentionReason: failure.attentionReason } : {}),
    })
    .where(eq(orders.id, orderId));
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

export async function insertBundles(db: DbOrTx, rows: (typeof esimBundles.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(esimBundles)
    .values(rows)
    .onConflictDoNothing({ target: [esimBundles.esimId, esimBundles.orderId] });
}

/** confirmed → delivered; undefined when it was not confirmed (already delivered by a concurrent run). */
export async function markOrderDelivered(db: DbOrTx, orderId: string, now: Date) {
  const [row] = await db
    .update(orders)
    .set({
      status: "delivered",
      deliveredAt: now,
      updatedAt: now,
      attentionReason: sql`case when ${orders.attentionReason} like ${`${PROVISIONING_ATTENTION_PREFIX}%`} then null else ${orders.attentionReason} end`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, "confirmed")))
    .returning();
  return row;
}

/** Claims the install email of a delivered order before sending it; false when it was already claimed (sent). */
export async function claimInstallEmail(db: DbOrTx, orderId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ installEmailSentAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "delivered"), isNull(orders.installEmailSentAt)))
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** Gives the claim back after a failed send, so the next try sends it. */
export async function releaseInstallEmailClaim(db: DbOrTx, orderId: string): Promise<void> {
  await db.update(orders).set({ installEmailSentAt: null }).where(eq(orders.id, orderId));
}

/** Everything the install email shows: the order, its buyer, plan, destination and eSIMs. */
export async function findInstallEmailData(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ order: orders, user: users, package: packages, destination: destinations })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  // A top-up's email is about the eSIM it was applied to.
  const orderEsims = await db
    .select()
    .from(esims)
    .where(row.order.targetEsimId ? eq(esims.id, row.order.targetEsimId) : eq(esims.orderId, orderId))
    .orderBy(esims.createdAt, esims.id);
  return { ...row, esims: orderEsims };
}
