import type { LedgerAccount, LedgerMovementKind } from "@esim/shared/ledger/vocabulary";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { ledgerEntries, ledgerMovements } from "./ledger.schema.ts";

export type LedgerMovementRow = typeof ledgerMovements.$inferSelect;

export interface NewMovement {
  key: string;
  kind: LedgerMovementKind;
  orderId: string | null;
  userId: string | null;
  method: string | null;
  reference: string | null;
  cause: string;
  actor: string;
  createdAt: Date;
}

/** Writes the movement unless its key was posted already: the new row, or undefined when it exists. */
export async function insertMovement(tx: DbOrTx, movement: NewMovement): Promise<LedgerMovementRow | undefined> {
  const [row] = await tx.insert(ledgerMovements).values(movement).onConflictDoNothing().returning();
  return row;
}

export async function findMovementByKey(tx: DbOrTx, key: string): Promise<LedgerMovementRow | undefined> {
  const [row] = await tx.select().from(ledgerMovements).where(eq(ledgerMovements.key, key));
  return row;
}

export async function insertEntries(
  tx: DbOrTx,
  movement: LedgerMovementRow,
  lines: readonly { account: LedgerAccount; amountDzdMinor: number }[],
): Promise<void> {
  await tx.insert(ledgerEntries).values(
    lines.map((line) => ({
      movementId: movement.id,
      account: line.account,
      amountDzdMinor: line.amountDzdMinor,
      orderId: movement.orderId,
      userId: movement.userId,
      createdAt: movement.createdAt,
    })),
  );
}

/** Each account's sum over an order's entries. */
export async function sumOrderAccounts(tx: DbOrTx, orderId: string): Promise<Map<LedgerAccount, number>> {
  const rows = await tx
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountDzdMinor})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((row) => [row.account, Number(row.total)]));
}

/** One account's sum over each of these orders' entries (orders without entries are absent). */
export async function sumAccountByOrder(
  tx: DbOrTx,
  account: LedgerAccount,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderId: ledgerEntries.orderId, total: sql<string>`sum(${ledgerEntries.amountDzdMinor})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), inArray(ledgerEntries.orderId, [...orderIds])))
    .groupBy(ledgerEntries.orderId);
  return new Map(rows.map((row) => [row.orderId!, Number(row.total)]));
}

export async function sumCustomerAccount(tx: DbOrTx, userId: string, account: LedgerAccount): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountDzdMinor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, account)));
  return Number(row?.total ?? 0);
}

/** Each account's sum over the entries written in [from, to), or over all of them without a period. */
export async function sumAccounts(tx: DbOrTx, period?: { from: Date; to: Date }): Promise<Map<LedgerAccount, number>> {
  const rows = await tx
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountDzdMinor})` })
    .from(ledgerEntries)
    .where(period ? and(gte(ledgerEntries.createdAt, period.from), lt(ledgerEntries.createdAt, period.to)) : undefined)
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((row) => [row.account, Number(row.total)]));
}

/** Orders whose refunds_owed account is not settled: what we still owe, oldest debt first. */
export async function listOrdersOwed(tx: DbOrTx, limit: number) {
  const owed = sql<string>`-sum(${ledgerEntries.amountDzdMinor})`;
  const rows = await tx
    .select({
      orderId: ledgerEntries.orderId,
      owedDzdMinor: owed,
      since: sql<Date>`min(${ledgerEntries.createdAt})`.mapWith(ledgerEntries.createdAt),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, "refunds_owed"))
    .groupBy(ledgerEntries.orderId)
    .having(sql`sum(${ledgerEntries.amountDzdMinor}) <> 0`)
    .orderBy(sql`min(${ledgerEntries.createdAt})`)
    .limit(limit);
  return rows.map((row) => ({ orderId: row.orderId!, owedDzdMinor: Number(row.owedDzdMinor), since: row.since }));
}

/** The movements of an order or a customer, oldest first, each with its lines. */
export async function listMovements(tx: DbOrTx, filter: { orderId: string } | { userId: string }) {
  const movements = await tx
    .select()
    .from(ledgerMovements)
    .where(
      "orderId" in filter ? eq(ledgerMovements.orderId, filter.orderId) : eq(ledgerMovements.userId, filter.userId),
    )
    .orderBy(asc(ledgerMovements.seq));
  if (movements.length === 0) return [];
  const lines = await tx
    .select({
      movementId: ledgerEntries.movementId,
      account: ledgerEntries.account,
      amountDzdMinor: ledgerEntries.amountDzdMinor,
    })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.movementId,
        movements.map((movement) => movement.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return movements.map((movement) => ({
    movement,
    lines: lines.filter((line) => line.movementId === movement.id),
  }));
}
