import { localPlanName } from "@esim/shared/catalog/plan-name";
import { isCountryCode } from "@esim/shared/countries";
import { isLanguage, type Language } from "@esim/shared/locale";
import { serverTranslator } from "@esim/ui/server-i18n";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { algiersYearOf, formatYearlyNumber } from "../../lib/yearly-number.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { soldPlanWords } from "./invoice-words.ts";
import { findUserInvoiceOrder } from "./invoices.repo.ts";
import { invoiceCounters, invoices } from "./invoices.schema.ts";
import { readSellerIdentity, type SellerConfig, sellerIdentityFromConfig, splitTva } from "./seller-identity.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The order's invoice, issued now if it has none: numbered in the year of payment (Africa/Algiers) with the next
 * number of that year's counter, and a copy of the seller's identity and TVA split as they stand now (a later change
 * of either never alters it). Call it inside a transaction: the order row lock makes it idempotent, and the counter
 * is bumped in the same transaction as the insert, so a rollback gives the number back (no gaps, no duplicates).
 */
export async function issueInvoice(tx: DbOrTx, orderId: string, now: Date, config: SellerConfig): Promise<InvoiceRow> {
  const [order] = await tx
    .select({ confirmedAt: orders.confirmedAt, chargeDzdMinor: orders.chargeDzdMinor, language: users.language })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) throw new AppError("NOT_FOUND", { message: "No such order." });
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing;
  if (!order.confirmedAt) throw new AppError("INVOICE_NOT_AVAILABLE", { message: "The order is not paid yet." });
  const year = algiersYearOf(order.confirmedAt);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1`, updatedAt: now },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const seller = await readSellerIdentity(tx, config);
  const split = splitTva(order.chargeDzdMinor, seller.tvaRateBps);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId,
      year,
      sequence,
      number: formatYearlyNumber("F", year, sequence),
      language: order.language ?? "fr",
      issuedAt: now,
      seller,
      amountHtDzdMinor: split.htDzdMinor,
      tvaDzdMinor: split.tvaDzdMinor,
      amountTtcDzdMinor: split.ttcDzdMinor,
    })
    .returning();
  return row!;
}

/** Issues the invoice of every paid order that has none, oldest payment first; answers the new invoices. */
export async function issueMissingInvoices(deps: Pick<AppDeps, "db" | "now" | "config">): Promise<InvoiceRow[]> {
  const missing = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(isNotNull(orders.confirmedAt), isNull(invoices.id)))
    .orderBy(asc(orders.confirmedAt), asc(orders.id));
  const issued: InvoiceRow[] = [];
  for (const { id } of missing) {
    issued.push(await deps.db.transaction((tx) => issueInvoice(tx, id, deps.now(), deps.config)));
  }
  return issued;
}

/**
 * The seller and TVA split an invoice was issued with. Invoices issued before they were recorded were issued under
 * the configuration (the only source then), so they read it, with the rate it gives.
 */
export function recordedSellerAndTva(invoice: InvoiceRow, chargeDzdMinor: number, config: SellerConfig) {
  const seller = invoice.seller ?? sellerIdentityFromConfig(config);
  const tva =
    invoice.amountHtDzdMinor !== null && invoice.tvaDzdMinor !== null && invoice.amountTtcDzdMinor !== null
      ? {
          htDzdMinor: invoice.amountHtDzdMinor,
          tvaDzdMinor: invoice.tvaDzdMinor,
          ttcDzdMinor: invoice.amountTtcDzdMinor,
        }
      : splitTva(chargeDzdMinor, seller.tvaRateBps);
  return { seller, tva };
}

/**
 * How an invoiced order was paid, as its invoice and the accountant's export say it: nothing was charged when a coupon
 * paid it all, nothing by card when store credit paid it all; otherwise the gateway's method.
 */
export function invoicedPaymentMethod(order: {
  chargeDzdMinor: number;
  creditAppliedDzdMinor: number;
  paymentMethod: string;
}): string {
  if (order.chargeDzdMinor === 0) return "coupon";
  return order.creditAppliedDzdMinor === order.chargeDzdMinor ? "store_credit" : order.paymentMethod;
}

export function countryName(code: string, language: Language): string {
  if (!isCountryCode(code)) return code;
  return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
}

/**
 * The caller's order's invoice as a PDF (issued at payment; issued now for an order paid before invoices were);
 * anyone else's order answers NOT_FOUND.
 */
export async function getInvoicePdf(
  deps: AppDeps,
  options: { userId: string; idOrNumber: string; language: string | undefined; userLanguage: Language },
): Promise<{ number: string; pdf: Buffer }> {
  const view = await findUserInvoiceOrder(deps.db, options.userId, options.idOrNumber);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such order." });
  const { order } = view;
  if (!order.confirmedAt) throw new AppError("INVOICE_NOT_AVAILABLE", { message: "The order is not paid yet." });
  const invoice = await deps.db.transaction((tx) => issueInvoice(tx, order.id, deps.now(), deps.config));
  const language = isLanguage(options.language) ? options.language : options.userLanguage;
  const destinationName = { fr: view.destination.nameFr, en: view.destination.nameEn, ar: view.destination.nameAr }[
    language
  ];
  // Our own plan name in the invoice's language, never the upstream's English one.
  const planName = localPlanName({ ...view.plan, destinationName }, language);
  const plan = soldPlanWords(serverTranslator(language), planName, order.kind === "top_up");
  const pdf = await renderInvoicePdf({
    language,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    paidAt: order.confirmedAt,
    ...recordedSellerAndTva(invoice, order.chargeDzdMinor, deps.config),
    buyer: {
      name: order.billing.name,
      email: order.billing.email,
      country: countryName(order.billing.country, language),
    },
    orderNumber: order.number,
    line: {
      description: plan,
      quantity: order.quantity,
      unitPriceMinor: order.unitPriceMinor,
      amountMinor: order.subtotalMinor,
    },
    currency: order.currency,
    discountMinor: order.discountMinor,
    couponDiscountMinor: order.couponDiscountMinor,
    couponCode: view.couponCode,
    referralDiscountMinor: order.referralDiscountMinor,
    serviceFeeMinor: order.serviceFeeMinor,
    totalMinor: order.totalMinor,
    chargeDzdMinor: order.chargeDzdMinor,
    gatewayFeeDzdMinor: view.customerFeeMinor,
    storeCreditDzdMinor: order.creditAppliedDzdMinor,
    paymentMethod: invoicedPaymentMethod(order),
    // The gateways report no card code yet (Chargily's checkout carries none): nothing to mask.
    cardCode: null,
  });
  return { number: invoice.number, pdf };
}
