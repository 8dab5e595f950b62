import type { Language } from "@esim/shared/locale";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { payLinks } from "./pay-links.schema.ts";

export type PayLinkRow = typeof payLinks.$inferSelect;
export type NewPayLink = typeof payLinks.$inferInsert;

/** Writes a link unless the user's client reference has one already: the new row, or undefined. */
export async function insertPayLink(db: DbOrTx, values: NewPayLink): Promise<PayLinkRow | undefined> {
  const [row] = await db.insert(payLinks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPayLinkByReference(db: DbOrTx, userId: string, clientReference: string) {
  const [row] = await db
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.userId, userId), eq(payLinks.clientReference, clientReference)));
  return row;
}

/** The user's link; undefined for anyone else's. */
export async function findUserPayLink(db: DbOrTx, userId: string, linkId: string) {
  const [row] = await db
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.id, linkId), eq(payLinks.userId, userId)));
  return row;
}

export async function findPayLinkByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(payLinks).where(eq(payLinks.tokenHash, tokenHash));
  return row;
}

export async function lockPayLink(db: DbOrTx, linkId: string) {
  const [row] = await db.select().from(payLinks).where(eq(payLinks.id, linkId)).for("update");
  return row;
}

/** The links of the user still waiting and not past their end. */
export async function countWaitingPayLinks(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payLinks)
    .where(and(eq(payLinks.userId, userId), eq(payLinks.status, "waiting"), gt(payLinks.expiresAt, now)));
  return row?.count ?? 0;
}

/** The links the user made since `since`. */
export async function countPayLinksMadeSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payLinks)
    .where(and(eq(payLinks.userId, userId), gt(payLinks.createdAt, since)));
  return row?.count ?? 0;
}

/** Records the order the latest payment attempt made, and the payer's receipt address if given. */
export async function setPayLinkAttempt(
  db: DbOrTx,
  options: { linkId: string; orderId: string; payerEmail: string | null; payerLanguage: Language; now: Date },
): Promise<void> {
  await db
    .update(payLinks)
    .set({
      orderId: options.orderId,
      payerEmail: options.payerEmail,
      payerLanguage: options.payerLanguage,
      updatedAt: options.now,
    })
    .where(eq(payLinks.id, options.linkId));
}

const planColumns = {
  packageId: packages.id,
  destinationCode: packages.destinationCode,
  dataMb: packages.dataMb,
  dataType: packages.dataType,
  isUnlimited: packages.isUnlimited,
  validityDays: packages.validityDays,
  nameFr: destinations.nameFr,
  nameEn: destinations.nameEn,
  nameAr: destinations.nameAr,
};

/** The user's links with their plans, newest first. */
export function listUserPayLinks(db: DbOrTx, userId: string) {
  return db
    .select({ link: payLinks, plan: planColumns })
    .from(payLinks)
    .innerJoin(packages, eq(packages.id, payLinks.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .where(eq(payLinks.userId, userId))
    .orderBy(desc(payLinks.createdAt));
}

export type PayLinkWithPlan = Awaited<ReturnType<typeof listUserPayLinks>>[number];

/** One link with its plan, by id. */
export async function findPayLinkWithPlan(db: DbOrTx, linkId: string): Promise<PayLinkWithPlan | undefined> {
  const [row] = await db
    .select({ link: payLinks, plan: planColumns })
    .from(payLinks)
    .innerJoin(packages, eq(packages.id, payLinks.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .where(eq(payLinks.id, linkId));
  return row;
}

/**
 * What a payer's page and the paid messages need: the link, its plan, and of the traveller only their name (the page
 * shows the first word), language and email (for their own message, never for the payer), and the target eSIM's
 * destination and start. No ICCID, phone or install code is read.
 */
export async function findPayLinkForPage(db: DbOrTx, linkId: string) {
  const [row] = await db
    .select({
      link: payLinks,
      plan: planColumns,
      traveller: {
        name: users.name,
        language: users.language,
        email: users.email,
        deletedAt: users.deletedAt,
      },
      esim: { createdAt: esims.createdAt, destinationCode: esims.destinationCode },
    })
    .from(payLinks)
    .innerJoin(packages, eq(packages.id, payLinks.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .innerJoin(users, eq(users.id, payLinks.userId))
    .leftJoin(esims, eq(esims.id, payLinks.targetEsimId))
    .where(eq(payLinks.id, linkId));
  return row;
}

/** What the traveller's profile holds for a billing: name, email, billing country and phone. */
export async function findTravellerBillingProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, country: users.country, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type PayLinkPageRow = NonNullable<Awaited<ReturnType<typeof findPayLinkForPage>>>;

/** The order's number, client reference and the link it was placed through (null for a customer's own order). */
export async function findOrderReference(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ clientReference: orders.clientReference, number: orders.number, payLinkId: orders.payLinkId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** Moves a waiting link's end to now; answers whether it was waiting. */
export async function endPayLinkNow(db: DbOrTx, options: { linkId: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(payLinks)
    .set({ expiresAt: options.now, updatedAt: options.now })
    .where(and(eq(payLinks.id, options.linkId), eq(payLinks.status, "waiting")))
    .returning({ id: payLinks.id });
  return rows.length > 0;
}

/** The link an order was paid through, for the console: the payer's receipt address (if given) and when it was made. */
export async function findPayLinkPayer(db: DbOrTx, linkId: string) {
  const [row] = await db
    .select({ payerEmail: payLinks.payerEmail, createdAt: payLinks.createdAt })
    .from(payLinks)
    .where(eq(payLinks.id, linkId));
  return row;
}
