import { getQuote } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it, vi } from "vitest";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  readOrder,
  readPaymentRow,
  signedCheckoutWebhook,
} from "../orders/buying.test-kit.ts";

// PAYMENT_FEES_PAID_BY=customer: the gateway's fee is shown before payment and is part of the amount charged.

// The drawn text is glyphs of embedded fonts: what the invoice says is read from the renderer's input.
vi.mock("../invoices/invoice-pdf.ts", async (original) => {
  const actual = await original<typeof import("../invoices/invoice-pdf.ts")>();
  return { ...actual, renderInvoicePdf: vi.fn(actual.renderInvoicePdf) };
});

const testApp = await createBuyingApp({ config: { PAYMENT_FEES_PAID_BY: "customer", PAYMENT_FEE_PERCENT: 2.5 } });
const { app, gateway } = testApp;
// 1 490 DA the plan, no service fee (setPriceSettings' default): 2.5 % of it is 37 DA (37.25).
const plan = await createPackage(testApp);

async function placeFor() {
  const buyer = await createSignedInUser(testApp);
  return { ...buyer, ...(await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id))) };
}

const referenceOf = (checkoutUrl: string) => decodeURIComponent(new URL(checkoutUrl).pathname.split("/").at(-1)!);

describe("the gateway's fee paid by the customer", () => {
  it("quotes the fee as its own line and the charge including it", async () => {
    const { headers } = await createSignedInUser(testApp);

    const response = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/checkout/quote`,
      headers,
      payload: { packageId: plan.id, quantity: 1, currency: "DZD" },
    });

    expect(response.statusCode).toBe(200);
    const { quote } = getQuote.response.parse(response.json()).data;
    expect(quote).toMatchObject({
      chargeDzdMinor: quote.totalMinor,
      gatewayFee: { paidBy: "customer", percent: 2.5, amountDzdMinor: 37_00 },
      chargeWithFeeDzdMinor: quote.totalMinor + 37_00,
    });
  });

  it("keeps who pays and the fee shown on the payment, and asks the gateway for exactly that", async () => {
    const placed = await placeFor();

    const payment = await readPaymentRow(testApp, placed.paymentId);
    const checkout = await gateway.findCheckout(referenceOf(placed.checkoutUrl));

    expect(payment).toMatchObject({ feeAllocation: "customer", customerFeeMinor: 37_00 });
    expect(checkout).toMatchObject({
      amount: payment.amountMinor / 100,
      feesAllocation: "customer",
      feesOnCustomer: 37,
    });
    const page = await app.inject({ method: "GET", url: new URL(placed.checkoutUrl).pathname });
    expect(page.body).toContain(`<bdi>${((payment.amountMinor + 37_00) / 100).toLocaleString("en-US")} DA</bdi>`);
  });

  it("confirms a payment whose fee is the one shown, and prints that fee on the invoice", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId });

    const response = await postPaymentWebhook(testApp, webhook);
    const invoice = await app.inject({
      method: "GET",
      url: `${API_BASE_PATH}/orders/${placed.orderId}/invoice`,
      headers: placed.headers,
    });

    expect(response.json()).toEqual({ data: { outcome: "confirmed" } });
    expect(invoice.statusCode).toBe(200);
    expect(vi.mocked(renderInvoicePdf).mock.lastCall?.[0]).toMatchObject({
      chargeDzdMinor: 1490_00,
      gatewayFeeDzdMinor: 37_00,
    });
  });

  it("holds for the operator a payment whose payer paid another fee than the one shown", async () => {
    const placed = await placeFor();
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, customerFeeDzd: 80 });

    const response = await postPaymentWebhook(testApp, webhook);

    expect(response.json()).toEqual({ data: { outcome: "held" } });
    const order = await readOrder(testApp, placed.orderId);
    expect(order).toMatchObject({ status: "on_hold", attentionKind: "amount_mismatch" });
    expect(order.attentionReason).toMatch(/^amount_mismatch: the payer paid \d+ DZD with the gateway's fee/);
  });
});
