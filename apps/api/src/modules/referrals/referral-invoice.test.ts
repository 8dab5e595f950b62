import { describe, expect, it } from "vitest";
import { drawnText, invoiceIn } from "../invoices/invoice-pdf.test-kit.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";

// The invoice of a friend's first order (decision 079) shows the invite's discount as its own line, so its lines add
// up to the total charged.

describe("the invoice of an invited friend's order", () => {
  it("prints the invite's discount between the plans and the total", async () => {
    const invoice = { ...invoiceIn("fr"), referralDiscountMinor: 300_00, totalMinor: 1190_00, chargeDzdMinor: 1190_00 };

    const text = await drawnText(await renderInvoicePdf(invoice));

    expect(text).toContain("Remise d'invitation");
    expect(text).toMatch(/-\s?300/);
  });

  it("prints no such line on an invoice issued before invites existed", async () => {
    const text = await drawnText(await renderInvoicePdf(invoiceIn("fr")));

    expect(text).not.toContain("Remise d'invitation");
  });
});
