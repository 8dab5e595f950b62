import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";

// Credit notes (avoirs, decision 063) as the customer sees them: the list of one of their orders' credit notes and
// each one's PDF. Someone else's order answers NOT_FOUND.

const orderId = z.string().check(z.minLength(1), z.maxLength(60));
/** A2026-000001. */
const creditNoteNumber = z.string().check(z.regex(/^[Aa]\d{4}-\d{6,}$/, "INVALID"));

export const creditNoteSummarySchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** What it reverses, TTC, DZD minor units (positive). */
  amountTtcDzdMinor: z.number().check(z.int()),
});
export type CreditNoteSummary = z.output<typeof creditNoteSummarySchema>;

/** One of the caller's orders' credit notes (by the order's id or number), oldest first; empty when none. */
export const listOrderCreditNotes = defineEndpoint({
  method: "GET",
  path: "/orders/:id/credit-notes",
  auth: true,
  body: undefined,
  params: z.object({ id: orderId }),
  response: z.object({ data: z.array(creditNoteSummarySchema) }),
});

/** One credit note of one of the caller's orders, as a PDF (in `lang`, else the language it was issued in). */
export const getOrderCreditNotePdf = defineEndpoint({
  method: "GET",
  path: "/orders/:id/credit-notes/:number",
  auth: true,
  body: undefined,
  params: z.object({ id: orderId, number: creditNoteNumber }),
  query: z.strictObject({ lang: z.optional(z.string().check(z.maxLength(5))) }),
  response: undefined,
});
