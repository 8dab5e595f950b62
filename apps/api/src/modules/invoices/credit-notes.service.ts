import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditNoteCounters, creditNotes, invoices, orders, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordedSellerAndTva } from "./invoices.service.ts";
import type { SellerConfig } from "./seller-identity.ts";
import { splitTva } from "./seller-identity.ts";

// Credit notes (avoirs, decision 061): every refund of an invoiced sale issues one, numbered per year apart from the
// invoices (A2026-000001), with the invoice's seller and TVA rate, so the TVA reversed is the TVA declared.

export type CreditNoteRow = typeof creditNotes.$inferSelect;

const algiersYear = new Intl.DateTimeFormat("en-US", { timeZone: "Africa/Algiers", year: "numeric" });

/** A2026-000001 (more digits past a million). */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `A${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * Issues the credit note of a refund owed (its ledger movement), in the caller's transaction: numbered with the next
 * number of this year's counter (a rollback gives it back: no gaps), TVA split at the order's invoice's rate, in the
 * buyer's language. Idempotent on the movement. Undefined when the order has no invoice (money held, never sold: no
 * sale to reverse). Refuses to reverse more than the invoice's TTC over all its credit notes.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  input: { orderId: string; movementId: string; amountTtcDzdMinor: number; reason: string; now: Date },
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
  const year = Number(algiersYear.format(input.now));
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
  const [row] = await tx
    .insert(creditNotes)
    .values({
      orderId: input.orderId,
      invoiceId: invoice.id,
      movementId: input.movementId,
      year,
      sequence,
      number: formatCreditNoteNumber(year, sequence),
      language: order.language ?? "fr",
      issuedAt: input.now,
      seller,
      amountHtDzdMinor: split.htDzdMinor,
      tvaDzdMinor: split.tvaDzdMinor,
      amountTtcDzdMinor: split.ttcDzdMinor,
      reason: input.reason.slice(0, 500),
    })
    .returning();
  return row!;
}

/** An order's credit notes, oldest first. */
export async function listOrderCreditNotes(tx: DbOrTx, orderId: string): Promise<CreditNoteRow[]> {
  return tx.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.sequence);
}
