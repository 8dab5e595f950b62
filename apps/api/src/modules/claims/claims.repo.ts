import type { ClaimStatus } from "@esim/shared/claims/contracts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { claimMessages, claims } from "./claims.schema.ts";

export type ClaimInsert = typeof claims.$inferInsert;
export type ClaimMessageRow = typeof claimMessages.$inferSelect;

/** Inserts a claim; undefined when the eSIM already has an open one (the partial unique index). */
export async function insertClaim(db: DbOrTx, row: ClaimInsert) {
  const [inserted] = await db
    .insert(claims)
    .values(row)
    .onConflictDoNothing({ target: claims.esimId, where: sql`${claims.status} in ('received', 'answered')` })
    .returning();
  return inserted;
}

export async function insertClaimMessage(db: DbOrTx, row: typeof claimMessages.$inferInsert) {
  await db.insert(claimMessages).values(row);
}

export async function findClaim(db: DbOrTx, claimId: string) {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId));
  return row;
}

/** The claim, locked for a decision. */
export async function lockClaim(db: DbOrTx, claimId: string) {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId)).for("update");
  return row;
}

export async function listClaimsOfUser(db: DbOrTx, userId: string, esimId?: string) {
  return db
    .select()
    .from(claims)
    .where(and(eq(claims.userId, userId), esimId ? eq(claims.esimId, esimId) : undefined))
    .orderBy(desc(claims.openedAt))
    .limit(50);
}

/** Claims the user filed since `since` (the daily limit). */
export async function countClaimsSince(db: DbOrTx, userId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(claims)
    .where(and(eq(claims.userId, userId), sql`${claims.openedAt} >= ${since}`));
  return row?.count ?? 0;
}

export async function listClaimMessages(db: DbOrTx, claimIds: string[]) {
  if (claimIds.length === 0) return [];
  return db
    .select()
    .from(claimMessages)
    .where(inArray(claimMessages.claimId, claimIds))
    .orderBy(asc(claimMessages.createdAt), asc(claimMessages.id));
}

const consoleColumns = {
  claim: claims,
  orderNumber: orders.number,
  email: users.email,
  language: users.language,
  name: users.name,
  deletedAt: users.deletedAt,
  iccid: esims.iccid,
  destinationCode: esims.destinationCode,
};

function selectConsoleClaims(db: DbOrTx) {
  return db
    .select(consoleColumns)
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(esims, eq(esims.id, claims.esimId));
}

export type ConsoleClaimRow = Awaited<ReturnType<typeof findConsoleClaim>> & {};

/**
 * The console's list: open claims first, by deadline (the most overdue first), then settled ones, newest first.
 */
export async function listConsoleClaims(db: DbOrTx, options: { status?: ClaimStatus; limit: number }) {
  return selectConsoleClaims(db)
    .where(options.status ? eq(claims.status, options.status) : undefined)
    .orderBy(
      sql`case when ${claims.status} in ('received', 'answered') then 0 else 1 end`,
      sql`case when ${claims.status} in ('received', 'answered') then ${claims.settleBy} end asc`,
      desc(claims.openedAt),
    )
    .limit(options.limit);
}

export async function findConsoleClaim(db: DbOrTx, claimId: string) {
  const [row] = await selectConsoleClaims(db).where(eq(claims.id, claimId));
  return row;
}

/** What the console shows of the claim's eSIM and order: usage, status, APN, the plan's networks, the charge. */
export async function findClaimFacts(db: DbOrTx, claim: { esimId: string; orderId: string }) {
  const [row] = await db
    .select({ esim: esims, networks: packages.networks, order: orders })
    .from(esims)
    .innerJoin(packages, eq(packages.id, esims.packageId))
    .innerJoin(orders, eq(orders.id, claim.orderId))
    .where(eq(esims.id, claim.esimId));
  return row;
}

/** The mail facts of a claim's traveller: address (null once the account is gone), language, first name. */
export async function findClaimTraveller(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** When the order was paid (its creation for an order confirmed without a payment time). */
export async function findOrderPaidAt(db: DbOrTx, orderId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ confirmedAt: orders.confirmedAt, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ? (row.confirmedAt ?? row.createdAt) : undefined;
}

/** The order number and the eSIM's destination names, for a claim's emails. */
export async function findClaimMailFacts(db: DbOrTx, esimId: string) {
  const [row] = await db
    .select({ orderNumber: orders.number, destination: destinations })
    .from(esims)
    .innerJoin(orders, eq(orders.id, esims.orderId))
    .innerJoin(destinations, eq(destinations.code, esims.destinationCode))
    .where(eq(esims.id, esimId));
  return row;
}
