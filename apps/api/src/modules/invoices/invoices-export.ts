import { localPlanName } from "@esim/shared/catalog/plan-name";
import { algiersDays } from "../../lib/algiers-days.ts";
import { type CsvCell, csvNumber, toCsv } from "../../lib/csv.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { creditNoteDescription } from "./credit-notes.service.ts";
import { INVOICE_TEXTS } from "./invoice-texts.ts";
import { findCreditNotesIssuedBetween, findInvoicesIssuedBetween, findPaymentsOfOrders } from "./invoices.repo.ts";
import { invoicedPaymentMethod, recordedSellerAndTva } from "./invoices.service.ts";
import type { SellerIdentity } from "./seller-identity.ts";

// The accountant's columns, in French: the language of Algerian bookkeeping (decision 033). One row per document,
// invoices and credit notes (avoirs, decision 063) together in order of issue, then the period's totals.
const COLUMNS = [
  "Type",
  "Numéro",
  "Date",
  "Facture d'origine",
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
  "Motif",
];

const algiersDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" });

/** 1252_10 → 1252.10: a number cell every spreadsheet parses, no grouping. */
function dzd(minor: number) {
  return csvNumber(minor / 100, { fractionDigits: 2 });
}

interface Amounts {
  htDzdMinor: number;
  tvaDzdMinor: number;
  ttcDzdMinor: number;
}

function add(total: Amounts, amounts: Amounts): Amounts {
  return {
    htDzdMinor: total.htDzdMinor + amounts.htDzdMinor,
    tvaDzdMinor: total.tvaDzdMinor + amounts.tvaDzdMinor,
    ttcDzdMinor: total.ttcDzdMinor + amounts.ttcDzdMinor,
  };
}

const NOTHING: Amounts = { htDzdMinor: 0, tvaDzdMinor: 0, ttcDzdMinor: 0 };

function amountCells(amounts: Amounts): CsvCell[] {
  return [dzd(amounts.htDzdMinor), dzd(amounts.tvaDzdMinor), dzd(amounts.ttcDzdMinor)];
}

function tvaRate(seller: SellerIdentity): string {
  return seller.tvaExemption === null ? `${seller.tvaRateBps / 100} %` : "exonéré";
}

/**
 * Every invoice and credit note issued on the Algiers days from `from` to `to` (both YYYY-MM-DD, inclusive) as CSV:
 * one row per document in order of issue, a credit note's amounts negative with the invoice it corrects, then after
 * an empty row the period's totals (invoices, credit notes, net: what the TVA return declares). Amounts and TVA as
 * recorded at issue (number cells); written by `toCsv`.
 */
export async function exportInvoicesCsv(
  deps: Pick<AppDeps, "db" | "config">,
  options: { from: string; to: string },
): Promise<{ csv: string; count: number; creditNoteCount: number }> {
  const period = algiersDays(options);
  const rows = await findInvoicesIssuedBetween(deps.db, period.from, period.to);
  const creditNoteRows = await findCreditNotesIssuedBetween(deps.db, period);
  const paymentsByOrder = new Map<string, Awaited<ReturnType<typeof findPaymentsOfOrders>>[number]>();
  for (const payment of await findPaymentsOfOrders(
    deps.db,
    rows.map((row) => row.order.id),
  )) {
    if (!paymentsByOrder.has(payment.orderId)) paymentsByOrder.set(payment.orderId, payment);
  }
  const texts = INVOICE_TEXTS.fr;
  let invoiced = NOTHING;
  let reversed = NOTHING;
  const documents: { issuedAt: Date; order: number; cells: CsvCell[] }[] = [];
  for (const { invoice, order, plan, destinationName } of rows) {
    const { seller, tva } = recordedSellerAndTva(invoice, order.chargeDzdMinor, deps.config);
    invoiced = add(invoiced, tva);
    const planName = localPlanName({ ...plan, destinationName }, "fr");
    const payment = paymentsByOrder.get(order.id);
    const method = invoicedPaymentMethod(order);
    documents.push({
      issuedAt: invoice.issuedAt,
      order: 0,
      cells: [
        "facture",
        invoice.number,
        algiersDate.format(invoice.issuedAt),
        null,
        order.number,
        order.billing.name,
        order.billing.email,
        order.kind === "top_up" ? `${texts.topUp} ${planName}` : planName,
        ...amountCells(tva),
        tvaRate(seller),
        texts.methods[method as keyof typeof texts.methods] ?? method,
        payment ? (payment.providerReference ?? payment.id) : "",
        null,
      ],
    });
  }
  for (const view of creditNoteRows) {
    const { creditNote, invoice, order } = view;
    const amounts = {
      htDzdMinor: creditNote.amountHtDzdMinor,
      tvaDzdMinor: creditNote.tvaDzdMinor,
      ttcDzdMinor: creditNote.amountTtcDzdMinor,
    };
    reversed = add(reversed, amounts);
    documents.push({
      issuedAt: creditNote.issuedAt,
      order: 1,
      cells: [
        "avoir",
        creditNote.number,
        algiersDate.format(creditNote.issuedAt),
        invoice.number,
        order.number,
        order.billing.name,
        order.billing.email,
        creditNoteDescription(view, "fr"),
        ...amountCells(negated(amounts)),
        tvaRate(creditNote.seller),
        null,
        null,
        creditNote.reason,
      ],
    });
  }
  // In order of issue; an invoice before the credit note issued in the same instant (its own refund).
  documents.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.order - b.order);
  const total = (label: string, amounts: Amounts): CsvCell[] => [
    label,
    ...Array<CsvCell>(7).fill(null),
    ...amountCells(amounts),
    ...Array<CsvCell>(4).fill(null),
  ];
  const summary = [
    total("Total factures", invoiced),
    total("Total avoirs", negated(reversed)),
    total("Net de la période", add(invoiced, negated(reversed))),
  ];
  return {
    csv: toCsv([COLUMNS, ...documents.map((document) => document.cells), [], ...summary]),
    count: rows.length,
    creditNoteCount: creditNoteRows.length,
  };
}

function negated(amounts: Amounts): Amounts {
  return { htDzdMinor: -amounts.htDzdMinor, tvaDzdMinor: -amounts.tvaDzdMinor, ttcDzdMinor: -amounts.ttcDzdMinor };
}
