import { localPlanName } from "@esim/shared/catalog/plan-name";
import { formatNumber } from "@esim/shared/format";
import type { MessageId, Translate } from "@esim/ui/i18n";
import { serverTranslator } from "@esim/ui/server-i18n";
import { algiersDayOf, algiersDays } from "../../lib/algiers-days.ts";
import { type CsvCell, csvNumber, toCsv } from "../../lib/csv.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { creditNoteDescription } from "./credit-notes.service.ts";
import { paymentMethodWords, soldPlanWords } from "./invoice-words.ts";
import { findCreditNotesIssuedBetween, findInvoicesIssuedBetween, findPaymentsOfOrders } from "./invoices.repo.ts";
import { invoicedPaymentMethod, recordedSellerAndTva } from "./invoices.service.ts";
import type { SellerIdentity } from "./seller-identity.ts";

// The accountant's columns, in French: the language of Algerian bookkeeping (decision 033), words from the catalogue
// (`invoice.export.*`). One row per document, invoices and credit notes (avoirs, decision 063) together in order of
// issue, then the period's totals.
const EXPORT_LANGUAGE = "fr";
const COLUMNS = [
  "invoice.export.type",
  "invoice.export.number",
  "invoice.export.date",
  "invoice.export.invoiceCorrected",
  "invoice.export.order",
  "invoice.export.customer",
  "invoice.export.email",
  "invoice.export.description",
  "invoice.export.ht",
  "invoice.export.tva",
  "invoice.export.ttc",
  "invoice.export.tvaRate",
  "invoice.export.paymentMethod",
  "invoice.export.paymentReference",
  "invoice.export.reason",
] as const satisfies readonly MessageId[];

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

function tvaRate(t: Translate, seller: SellerIdentity): string {
  return seller.tvaExemption === null
    ? t("invoice.export.rate", { rate: formatNumber(seller.tvaRateBps / 100) })
    : t("invoice.export.exempt");
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
  const t = serverTranslator(EXPORT_LANGUAGE);
  let invoiced = NOTHING;
  let reversed = NOTHING;
  const documents: { issuedAt: Date; order: number; cells: CsvCell[] }[] = [];
  for (const { invoice, order, plan, destinationName } of rows) {
    const { seller, tva } = recordedSellerAndTva(invoice, order.chargeDzdMinor, deps.config);
    invoiced = add(invoiced, tva);
    const planName = localPlanName({ ...plan, destinationName }, EXPORT_LANGUAGE);
    const payment = paymentsByOrder.get(order.id);
    const method = invoicedPaymentMethod(order);
    documents.push({
      issuedAt: invoice.issuedAt,
      order: 0,
      cells: [
        t("invoice.export.kind.invoice"),
        invoice.number,
        algiersDayOf(invoice.issuedAt),
        null,
        order.number,
        order.billing.name,
        order.billing.email,
        soldPlanWords(t, planName, order.kind === "top_up"),
        ...amountCells(tva),
        tvaRate(t, seller),
        paymentMethodWords(t, method),
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
        t("invoice.export.kind.creditNote"),
        creditNote.number,
        algiersDayOf(creditNote.issuedAt),
        invoice.number,
        order.number,
        order.billing.name,
        order.billing.email,
        creditNoteDescription(view, EXPORT_LANGUAGE),
        ...amountCells(negated(amounts)),
        tvaRate(t, creditNote.seller),
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
    total(t("invoice.export.totalInvoices"), invoiced),
    total(t("invoice.export.totalCreditNotes"), negated(reversed)),
    total(t("invoice.export.net"), add(invoiced, negated(reversed))),
  ];
  return {
    csv: toCsv([COLUMNS.map((column) => t(column)), ...documents.map((document) => document.cells), [], ...summary]),
    count: rows.length,
    creditNoteCount: creditNoteRows.length,
  };
}

function negated(amounts: Amounts): Amounts {
  return { htDzdMinor: -amounts.htDzdMinor, tvaDzdMinor: -amounts.tvaDzdMinor, ttcDzdMinor: -amounts.ttcDzdMinor };
}
