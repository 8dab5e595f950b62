import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { isUuid } from "../../lib/uuid.ts";
import { users } from "../account/account.schema.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { cancellationRequests, esims } from "./esims.schema.ts";

export type CancellationRequestRow = typeof cancellationRequests.$inferSelect;

export async function findCancellationRequestByEsim(
  db: DbOrTx,
  esimId: string,
): Promise<CancellationRequestRow | undefined> {
  const [row] = await db.select().from(cancellationRequests).where(eq(cancellationRequests.esimId, esimId));
  return row;
}

/** The request, or undefined when this eSIM already has one (one request per eSIM). */
export async function insertCancellationRequest(
  db: DbOrTx,
  values: typeof cancellationRequests.$inferInsert,
): Promise<CancellationRequestRow | undefined> {
  const [row] = await db
    .insert(cancellationRequests)
    .values(values)
    .onConflictDoNothing({ target: cancellationRequests.esimId })
    .returning();
  return row;
}

/** The order an eSIM came with: its payment time and charge, for the 24-hour window and the refund share. */
export async function findEsimOrder(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ confirmedAt: orders.confirmedAt, chargeDzdMinor: orders.chargeDzdMinor, quantity: orders.quantity })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

const decisionColumns = {
  request: cancellationRequests,
  esim: esims,
  orderNumber: orders.number,
  paidAt: orders.confirmedAt,
  email: users.email,
  language: users.language,
};

function selectForDecision(db: DbOrTx) {
  return db
    .select(decisionColumns)
    .from(cancellationRequests)
    .innerJoin(esims, eq(esims.id, cancellationRequests.esimId))
    .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
    .leftJoin(users, eq(users.id, cancellationRequests.userId));
}

export type CancellationForDecision = Awaited<ReturnType<typeof findCancellationForDecision>>;

/** A request by its id or its eSIM's ICCID, with the eSIM, order number and the buyer's email. */
export async function findCancellationForDecision(db: DbOrTx, idOrIccid: string) {
  const [row] = await selectForDecision(db).where(
    isUuid(idOrIccid) ? eq(cancellationRequests.id, idOrIccid) : eq(esims.iccid, idOrIccid.trim()),
  );
  return row;
}

/** Pending requests, oldest first. */
export async function listPendingCancellations(db: DbOrTx) {
  return selectForDecision(db)
    .where(eq(cancellationRequests.status, "pending"))
    .orderBy(asc(cancellationRequests.requestedAt));
}

/** pending → approved or refused; undefined when it was already decided (exactly one caller decides). */
export async function decideCancellation(
  db: DbOrTx,
  requestId: string,
  decision: { status: "approved" | "refused"; refusalReason: string | null; now: Date },
): Promise<CancellationRequestRow | undefined> {
  const [row] = await db
    .update(cancellationRequests)
    .set({
      status: decision.status,
      refusalReason: decision.refusalReason,
      decidedAt: decision.now,
      updatedAt: decision.now,
    })
    .where(and(eq(cancellationRequests.id, requestId), eq(cancellationRequests.status, "pending")))
    .returning();
  return row;
}

export async function markEsimCancelled(db: DbOrTx, esimId: string, now: Date): Promise<void> {
  await db.update(esims).set({ status: "Canceled", updatedAt: now }).where(eq(esims.id, esimId));
}

/** What the cancellation emails say: the request, eSIM, order number, buyer and destination names. */
export async function findCancellationEmailData(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({
      request: cancellationRequests,
      iccid: esims.iccid,
      esimId: esims.id,
      orderNumber: orders.number,
      user: users,
      destination: destinations,
    })
    .from(cancellationRequests)
    .innerJoin(esims, eq(esims.id, cancellationRequests.esimId))
    .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
    .innerJoin(packages, eq(packages.id, esims.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .leftJoin(users, eq(users.id, cancellationRequests.userId))
    .where(eq(cancellationRequests.id, requestId));
  return row;
}
