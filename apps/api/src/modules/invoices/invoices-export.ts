import { localPlanName } from "@esim/shared/catalog/plan-name";
import { csvNumber, toCsv } from "../../lib/csv.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";
import { findInvoicesIssuedBetween, findPaymentsOfOrders } from "./invoices.repo.ts";
import { recordedSellerAndTva } from "./invoices.service.ts";

// The accountant's columns, in French: the language of Algerian bookkeeping (decision 033).
const COLUMNS = [
  "Facture",
  "Date",
  "Commande",
  "Client",
  "E-mail",
  "Désignation",
  "HT (DZD)",
  "TVA (DZD)",
  "TTC (DZD)",
  "Taux TVA",
  "Moyen de paiement",
  "Référence de paiement",
];

const algiersDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" });

/** 1252_10 → 1252.10: a number cell every spreadsheet parses, no grouping. */
function dzd(minor: number) {
  return csvNumber(minor / 100, { fractionDigits: 2 });
}

/** The first instant of an Algiers calendar day (UTC+1 all year: Algeria keeps no summer time). */
function startOfAlgiersDay(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}

/**
 * Every invoice issued on the Algiers days from `from` to `to` (both YYYY-MM-DD, inclusive) as CSV, one row per
 * invoice in number order, with the amounts and TVA recorded at issue (number cells); written by `toCsv`.
 */
export async function exportInvoicesCsv(
  deps: Pick<AppDeps, "db" | "config">,
  options: { from: string; to: string },
): Promise<{ csv: string; count: number }> {
  const end = startOfAlgiersDay(options.to);
  end.setUTCDate(end.getUTCDate() + 1);
  const rows = await findInvoicesIssuedBetween(deps.db, startOfAlgiersDay(options.from), end);
  const paymentsByOrder = new Map<string, Awaited<ReturnType<typeof findPaymentsOfOrders>>[number]>();
  for (const payment of await findPaymentsOfOrders(
    deps.db,
    rows.map((row) => row.order.id),
  )) {
    if (!paymentsByOrder.has(payment.orderId)) paymentsByOrder.set(payment.orderId, payment);
  }
  const texts = INVOICE_TEXTS.fr;
  const records = rows.map(({ invoice, order, plan, destinationName }) => {
    const { seller, tva } = recordedSellerAndTva(invoice, order.chargeDzdMinor, deps.config);
    const planName = localPlanName({ ...plan, destinationName }, "fr");
    const payment = paymentsByOrder.get(order.id);
    const method = order.chargeDzdMinor === 0 ? "coupon" : order.paymentMethod;
    return [
      invoice.number,
      algiersDate.format(invoice.issuedAt),
      order.number,
      order.billing.name,
      order.billing.email,
      order.kind === "top_up" ? `${texts.topUp} ${planName}` : planName,
      dzd(tva.htDzdMinor),
      dzd(tva.tvaDzdMinor),
      dzd(tva.ttcDzdMinor),
      seller.tvaExemption === null ? `${seller.tvaRateBps / 100} %` : "exonéré",
      texts.methods[method as keyof typeof texts.methods] ?? method,
      payment ? (payment.providerReference ?? payment.id) : "",
    ];
  });
  return { csv: toCsv([COLUMNS, ...records]), count: records.length };
}
