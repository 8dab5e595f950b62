import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { toDisplayText } from "@esim/shared/display-text";
import { formatDate, formatNumber, maskCardCode } from "@esim/shared/format";
import type { Currency, Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import type { Translate } from "@esim/ui/i18n";
import { serverTranslator } from "@esim/ui/server-i18n";
import { hasArabic, isolateLtr, paragraphDirection, toLogicalText, toVisualRuns } from "./bidi-text.ts";
import { paymentMethodWords } from "./invoice-words.ts";
import type { SellerIdentity } from "./seller-identity.ts";

/** Everything printed on an invoice. */
export interface InvoiceDocument {
  language: Language;
  number: string;
  issuedAt: Date;
  paidAt: Date;
  /** As recorded when the invoice was issued. */
  seller: SellerIdentity;
  /** The DZD charged, split by the seller's TVA treatment as recorded at issue. */
  tva: { htDzdMinor: number; tvaDzdMinor: number; ttcDzdMinor: number };
  buyer: { name: string; email: string; country: string };
  orderNumber: string;
  line: { description: string; quantity: number; unitPriceMinor: number; amountMinor: number };
  currency: Currency;
  discountMinor: number;
  couponDiscountMinor: number;
  couponCode: string | null;
  /** A friend's invite discount (decision 079); absent on invoices issued before it existed. */
  referralDiscountMinor?: number;
  serviceFeeMinor: number;
  totalMinor: number;
  chargeDzdMinor: number;
  /** The gateway's fee the payer paid on top of chargeDzdMinor (PAYMENT_FEES_PAID_BY customer or split); 0 otherwise. */
  gatewayFeeDzdMinor: number;
  /** The part of chargeDzdMinor paid by store credit (decision 064): invoiced with the sale, paid by credit. */
  storeCreditDzdMinor: number;
  paymentMethod: string;
  /** The card number or code the gateway reported, if any: printed masked. */
  cardCode: string | null;
}

// Fonts shipped by npm packages (Noto Sans for Latin, Noto Naskh Arabic for Arabic), never the machine's.
const require = createRequire(import.meta.url);
let fontFiles: Record<string, Buffer> | undefined;
function fonts(): Record<string, Buffer> {
  fontFiles ??= {
    latin: readFileSync(require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf")),
    "latin-bold": readFileSync(require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf")),
    arabic: readFileSync(
      require.resolve("@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf"),
    ),
    "arabic-bold": readFileSync(
      require.resolve("@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf"),
    ),
  };
  return fontFiles;
}

// The accountant's lines show the centimes always (237.90 DA), where the shop's prices drop them when zero.
const CENTIMES = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const PAGE_WIDTH = 595.28;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

interface CellOptions {
  align?: "start" | "end";
  size?: number;
  isBold?: boolean;
  /** Amounts, numbers, emails: a left-to-right paragraph even on an Arabic invoice. */
  isLtr?: boolean;
  color?: string;
}

/**
 * Draws one line of text in a box given in left-to-right coordinates; on an Arabic invoice the box is mirrored
 * (start becomes the right edge) and the text reordered by the bidi algorithm, Arabic shaped by fontkit.
 *
 * The glyphs of shaped Arabic stand in visual order and their fonts map them back to letters only roughly, so a line
 * with Arabic is wrapped in a marked-content span whose ActualText is the line in logical order (ISO 32000 §14.9.4):
 * what copy-paste, search and screen readers give. The same text is on a structure element (the document is tagged),
 * where readers of the structure tree such as pdf.js find it.
 */
function createCellWriter(doc: PDFKit.PDFDocument, isRtl: boolean, section: PDFKit.PDFStructureElement) {
  return (text: string, x: number, y: number, width: number, options: CellOptions = {}) => {
    if (!hasArabic(text)) {
      drawCell(doc, isRtl, text, x, y, width, options);
      return;
    }
    const actual = toLogicalText(text);
    const content = doc.markStructureContent("Span", { actual });
    drawCell(doc, isRtl, text, x, y, width, options);
    doc.endMarkedContent();
    section.add(doc.struct("Span", { actual }, [content]));
  };
}

function drawCell(
  doc: PDFKit.PDFDocument,
  isRtl: boolean,
  text: string,
  x: number,
  y: number,
  width: number,
  options: CellOptions,
) {
  const boxX = isRtl ? PAGE_WIDTH - x - width : x;
  const atStart = (options.align ?? "start") === "start";
  const isLeftAligned = isRtl ? !atStart : atStart;
  // On an Arabic invoice a Latin-only text (an address, a plan name) keeps its own left-to-right order.
  const runs = toVisualRuns(text, options.isLtr || !isRtl ? "ltr" : paragraphDirection(text, "rtl"));
  const fontOf = (run: { font: "arabic" | "latin" }) => (options.isBold ? `${run.font}-bold` : run.font);
  let size = options.size ?? 10;
  const measure = () =>
    runs.reduce((sum, run) => sum + doc.font(fontOf(run)).fontSize(size).widthOfString(run.text), 0);
  let total = measure();
  if (total > width) {
    size = Math.max(6, (size * width) / total);
    total = measure();
  }
  let cursor = isLeftAligned ? boxX : boxX + width - total;
  doc.fillColor(options.color ?? "#111111");
  for (const run of runs) {
    doc.font(fontOf(run)).fontSize(size);
    const runWidth = doc.widthOfString(run.text);
    if (run.text.trim() !== "") doc.text(run.text, cursor, y, { lineBreak: false });
    cursor += runWidth;
  }
}

/**
 * The stored texts of a document (typed by customers and operators, some before decision 060) without what would hide
 * or reorder them: a name with a right-to-left override prints as typed, never reversed.
 */
function sellerAsDisplayed(seller: SellerIdentity): SellerIdentity {
  return {
    ...seller,
    name: toDisplayText(seller.name),
    address: toDisplayText(seller.address),
    nif: toDisplayText(seller.nif),
    nis: toDisplayText(seller.nis),
    rc: toDisplayText(seller.rc),
    article: toDisplayText(seller.article),
    tvaExemption: seller.tvaExemption === null ? null : toDisplayText(seller.tvaExemption),
  };
}

function buyerAsDisplayed(buyer: InvoiceDocument["buyer"]): InvoiceDocument["buyer"] {
  return { name: toDisplayText(buyer.name), email: toDisplayText(buyer.email), country: toDisplayText(buyer.country) };
}

function withDisplayTexts(invoice: InvoiceDocument): InvoiceDocument {
  return {
    ...invoice,
    seller: sellerAsDisplayed(invoice.seller),
    buyer: buyerAsDisplayed(invoice.buyer),
    line: { ...invoice.line, description: toDisplayText(invoice.line.description) },
    couponCode: invoice.couponCode === null ? null : toDisplayText(invoice.couponCode),
  };
}

type CellWriter = ReturnType<typeof createCellWriter>;

/**
 * An A4 page in `language` (tagged, fonts registered, Arabic right to left) with its cell writer; `finish` ends it and
 * answers its bytes.
 */
async function openDocument(options: {
  language: Language;
  info: { Title: string; Subject: string; Author: string; CreationDate: Date };
}) {
  // Loaded at the first document, not at start: pdfkit and its font engine cost a tenth of a second to import.
  const { default: PDFDocument } = await import("pdfkit");
  const isRtl = options.language === "ar";
  const doc = new PDFDocument({ size: "A4", tagged: true, margin: MARGIN, info: options.info, lang: options.language });
  for (const [name, file] of Object.entries(fonts())) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  // Tagged, so the logical text of the Arabic lines is also on the structure tree.
  const section = doc.struct("Sect");
  doc.addStructure(section);
  const cell = createCellWriter(doc, isRtl, section);
  const finish = async () => {
    section.end();
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  return { doc, cell, isRtl, finish };
}

/**
 * The head of an invoice or credit note: the seller with its legal identity (start side), the title and the
 * document's references (end side), then the buyer. Answers the height reached.
 */
function drawHead(
  cell: CellWriter,
  isRtl: boolean,
  head: {
    t: Translate;
    title: string;
    seller: SellerIdentity;
    references: [string, string][];
    buyer: { name: string; email: string; country: string };
  },
): number {
  const { t, seller } = head;
  const half = CONTENT_WIDTH / 2;
  let y = MARGIN;
  cell(seller.name, MARGIN, y, half, { size: 15, isBold: true });
  cell(head.title, MARGIN + half, y - 4, half, { align: "end", size: 22, isBold: true });
  y += 26;
  const identity: [string, string][] = [
    [t("invoice.taxId"), seller.nif],
    [t("invoice.nis"), seller.nis],
    [t("invoice.rc"), seller.rc],
    [t("invoice.article"), seller.article],
  ];
  let sellerY = y;
  cell(seller.address, MARGIN, sellerY, half);
  for (const [label, value] of identity) {
    if (!value) continue;
    sellerY += 14;
    cell(t("invoice.identityLine", { label, value: isolateLtr(value) }), MARGIN, sellerY, half, { size: 9 });
  }
  for (const [label, value] of head.references) {
    cell(label, MARGIN + half, y, half - 110, { align: "end", color: "#555555" });
    cell(value, MARGIN + CONTENT_WIDTH - 105, y, 105, { align: "end", isBold: true, isLtr: true });
    y += 15;
  }
  y = Math.max(y, sellerY + 14);

  y += 20;
  cell(t("invoice.buyer"), MARGIN, y, half, { isBold: true, size: 11 });
  y += 17;
  cell(head.buyer.name, MARGIN, y, half);
  cell(head.buyer.email, MARGIN, y + 15, half, { isLtr: !isRtl });
  cell(head.buyer.country, MARGIN, y + 30, half);
  return y;
}

/** The invoice as PDF bytes (A4, one page), in its language; Arabic right to left. */
export async function renderInvoicePdf(storedInvoice: InvoiceDocument): Promise<Buffer> {
  const invoice = withDisplayTexts(storedInvoice);
  const t = serverTranslator(invoice.language);
  const { doc, cell, isRtl, finish } = await openDocument({
    language: invoice.language,
    info: {
      Title: invoice.number,
      Subject: invoice.orderNumber,
      Author: invoice.seller.name,
      CreationDate: invoice.issuedAt,
    },
  });
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const { seller } = invoice;
  let y = drawHead(cell, isRtl, {
    t,
    title: t("invoice.title"),
    seller,
    references: [
      [t("invoice.number"), invoice.number],
      [t("invoice.date"), formatDate(invoice.issuedAt)],
      [t("invoice.paidAt"), formatDate(invoice.paidAt)],
      [t("invoice.order"), invoice.orderNumber],
    ],
    buyer: invoice.buyer,
  });

  // The line.
  y += 70;
  const columns = {
    description: { x: MARGIN + 6, width: 240 },
    quantity: { x: MARGIN + 250, width: 50 },
    unitPrice: { x: MARGIN + 305, width: 90 },
    amount: { x: MARGIN + 400, width: CONTENT_WIDTH - 406 },
  };
  doc.rect(MARGIN, y - 5, CONTENT_WIDTH, 22).fill("#eef2f7");
  cell(t("invoice.description"), columns.description.x, y, columns.description.width, { isBold: true });
  cell(t("invoice.quantity"), columns.quantity.x, y, columns.quantity.width, { isBold: true, align: "end" });
  cell(t("invoice.unitPrice"), columns.unitPrice.x, y, columns.unitPrice.width, { isBold: true, align: "end" });
  cell(t("invoice.amount"), columns.amount.x, y, columns.amount.width, { isBold: true, align: "end" });
  y += 26;
  const { line } = invoice;
  cell(line.description, columns.description.x, y, columns.description.width);
  cell(formatNumber(line.quantity), columns.quantity.x, y, columns.quantity.width, { align: "end", isLtr: true });
  cell(money(line.unitPriceMinor), columns.unitPrice.x, y, columns.unitPrice.width, { align: "end", isLtr: true });
  cell(money(line.amountMinor), columns.amount.x, y, columns.amount.width, { align: "end", isLtr: true });
  y += 20;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke("#c8d0da");

  // Totals.
  y += 12;
  const totals: [string, string, boolean][] = [[t("invoice.subtotal"), money(line.amountMinor), false]];
  if (invoice.discountMinor > 0) totals.push([t("invoice.discount"), `-${money(invoice.discountMinor)}`, false]);
  if (invoice.couponDiscountMinor > 0) {
    const label = t("invoice.coupon", { code: invoice.couponCode ?? "none" });
    totals.push([label, `-${money(invoice.couponDiscountMinor)}`, false]);
  }
  const referralDiscountMinor = invoice.referralDiscountMinor ?? 0;
  if (referralDiscountMinor > 0) totals.push([t("invoice.referral"), `-${money(referralDiscountMinor)}`, false]);
  totals.push([t("invoice.serviceFee"), money(invoice.serviceFeeMinor), false]);
  totals.push([t("invoice.total"), money(invoice.totalMinor), true]);
  totals.push([t("invoice.charged"), formatMoney(invoice.chargeDzdMinor, "DZD"), false]);
  // What the accountant books, always in DZD: HT, TVA at the recorded rate (or the exemption), TTC.
  const dzd = (minor: number) => `${CENTIMES.format(minor / 100)} DA`;
  totals.push([t("invoice.totalHt"), dzd(invoice.tva.htDzdMinor), false]);
  if (seller.tvaExemption === null) {
    totals.push([
      t("invoice.tvaRate", { rate: formatNumber(seller.tvaRateBps / 100) }),
      dzd(invoice.tva.tvaDzdMinor),
      false,
    ]);
  } else {
    totals.push([t("invoice.tvaExempt"), dzd(0), false]);
  }
  totals.push([t("invoice.totalTtc"), dzd(invoice.tva.ttcDzdMinor), true]);
  // Store credit pays part of the whole TTC above (decision 064): the sale is the same, the card paid the rest.
  const cardDzdMinor = invoice.chargeDzdMinor - invoice.storeCreditDzdMinor;
  if (invoice.storeCreditDzdMinor > 0) {
    totals.push([t("invoice.paidByStoreCredit"), formatMoney(invoice.storeCreditDzdMinor, "DZD"), false]);
  }
  // The gateway keeps its fee: outside our sale and its TVA, but part of what the payer paid, shown as paid.
  if (invoice.gatewayFeeDzdMinor > 0) {
    totals.push([t("invoice.gatewayFee"), formatMoney(invoice.gatewayFeeDzdMinor, "DZD"), false]);
  }
  if (invoice.storeCreditDzdMinor > 0 || invoice.gatewayFeeDzdMinor > 0) {
    const label = t(invoice.storeCreditDzdMinor > 0 ? "invoice.paidByCard" : "invoice.totalPaid");
    totals.push([label, formatMoney(cardDzdMinor + invoice.gatewayFeeDzdMinor, "DZD"), true]);
  }
  for (const [label, value, isBold] of totals) {
    cell(label, MARGIN + 250, y, 145, { isBold, size: isBold ? 12 : 10 });
    cell(value, columns.amount.x, y, columns.amount.width, {
      align: "end",
      isBold,
      isLtr: true,
      size: isBold ? 12 : 10,
    });
    y += isBold ? 20 : 16;
  }

  // Payment.
  y += 20;
  const method = paymentMethodWords(t, invoice.paymentMethod);
  cell(t("invoice.paymentMethod"), MARGIN, y, 150, { color: "#555555" });
  cell(
    invoice.cardCode ? `${method} ${isolateLtr(maskCardCode(invoice.cardCode))}` : method,
    MARGIN + 155,
    y,
    CONTENT_WIDTH - 155,
  );
  y += 16;
  cell(t("invoice.inDzd"), MARGIN, y, CONTENT_WIDTH, { color: "#555555", size: 9 });
  if (seller.tvaExemption !== null) {
    // The legal mention as the seller wrote it (its law's words, usually French), under the translated label.
    y += 14;
    cell(seller.tvaExemption, MARGIN, y, CONTENT_WIDTH, { size: 9 });
  }
  y += 30;
  cell(t("invoice.thanks"), MARGIN, y, CONTENT_WIDTH, { color: "#555555" });
  return finish();
}

/** Everything printed on a credit note (avoir): a sale of an invoice reversed, in part or whole. */
export interface CreditNoteDocument {
  language: Language;
  number: string;
  issuedAt: Date;
  /** The invoice it corrects. */
  invoice: { number: string; issuedAt: Date };
  orderNumber: string;
  /** As recorded on the credit note (the invoice's). */
  seller: SellerIdentity;
  /** What is reversed, positive amounts: printed as negatives. */
  tva: { htDzdMinor: number; tvaDzdMinor: number; ttcDzdMinor: number };
  buyer: { name: string; email: string; country: string };
  /** The plan the invoice sold. */
  description: string;
  reason: string;
}

/** The credit note as PDF bytes (A4, one page), in its language; Arabic right to left. */
export async function renderCreditNotePdf(stored: CreditNoteDocument): Promise<Buffer> {
  const creditNote = {
    ...stored,
    seller: sellerAsDisplayed(stored.seller),
    buyer: buyerAsDisplayed(stored.buyer),
    description: toDisplayText(stored.description),
    reason: toDisplayText(stored.reason),
  };
  const t = serverTranslator(creditNote.language);
  const { doc, cell, isRtl, finish } = await openDocument({
    language: creditNote.language,
    info: {
      Title: creditNote.number,
      Subject: creditNote.invoice.number,
      Author: creditNote.seller.name,
      CreationDate: creditNote.issuedAt,
    },
  });
  const { seller } = creditNote;
  let y = drawHead(cell, isRtl, {
    t,
    title: t("invoice.creditNote.title"),
    seller,
    references: [
      [t("invoice.creditNote.number"), creditNote.number],
      [t("invoice.creditNote.date"), formatDate(creditNote.issuedAt)],
      [t("invoice.creditNote.invoice"), creditNote.invoice.number],
      [t("invoice.date"), formatDate(creditNote.invoice.issuedAt)],
      [t("invoice.order"), creditNote.orderNumber],
    ],
    buyer: creditNote.buyer,
  });

  // What is reversed, and why.
  y += 70;
  doc.rect(MARGIN, y - 5, CONTENT_WIDTH, 22).fill("#eef2f7");
  cell(t("invoice.description"), MARGIN + 6, y, CONTENT_WIDTH - 12, { isBold: true });
  y += 26;
  cell(creditNote.description, MARGIN + 6, y, CONTENT_WIDTH - 12);
  y += 18;
  cell(t("invoice.creditNote.reason", { reason: creditNote.reason }), MARGIN + 6, y, CONTENT_WIDTH - 12, {
    color: "#555555",
  });
  y += 20;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke("#c8d0da");

  // The amounts reversed, negative as the accountant books them, at the invoice's TVA rate.
  y += 12;
  const reversed = (minor: number) => `${minor === 0 ? "" : "-"}${CENTIMES.format(minor / 100)} DA`;
  const totals: [string, string, boolean][] = [[t("invoice.totalHt"), reversed(creditNote.tva.htDzdMinor), false]];
  if (seller.tvaExemption === null) {
    totals.push([
      t("invoice.creditNote.tvaReversed", { rate: formatNumber(seller.tvaRateBps / 100) }),
      reversed(creditNote.tva.tvaDzdMinor),
      false,
    ]);
  } else {
    totals.push([t("invoice.tvaExempt"), reversed(0), false]);
  }
  totals.push([t("invoice.totalTtc"), reversed(creditNote.tva.ttcDzdMinor), true]);
  const amountX = MARGIN + 400;
  const amountWidth = CONTENT_WIDTH - 406;
  for (const [label, value, isBold] of totals) {
    cell(label, MARGIN + 200, y, 195, { isBold, size: isBold ? 12 : 10 });
    cell(value, amountX, y, amountWidth, { align: "end", isBold, isLtr: true, size: isBold ? 12 : 10 });
    y += isBold ? 20 : 16;
  }

  y += 20;
  cell(t("invoice.inDzd"), MARGIN, y, CONTENT_WIDTH, { color: "#555555", size: 9 });
  if (seller.tvaExemption !== null) {
    y += 14;
    cell(seller.tvaExemption, MARGIN, y, CONTENT_WIDTH, { size: 9 });
  }
  y += 16;
  cell(t("invoice.creditNote.mention"), MARGIN, y, CONTENT_WIDTH, { color: "#555555", size: 9 });
  return finish();
}
