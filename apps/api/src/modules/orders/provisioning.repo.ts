import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { listOrderEsims } from "./orders.repo.ts";
import { orders } from "./orders.schema.ts";

/** The order and the package it buys. */
export async function findOrderWithPackage(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ order: orders, package: packages })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, orderId));
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

/**
 * Records what the order costs at the upstream (the whole order, USD × 10 000) and the DZD-per-USD rate of now, once:
 * a later run (after a crash, a retry, a rate change) keeps the first record, made before the upstream was first called.
 */
export async function recordUpstreamCost(
  db: DbOrTx,
  orderId: string,
  cost: { upstreamCostUsdE4: number; dzdPerUsd: string; standInPackageId: string | null },
  options: { replace?: boolean } = {},
): Promise<void> {
  // The first cost stays (a retry may find the earlier purchase made) unless the upstream refused that price.
  await db
    .update(orders)
    .set({
      upstreamCostUsdE4: cost.upstreamCostUsdE4,
      upstreamDzdPerUsd: cost.dzdPerUsd,
      standInPackageId: cost.standInPackageId,
    })
    .where(options.replace ? eq(orders.id, orderId) : and(eq(orders.id, orderId), isNull(orders.upstreamCostUsdE4)));
}

/** Keeps the last provisioning failure for the operator (the order stays confirmed). */
export async function recordProvisioningFailure(
  db: DbOrTx,
  orderId: string,
  failure: { error: string; now: Date },
): Promise<void> {
  await db
    .update(orders)
    .set({ lastProvisioningError: failure.error, updatedAt: failure.now })
    .where(eq(orders.id, orderId));
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
  const orderEsims = await listOrderEsims(db, [row.order]);
  return { ...row, esims: orderEsims.get(orderId) ?? [] };
}

/** The paid order whose upstream order this is, if any (orders_upstream_order_no_idx). */
export async function findConfirmedOrderByUpstreamOrderNo(db: DbOrTx, upstreamOrderNo: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.upstreamOrderNo, upstreamOrderNo), eq(orders.status, "confirmed")));
  return row;
}

/** Paid orders waiting for our upstream balance (decision 089), oldest payment first, with what each costs upstream. */
export async function listOrdersAwaitingUpstreamBalance(db: DbOrTx) {
  return db
    .select({ id: orders.id, quantity: orders.quantity, unitCostUsdE4: packages.costUsdE4 })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(and(eq(orders.attentionKind, "awaiting_upstream_balance"), eq(orders.status, "confirmed")))
    .orderBy(orders.confirmedAt, orders.createdAt, orders.id);
}
