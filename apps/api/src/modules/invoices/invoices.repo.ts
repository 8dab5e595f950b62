import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { isUuid } from "../../lib/uuid.ts";
import { destinations, packages } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { payments } from "../payments/payments.schema.ts";
import { creditNotes, invoices } from "./invoices.schema.ts";

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
        creditAppliedDzdMinor: orders.creditAppliedDzdMinor,
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

/** What a credit note prints: its row, the invoice it corrects, the order's buyer and plan. */
const creditNoteView = {
  creditNote: creditNotes,
  invoice: { number: invoices.number, issuedAt: invoices.issuedAt },
  order: { id: orders.id, number: orders.number, kind: orders.kind, billing: orders.billing, userId: orders.userId },
  plan: {
    dataMb: packages.dataMb,
    isUnlimited: packages.isUnlimited,
    dataType: packages.dataType,
    validityDays: packages.validityDays,
  },
  destination: { nameFr: destinations.nameFr, nameEn: destinations.nameEn, nameAr: destinations.nameAr },
};

function selectCreditNoteViews(db: DbOrTx) {
  return db
    .select(creditNoteView)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(destinations, eq(destinations.code, packages.destinationCode));
}

export type CreditNoteView = Awaited<ReturnType<typeof findCreditNoteByNumber>>;

/** A credit note by number; with `owner`, only one of that user's order (by the order's id or number). */
export async function findCreditNoteByNumber(
  db: DbOrTx,
  number: string,
  owner?: { userId: string; orderIdOrNumber: string },
) {
  const orderMatch = owner
    ? and(
        eq(orders.userId, owner.userId),
        isUuid(owner.orderIdOrNumber)
          ? eq(orders.id, owner.orderIdOrNumber)
          : eq(orders.number, owner.orderIdOrNumber.toUpperCase()),
      )
    : undefined;
  const [row] = await selectCreditNoteViews(db).where(and(eq(creditNotes.number, number.toUpperCase()), orderMatch));
  return row;
}

/** The credit notes of one of the user's orders (by id or number), oldest first; none for anyone else's. */
export async function findUserOrderCreditNotes(db: DbOrTx, userId: string, orderIdOrNumber: string) {
  return db
    .select({
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      amountTtcDzdMinor: creditNotes.amountTtcDzdMinor,
    })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        isUuid(orderIdOrNumber) ? eq(orders.id, orderIdOrNumber) : eq(orders.number, orderIdOrNumber.toUpperCase()),
      ),
    )
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
}

/** The credit notes issued in [from, to), oldest number first; `limit` and `offset` page them. */
export async function findCreditNotesIssuedBetween(
  db: DbOrTx,
  period: { from: Date; to: Date },
  page?: { limit: number; offset: number },
) {
  const query = selectCreditNoteViews(db)
    .where(and(gte(creditNotes.issuedAt, period.from), lt(creditNotes.issuedAt, period.to)))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
