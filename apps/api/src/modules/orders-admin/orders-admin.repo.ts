import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  cancellationRequests,
  esimBundles,
  esims,
  orders,
  packages,
  payments,
  users,
  webhookEvents,
} from "../../db/schema.ts";
import { isUuid } from "../../lib/uuid.ts";
import { rejectedByEvent } from "../orders/index.ts";

/** What one typed search matches: an order number, an email, an ICCID, a payment id or the gateway's checkout id. */
function searchCondition(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const lowered = term.toLowerCase();
  const conditions: SQL[] = [eq(orders.number, term.toUpperCase())];
  if (term.includes("@")) {
    conditions.push(sql`lower(${orders.billing}->>'email') = ${lowered}`);
    conditions.push(sql`${orders.userId} in (select ${users.id} from ${users} where ${users.email} = ${lowered})`);
  }
  if (/^\d{10,22}F?$/i.test(term)) {
    conditions.push(sql`${orders.id} in (select ${esims.orderId} from ${esims} where ${esims.iccid} = ${term})`);
  }
  if (isUuid(term)) conditions.push(eq(payments.id, lowered));
  conditions.push(eq(payments.providerReference, term));
  return or(...conditions);
}

/** One page of orders matching `q` (all orders without it), newest first; one row more than `limit` says "more". */
export async function searchOrderRows(db: DbOrTx, options: { q: string | undefined; limit: number; offset: number }) {
  return db
    .select({
      number: orders.number,
      status: orders.status,
      attentionKind: orders.attentionKind,
      createdAt: orders.createdAt,
      billing: orders.billing,
      quantity: orders.quantity,
      chargeDzdMinor: orders.chargeDzdMinor,
      plan: {
        destinationCode: packages.destinationCode,
        dataMb: packages.dataMb,
        isUnlimited: packages.isUnlimited,
        dataType: packages.dataType,
        validityDays: packages.validityDays,
        nameOverrides: packages.nameOverrides,
      },
      rejectedBy: rejectedByEvent,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(options.q ? searchCondition(options.q) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(options.limit + 1)
    .offset(options.offset);
}

/** The gateway's webhooks about this payment's checkout, oldest first. */
export async function listPaymentWebhooks(
  db: DbOrTx,
  payment: { id: string; provider: string; providerReference: string | null },
) {
  const aboutCheckout = payment.providerReference
    ? sql`${webhookEvents.payload}->'data'->>'id' = ${payment.providerReference}`
    : sql`false`;
  return db
    .select({
      provider: webhookEvents.provider,
      eventId: webhookEvents.eventId,
      eventType: sql<string | null>`${webhookEvents.payload}->>'type'`,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, payment.provider),
        or(aboutCheckout, sql`${webhookEvents.payload}->'data'->'metadata'->>'paymentId' = ${payment.id}`),
      ),
    )
    .orderBy(webhookEvents.createdAt);
}

/** How many plans each eSIM carries (the first and its top-ups): a topped-up eSIM is no longer "unused". */
export async function countBundles(db: DbOrTx, esimIds: string[]): Promise<Map<string, number>> {
  if (esimIds.length === 0) return new Map();
  const rows = await db
    .select({ esimId: esimBundles.esimId, count: sql<number>`count(*)::int` })
    .from(esimBundles)
    .where(inArray(esimBundles.esimId, esimIds))
    .groupBy(esimBundles.esimId);
  return new Map(rows.map((row) => [row.esimId, row.count]));
}

/** The ids of the order's cancellation requests: their decisions belong on the order's timeline. */
export async function listCancellationRequestIds(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cancellationRequests.id })
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, orderId));
  return rows.map((row) => row.id);
}

/** The language the customer's emails are written in; undefined once the account is gone. */
export async function findCustomerLanguage(db: DbOrTx, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}
