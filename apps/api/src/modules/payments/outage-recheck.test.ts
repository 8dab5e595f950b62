import { describe, expect, it } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { PaymentGatewayError } from "../../providers/payment/payment-port.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  pressButton,
  readOrder,
  readPaymentRow,
} from "../orders/buying.test-kit.ts";
import { recheckOpenPayments } from "./index.ts";

// The recheck queued when a database outage ends (decision 088): what it asks the gateway and what it leaves alone.

const testApp = await createBuyingApp();
const { deps, clock } = testApp;
const plan = await createPackage(testApp);
const log = { warn() {} };

/** An order the payer paid on the gateway's page, its webhook lost. */
async function paidUnheard() {
  const buyer = await createSignedInUser(testApp);
  const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
  testApp.setWebhooksLost(true);
  try {
    await pressButton(testApp, placed.checkoutUrl, "pay");
  } finally {
    testApp.setWebhooksLost(false);
  }
  return placed;
}

describe("the recheck of payments after a database outage", () => {
  it("confirms a paid checkout at once, however recently the payment was looked at, and is a no-op when repeated", async () => {
    const placed = await paidUnheard();
    expect(await recheckOpenPayments(deps, { log, settlePayment })).toBeGreaterThanOrEqual(1);
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
    expect(await recheckOpenPayments(deps, { log, settlePayment })).toBe(0);
  });

  it("leaves a checkout past its lifetime to the reconciliation sweep, which ends it at the gateway first", async () => {
    const placed = await paidUnheard();
    clock.advance(36 * 60 * 1000);
    try {
      await recheckOpenPayments(deps, { log, settlePayment });
      expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("pending");
    } finally {
      clock.advance(-36 * 60 * 1000);
    }
  });

  it("fails, so its job is retried, when the gateway cannot be asked, and changes nothing", async () => {
    const placed = await paidUnheard();
    const gatewayDown = {
      ...deps,
      payments: {
        ...deps.payments,
        async retrieveCheckout(): Promise<never> {
          throw new PaymentGatewayError("The gateway is down", { isRetryable: true });
        },
      },
    };
    await expect(recheckOpenPayments(gatewayDown, { log, settlePayment })).rejects.toThrow(/could not be asked/);
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("pending");
    await recheckOpenPayments(deps, { log, settlePayment });
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
  });
});
