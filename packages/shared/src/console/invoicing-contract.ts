import * as z from "zod/mini";
import { displayText } from "../display-text.ts";
import { defineEndpoint } from "../http.ts";

// The console's invoicing page (decision 041): the seller's legal identity and TVA printed on every invoice
// issued from now on, and the accountant's CSV of the invoices of a date range. Admins only.

export const sellerIdentitySchema = z.object({
  name: z.string(),
  address: z.string(),
  /** Numéro d'identification fiscale: 15 or 20 digits. */
  nif: z.string(),
  /** Numéro d'identification statistique: 15 digits. */
  nis: z.string(),
  /** Registre du commerce, e.g. 16/00-1234567 B 18. */
  rc: z.string(),
  /** Article d'imposition: 8 to 14 digits. */
  article: z.string(),
  /** TVA in basis points (1900 = 19 %); 0 when exempt. */
  tvaRateBps: z.number(),
  /** The legal mention printed instead of TVA; null when TVA is charged. */
  tvaExemption: z.nullable(z.string()),
});
export type SellerIdentityView = z.output<typeof sellerIdentitySchema>;

/** Printed on every invoice: display text. */
const text = (max: number) => displayText({ error: "INVALID" }).check(z.maxLength(max, "INVALID"));

export const getSellerIdentity = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/seller",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({
    data: sellerIdentitySchema,
    /** True while no identity was ever saved: the one shown comes from the server's configuration. */
    isFromConfiguration: z.boolean(),
  }),
});

/**
 * Saves a new identity (the old ones stay, with the invoices that carry them). Every field is checked; a wrong one is
 * named in `error.fields` with INVALID.
 */
export const setSellerIdentity = defineEndpoint({
  method: "PUT",
  area: "admin",
  path: "/seller",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    name: text(120),
    address: text(200),
    nif: text(40),
    nis: text(40),
    rc: text(30),
    article: text(30),
    tvaRateBps: z.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(0, "INVALID")),
    tvaExemption: z.nullable(text(300)),
  }),
  response: z.object({ data: sellerIdentitySchema, isFromConfiguration: z.boolean() }),
});

const day = z.iso.date({ error: "INVALID" });

/**
 * The invoices and credit notes issued between two days (Algiers time, both included) as CSV, with the net of the
 * period, as `npm run console -- invoices:export`.
 */
export const exportInvoices = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/invoices/export.csv",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  query: z.strictObject({ from: day, to: day }),
  response: undefined,
});

/** One credit note as the console lists it: amounts positive, as reversed (the CSV writes them negative). */
export const consoleCreditNoteSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** The invoice it corrects. */
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  amountHtDzdMinor: z.number().check(z.int()),
  tvaDzdMinor: z.number().check(z.int()),
  amountTtcDzdMinor: z.number().check(z.int()),
  reason: z.string(),
});
export type ConsoleCreditNote = z.output<typeof consoleCreditNoteSchema>;

/** The credit notes issued between two days (Algiers time, both included), oldest number first; `page` from 1. */
export const listCreditNotes = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/credit-notes",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  query: z.strictObject({
    from: day,
    to: day,
    page: z.optional(
      z.coerce.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(500, "INVALID")),
    ),
  }),
  response: z.object({ data: z.array(consoleCreditNoteSchema), page: z.number(), hasMore: z.boolean() }),
});

/** One credit note as a PDF, in `lang` or the language it was issued in. */
export const getCreditNotePdf = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/credit-notes/:number/pdf",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  params: z.object({ number: z.string().check(z.regex(/^[Aa]\d{4}-\d{6,}$/, "INVALID")) }),
  query: z.strictObject({ lang: z.optional(z.string().check(z.maxLength(5))) }),
  response: undefined,
});

export const INVOICING_ENDPOINTS = [
  getSellerIdentity,
  setSellerIdentity,
  exportInvoices,
  listCreditNotes,
  getCreditNotePdf,
] as const;
