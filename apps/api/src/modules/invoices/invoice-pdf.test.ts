import { describe, expect, it } from "vitest";
import { creditNoteIn, drawnText, invoiceIn, logicalLines } from "./invoice-pdf.test-kit.ts";
import { renderCreditNotePdf, renderInvoicePdf } from "./invoice-pdf.ts";

describe("renderInvoicePdf", () => {
  it("prints the seller's whole identity and the TVA lines in French", async () => {
    const text = await drawnText(await renderInvoicePdf(invoiceIn("fr")));
    for (const expected of [
      "NIF: 000116012345678",
      "NIS: 000116290012345",
      "RC: 16/00-1234567 B 18",
      "Article d'imposition: 16012345678",
      "Total HT",
      "TVA 19 %",
      "Total TTC",
      "1,252.10 DA",
      "237.90 DA",
      "1,490.00 DA",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the labels and the exemption in English", async () => {
    const mention = "Exonéré de TVA en vertu de l'article 9";
    const invoice = invoiceIn("en");
    invoice.seller = { ...invoice.seller, tvaRateBps: 0, tvaExemption: mention };
    const text = await drawnText(await renderInvoicePdf(invoice));
    for (const expected of ["Tax ID (NIF): 000116012345678", "Trade register (RC)", "VAT: exempt", mention]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the whole TTC of an order partly paid by store credit, the credit and what the card paid", async () => {
    const partly = await drawnText(await renderInvoicePdf({ ...invoiceIn("fr"), storeCreditDzdMinor: 1000_00 }));

    expect(partly).toContain("1,490.00 DA");
    expect(partly).toContain("Payé en crédit boutique");
    expect(partly).toContain("1,000 DA");
    expect(partly).toContain("Payé par carte");
    expect(partly).toContain("490 DA");
    const arabic = await logicalLines(await renderInvoicePdf({ ...invoiceIn("ar"), storeCreditDzdMinor: 1000_00 }));
    expect(arabic).toContain("مدفوع برصيد المتجر");
  });

  it("prints the payment fee the payer paid on top, and the total paid, only when there is one", async () => {
    const withFee = await drawnText(await renderInvoicePdf({ ...invoiceIn("fr"), gatewayFeeDzdMinor: 37_00 }));
    const without = await drawnText(await renderInvoicePdf(invoiceIn("fr")));

    expect(withFee).toContain("Frais de paiement (passerelle)");
    expect(withFee).toContain("37 DA");
    expect(withFee).toContain("Total payé");
    expect(withFee).toContain("1,527 DA");
    expect(without).not.toContain("Frais de paiement");
    const arabic = await logicalLines(await renderInvoicePdf({ ...invoiceIn("ar"), gatewayFeeDzdMinor: 37_00 }));
    expect(arabic).toContain("رسوم الدفع (بوابة الدفع)");
    expect(arabic).toContain("المجموع المدفوع");
  });

  it("gives every Arabic line in logical (reading) order, the seller's labels in Arabic", async () => {
    const lines = await logicalLines(await renderInvoicePdf(invoiceIn("ar")));
    expect(lines).toContain("فاتورة");
    expect(lines).toContain("رقم الفاتورة");
    expect(lines).toContain("رقم التعريف الجبائي: 000116012345678");
    expect(lines).toContain("رقم السجل التجاري: 16/00-1234567 B 18");
    expect(lines).toContain("الرسم على القيمة المضافة 19\u00a0%");
    expect(lines).toContain("أمينة بن علي");
  });

  it("prints a name stored with a right-to-left override as typed, never reversed (a row from before decision 060)", async () => {
    const invoice = invoiceIn("fr");
    const stored = { ...invoice, buyer: { ...invoice.buyer, name: "Bob\u202Egnp.exe" } };
    const text = await drawnText(await renderInvoicePdf(stored));
    expect(text).toContain("Bobgnp.exe");
    expect(text).not.toContain("exe.png");
  });
});

describe("renderCreditNotePdf", () => {
  it("prints the credit note, the invoice it corrects, the seller and the amounts reversed in French", async () => {
    const text = await drawnText(await renderCreditNotePdf(creditNoteIn("fr")));
    for (const expected of [
      "Facture d'avoir",
      "A2026-000001",
      "Facture rectifiée",
      "F2026-000042",
      "12/11/2026",
      "NIF: 000116012345678",
      "Motif: eSIM annulée à la demande",
      "-1,000.00 DA",
      "TVA reversée 19 %",
      "-190.00 DA",
      "-1,190.00 DA",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints its title and labels in English", async () => {
    const text = await drawnText(await renderCreditNotePdf(creditNoteIn("en")));
    for (const expected of ["Credit note", "Invoice corrected", "F2026-000042", "VAT reversed 19 %", "-1,190.00 DA"]) {
      expect(text).toContain(expected);
    }
  });

  it("gives the Arabic lines in logical order, right to left, with the amounts left to right", async () => {
    const pdf = await renderCreditNotePdf(creditNoteIn("ar"));
    const lines = await logicalLines(pdf);
    expect(lines).toContain("إشعار دائن");
    expect(lines).toContain("الفاتورة المصححة");
    expect(lines).toContain("الرسم على القيمة المضافة المسترجع 19\u00a0%");
    expect(lines).toContain("أمينة بن علي");
    const text = await drawnText(pdf);
    expect(text).toContain("A2026-000001");
    expect(text).toContain("F2026-000042");
    expect(text).toContain("-1,190.00 DA");
  });
});
