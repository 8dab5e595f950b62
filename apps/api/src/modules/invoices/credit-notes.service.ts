import { localPlanName } from "@esim/shared/catalog/plan-name";
import type { ClaimReason } from "@esim/shared/claims/contracts";
import { isLanguage, type Language } from "@esim/shared/locale";
import { serverTranslator } from "@esim/ui/server-i18n";
import { CLAIM_REASON_NAME } from "@esim/ui/status-labels";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { algiersYearOf, formatYearlyNumber } from "../../lib/yearly-number.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { renderCreditNotePdf } from "./invoice-pdf.ts";
import { soldPlanWords } from "./invoice-words.ts";
import {
  type CreditNoteView,
  findCreditNoteByNumber,
  findCreditNotesIssuedBetween,
  findUserOrderCreditNotes,
} from "./invoices.repo.ts";
import { creditNoteCounters, creditNotes, invoices } from "./invoices.schema.ts";
import { countryName, recordedSellerAndTva } from "./invoices.service.ts";
import type { SellerConfig } from "./seller-identity.ts";
import { splitTva } from "./seller-identity.ts";

// Credit notes (avoirs, decision 061): every refund of an invoiced sale issues one, numbered per year apart from the
// invoices (A2026-000001), with the invoice's seller and TVA rate, so the TVA reversed is the TVA declared.

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Issues the credit note of a refund owed (its ledger movement), in the caller's transaction: numbered with the next
 * number of this year's counter (a rollback gives it back: no gaps), TVA split at the order's invoice's rate, in the
 * buyer's language. Idempotent on the movement. Undefined when the order has no invoice (money held, never sold: no
 * sale to reverse). Refuses to reverse more than the invoice's TTC over all its credit notes.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  input: {
    orderId: string;
    movementId: string;
    amountTtcDzdMinor: number;
    /** Printed on it: the operator's words, or a text in the buyer's language (the credit note's). */
    reason: string | ((language: Language) => string);
    now: Date;
  },
  config: SellerConfig,
): Promise<CreditNoteRow | undefined> {
  const [order] = await tx
    .select({ chargeDzdMinor: orders.chargeDzdMinor, language: users.language })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, input.orderId))
    .for("update", { of: orders });
  if (!order) throw new AppError("NOT_FOUND", { message: "No such order." });
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.movementId, input.movementId));
  if (existing) return existing;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, input.orderId));
  if (!invoice) return undefined;
  const { seller, tva } = recordedSellerAndTva(invoice, order.chargeDzdMinor, config);
  const [reversed] = await tx
    .select({ total: sql<number>`coalesce(sum(${creditNotes.amountTtcDzdMinor}), 0)::int` })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  if ((reversed?.total ?? 0) + input.amountTtcDzdMinor > tva.ttcDzdMinor) {
    throw new AppError("REFUND_AMOUNT_TOO_HIGH", { message: "The refunds would be more than the invoice." });
  }
  const year = algiersYearOf(input.now);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ year, lastNumber: 1, updatedAt: input.now })
    .onConflictDoUpdate({
      target: creditNoteCounters.year,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1`, updatedAt: input.now },
    })
    .returning({ lastNumber: creditNoteCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const split = splitTva(input.amountTtcDzdMinor, seller.tvaRateBps);
  const language: Language = isLanguage(order.language) ? order.language : "fr";
  const reason = typeof input.reason === "string" ? input.reason : input.reason(language);
  const [row] = await tx
    .insert(creditNotes)
    .values({
      orderId: input.orderId,
      invoiceId: invoice.id,
      movementId: input.movementId,
      year,
      sequence,
      number: formatYearlyNumber("A", year, sequence),
      language,
      issuedAt: input.now,
      seller,
      amountHtDzdMinor: split.htDzdMinor,
      tvaDzdMinor: split.tvaDzdMinor,
      amountTtcDzdMinor: split.ttcDzdMinor,
      reason: reason.slice(0, 500),
    })
    .returning();
  return row!;
}

/** An order's credit notes, oldest first. */
export async function listOrderCreditNotes(tx: DbOrTx, orderId: string): Promise<CreditNoteRow[]> {
  return tx.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.sequence);
}

/** The plan a credit note's invoice sold, in `language` (our own plan name, never the upstream's). */
export function creditNoteDescription(view: NonNullable<CreditNoteView>, language: Language): string {
  const destinationName = { fr: view.destination.nameFr, en: view.destination.nameEn, ar: view.destination.nameAr }[
    language
  ];
  const planName = localPlanName({ ...view.plan, destinationName }, language);
  return soldPlanWords(serverTranslator(language), planName, view.order.kind === "top_up");
}

/** A credit note as PDF, in `language` when it is one of ours, else in the language it was issued in. */
async function renderStoredCreditNote(view: NonNullable<CreditNoteView>, requested: string | undefined) {
  const { creditNote } = view;
  const language: Language = isLanguage(requested)
    ? requested
    : isLanguage(creditNote.language)
      ? creditNote.language
      : "fr";
  const pdf = await renderCreditNotePdf({
    language,
    number: creditNote.number,
    issuedAt: creditNote.issuedAt,
    invoice: view.invoice,
    orderNumber: view.order.number,
    seller: creditNote.seller,
    tva: {
      htDzdMinor: creditNote.amountHtDzdMinor,
      tvaDzdMinor: creditNote.tvaDzdMinor,
      ttcDzdMinor: creditNote.amountTtcDzdMinor,
    },
    buyer: {
      name: view.order.billing.name,
      email: view.order.billing.email,
      country: countryName(view.order.billing.country, language),
    },
    description: creditNoteDescription(view, language),
    reason: creditNote.reason,
  });
  return { number: creditNote.number, pdf };
}

/** One of the caller's order's credit notes as PDF; anyone else's, or a number not of that order, NOT_FOUND. */
export async function getUserCreditNotePdf(
  deps: Pick<AppDeps, "db">,
  options: { userId: string; orderIdOrNumber: string; number: string; language: string | undefined },
) {
  const view = await findCreditNoteByNumber(deps.db, options.number, {
    userId: options.userId,
    orderIdOrNumber: options.orderIdOrNumber,
  });
  if (!view) throw new AppError("NOT_FOUND", { message: "No such credit note." });
  return renderStoredCreditNote(view, options.language);
}

/** Any credit note as PDF, for the console. */
export async function getCreditNotePdfForConsole(
  deps: Pick<AppDeps, "db">,
  options: { number: string; language: string | undefined },
) {
  const view = await findCreditNoteByNumber(deps.db, options.number);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such credit note." });
  return renderStoredCreditNote(view, options.language);
}

/** The credit notes of one of the caller's orders (none for anyone else's), oldest first. */
export function listUserOrderCreditNotes(deps: Pick<AppDeps, "db">, userId: string, orderIdOrNumber: string) {
  return findUserOrderCreditNotes(deps.db, userId, orderIdOrNumber);
}

/** Credit notes one page of the console's list shows. */
export const CREDIT_NOTES_PAGE_SIZE = 50;

/** The credit notes issued in [from, to), oldest number first, one page (from 1) and whether more follow. */
export async function listCreditNotesForConsole(
  deps: Pick<AppDeps, "db">,
  options: { from: Date; to: Date; page: number },
) {
  const rows = await findCreditNotesIssuedBetween(
    deps.db,
    { from: options.from, to: options.to },
    { limit: CREDIT_NOTES_PAGE_SIZE + 1, offset: (options.page - 1) * CREDIT_NOTES_PAGE_SIZE },
  );
  return { rows: rows.slice(0, CREDIT_NOTES_PAGE_SIZE), hasMore: rows.length > CREDIT_NOTES_PAGE_SIZE };
}

/** Why a credit note was issued for an eSIM cancelled on request, in the credit note's language. */
export function cancelledOnRequestReason(language: Language, esim: string): string {
  return serverTranslator(language)("invoice.creditNote.cancelledOnRequest", { esim });
}

/** Why a credit note was issued for a claim refunded (the eSIM did not work), in the credit note's language. */
export function claimRefundedReason(language: Language, esim: string, problem: ClaimReason): string {
  const t = serverTranslator(language);
  return t("invoice.creditNote.claimRefunded", { esim, problem: t(CLAIM_REASON_NAME[problem]) });
}
