import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { CreditNoteDocument, InvoiceDocument } from "./invoice-pdf.ts";

// An invoice and a credit note to print, and the two ways to read a printed page back (pdf.js), for the tests of the
// PDFs and of the words they show.

/** A seller's whole legal identity, TVA at 19 %. */
export const SELLER_IDENTITY = {
  name: "eSIM Store SARL",
  address: "12 rue Didouche Mourad, 16000 Alger",
  nif: "000116012345678",
  nis: "000116290012345",
  rc: "16/00-1234567 B 18",
  article: "16012345678",
  tvaRateBps: 1900,
  tvaExemption: null,
};

export function invoiceIn(language: InvoiceDocument["language"]): InvoiceDocument {
  return {
    language,
    number: "F2026-000042",
    issuedAt: new Date("2026-11-12T10:00:00Z"),
    paidAt: new Date("2026-11-12T09:58:00Z"),
    seller: SELLER_IDENTITY,
    tva: { htDzdMinor: 1252_10, tvaDzdMinor: 237_90, ttcDzdMinor: 1490_00 },
    buyer: { name: "أمينة بن علي", email: "amina@example.dz", country: "Algérie" },
    orderNumber: "ES26-000042",
    line: { description: "Turquie · 1 Go · 7 jours", quantity: 1, unitPriceMinor: 1490_00, amountMinor: 1490_00 },
    currency: "DZD",
    discountMinor: 0,
    couponDiscountMinor: 0,
    couponCode: null,
    serviceFeeMinor: 0,
    totalMinor: 1490_00,
    chargeDzdMinor: 1490_00,
    gatewayFeeDzdMinor: 0,
    storeCreditDzdMinor: 0,
    paymentMethod: "edahabia",
    cardCode: null,
  };
}

async function openPage(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  return document.getPage(1);
}

/** The page's text as pdf.js draws it, one string per line (glyph mapping, visual order). */
export async function drawnText(pdf: Buffer): Promise<string> {
  const content = await (await openPage(pdf)).getTextContent();
  return content.items
    .map((item) => ("str" in item ? item.str : ""))
    .join(" ")
    .replace(/\u00a0/g, " ");
}

interface StructNode {
  role?: string;
  alt?: string;
  children?: StructNode[];
}

/** The text the structure tree gives for each Arabic line: what copy-paste and screen readers read. */
export async function logicalLines(pdf: Buffer): Promise<string[]> {
  const tree = (await (await openPage(pdf)).getStructTree()) as StructNode | null;
  const lines: string[] = [];
  const walk = (node: StructNode) => {
    if (node.alt !== undefined) lines.push(node.alt);
    for (const child of node.children ?? []) walk(child);
  };
  if (tree) walk(tree);
  return lines;
}

export function creditNoteIn(language: CreditNoteDocument["language"]): CreditNoteDocument {
  const invoice = invoiceIn(language);
  return {
    language,
    number: "A2026-000001",
    issuedAt: new Date("2026-11-14T10:00:00Z"),
    invoice: { number: "F2026-000042", issuedAt: new Date("2026-11-12T10:00:00Z") },
    orderNumber: "ES26-000042",
    seller: invoice.seller,
    tva: { htDzdMinor: 1000_00, tvaDzdMinor: 190_00, ttcDzdMinor: 1190_00 },
    buyer: invoice.buyer,
    description: "Turquie · 1 Go · 7 jours",
    reason: "eSIM annulée à la demande",
  };
}
