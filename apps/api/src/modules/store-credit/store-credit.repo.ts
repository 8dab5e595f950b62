import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { storeCreditGrants } from "./store-credit.schema.ts";

export type StoreCreditGrantRow = typeof storeCreditGrants.$inferSelect;

export async function insertGrant(
  tx: DbOrTx,
  grant: Omit<typeof storeCreditGrants.$inferInsert, "id" | "expirySettledAt">,
): Promise<StoreCreditGrantRow> {
  const [row] = await tx.insert(storeCreditGrants).values(grant).returning();
  return row!;
}

export function listUserGrants(db: DbOrTx, userId: string): Promise<StoreCreditGrantRow[]> {
  return db.select().from(storeCreditGrants).where(eq(storeCreditGrants.userId, userId));
}

/** Grants past their expiry the sweep has not dealt with, soonest first. */
export function listDueGrants(db: DbOrTx, now: Date, limit: number): Promise<StoreCreditGrantRow[]> {
  return db
    .select()
    .from(storeCreditGrants)
    .where(
      and(
        isNotNull(storeCreditGrants.expiresAt),
        isNull(storeCreditGrants.expirySettledAt),
        lte(storeCreditGrants.expiresAt, now),
      ),
    )
    .orderBy(asc(storeCreditGrants.expiresAt))
    .limit(limit);
}

/** The grant, locked until the caller's transaction ends, if its expiry is still to settle. */
export async function lockUnsettledGrant(tx: DbOrTx, grantId: string): Promise<StoreCreditGrantRow | undefined> {
  const [row] = await tx
    .select()
    .from(storeCreditGrants)
    .where(and(eq(storeCreditGrants.id, grantId), isNull(storeCreditGrants.expirySettledAt)))
    .for("update");
  return row;
}

export async function markGrantSettled(tx: DbOrTx, grantId: string, now: Date): Promise<void> {
  await tx.update(storeCreditGrants).set({ expirySettledAt: now }).where(eq(storeCreditGrants.id, grantId));
}

/** Read only: the orders' numbers, for the history's lines (orders are the orders module's). */
export async function findOrderNumbers(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** Read only: whether the customer exists and still has an account (credit is never given to a deleted one). */
export async function findLiveCustomer(db: DbOrTx, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}
