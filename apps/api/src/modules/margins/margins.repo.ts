import { and, asc, eq, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { planPartsColumns } from "../catalog/index.ts";
import { cancellationRequests } from "../esims/esims.schema.ts";
import { invoices } from "../invoices/invoices.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// The margin's reads: a read model over tables other modules write (orders, packages, invoices, cancellation
// requests); nothing here writes.

/** What the margin of one paid order is made of. */
function marginColumns() {
  return {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    chargeDzdMinor: orders.chargeDzdMinor,
    confirmedAt: orders.confirmedAt,
    // Bought from the upstream: its order number came back, or (a top-up) it was applied and delivered.
    isBought: sql<boolean>`(${orders.upstreamOrderNo} is not null or ${orders.deliveredAt} is not null)`,
    upstreamCostUsdE4: orders.upstreamCostUsdE4,
    quantity: orders.quantity,
    // Its eSIMs cancelled upstream on an approved request: unused profiles, whose cost the upstream credits back.
    cancelledEsims: sql<number>`(select count(*)::int from ${cancellationRequests}
      where ${cancellationRequests.orderId} = ${orders.id} and ${cancellationRequests.status} = 'approved')`,
    upstreamDzdPerUsd: orders.upstreamDzdPerUsd,
    /** The TVA rate of the invoice's seller; null without an invoice, or one issued before sellers were kept. */
    invoiceTvaRateBps: sql<number | null>`(${invoices.seller}->>'tvaRateBps')::int`,
    packageId: packages.id,
    plan: planPartsColumns,
    destinationCode: packages.destinationCode,
    isTopUp: packages.isTopUp,
  };
}

export type MarginOrderRow = Awaited<ReturnType<typeof listPaidOrdersForMargin>>[number];

function selectMarginRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(marginColumns())
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(where);
}

/** The paid order with this number (as typed, any case), or undefined. */
export async function findOrderForMargin(db: DbOrTx, number: string) {
  const [row] = await selectMarginRows(db, eq(orders.number, number.toUpperCase()));
  return row;
}

/** Orders paid from `from` until `to`, by time of payment. */
export async function listPaidOrdersForMargin(db: DbOrTx, range: { from: Date; to: Date }) {
  return selectMarginRows(
    db,
    and(isNotNull(orders.confirmedAt), gte(orders.confirmedAt, range.from), lte(orders.confirmedAt, range.to)),
  ).orderBy(asc(orders.confirmedAt));
}
