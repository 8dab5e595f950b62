import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons, destinations, invoices, orders, packages, payments } from "../../db/schema.ts";
import { isUuid } from "../../lib/uuid.ts";

/** One of the user's orders by id or number, with what its invoice prints; undefined for anyone else's. */
export async function findUserInvoiceOrder(db: DbOrTx, userId: string, idOrNumber: string) {
  const [row] = await db
    .select({
      order: orders,
      plan: {
        dataMb: packages.dataMb,
        isUnlimited: packages.isUnlimited,
        dataType: packages.dataType,
        validityDays: packages.validityDays,
      },
      destination: { nameFr: destinations.nameFr, nameEn: destinations.nameEn, nameAr: destinations.nameAr },
      couponCode: coupons.code,
      // The gateway's fee the payer paid on top of the charge, as shown before payment (decision 054).
      customerFeeMinor: sql<number>`coalesce((
        select ${payments.customerFeeMinor} from ${payments}
        where ${payments.orderId} = ${orders.id} and ${payments.status} = 'successful'
        order by ${payments.paidAt} desc limit 1
      ), 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(
      and(
        eq(orders.userId, userId),
        isUuid(idOrNumber) ? eq(orders.id, idOrNumber) : eq(orders.number, idOrNumber.toUpperCase()),
      ),
    );
  return row;
}

/** The invoices issued in [from, to), oldest number first, with what the accountant's export prints. */
export async function findInvoicesIssuedBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      invoice: invoices,
      order: {
        id: orders.id,
        number: orders.number,
        kind: orders.kind,
        billing: orders.billing,
        chargeDzdMinor: orders.chargeDzdMinor,
        paymentMethod: orders.paymentMethod,
      },
      plan: {
        dataMb: packages.dataMb,
        isUnlimited: packages.isUnlimited,
        dataType: packages.dataType,
        validityDays: packages.validityDays,
      },
      destinationName: destinations.nameFr,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode))
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
}

/** The payments of these orders, the successful ones first, then the newest. */
export async function findPaymentsOfOrders(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      // Never null here: only orders' payments are read (a load's has no order, decision 068).
      orderId: sql<string>`${payments.orderId}`,
      provider: payments.provider,
      providerReference: payments.providerReference,
      method: payments.method,
      status: payments.status,
    })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(sql`${payments.status} = 'successful' desc`, desc(payments.createdAt));
}
