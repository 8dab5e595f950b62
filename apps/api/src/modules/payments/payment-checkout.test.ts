import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { settlePayment } from "../../flows/settle-payment.ts";
import { checkoutWebhookFor, webhookHeaders } from "../../providers/payment/sandbox/sandbox-test-kit.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import {
  createBuyingApp,
  orderBody,
  orderJobs,
  placeTestOrder,
  postOrder,
  postPaymentWebhook,
  pressButton,
  readOrder,
  readPaymentRow,
} from "../orders/buying.test-kit.ts";
import { resumeCheckout } from "./index.ts";
import { payments } from "./payments.schema.ts";

// A checkout lives 30 minutes at Chargily (and in the sandbox): one 28 minutes old is never handed out again.

const testApp = await createBuyingApp();
const { clock, gateway } = testApp;
const plan = await createPackage(testApp);
const silent = { warn: () => {} };
const MINUTE = 60 * 1000;

async function placeFor() {
  const buyer = await createSignedInUser(testApp);
  const body = orderBody(buyer.user, plan.id);
  const placed = await placeTestOrder(testApp, buyer.headers, body);
  return { ...buyer, ...placed, body };
}

const referenceOf = (checkoutUrl: string) => decodeURIComponent(new URL(checkoutUrl).pathname.split("/").at(-1)!);

const resume = (placed: { user: { id: string }; orderId: string }) =>
  resumeCheckout(testApp.deps, {
    userId: placed.user.id,
    orderId: placed.orderId,
    returnTo: "web",
    log: silent,
    settlePayment,
  });

describe("the order's checkout", () => {
  it("is described on the gateway's page in the payer's language", async () => {
    const createCheckout = vi.spyOn(testApp.deps.payments, "createCheckout");
    for (const [language, words] of [
      ["fr", "Commande eSIM"],
      ["ar", "طلب eSIM رقم"],
    ] as const) {
      const buyer = await createSignedInUser(testApp, { language });
      const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
      expect(createCheckout.mock.lastCall?.[0].description).toBe(`${words} ${placed.number}`);
    }
    createCheckout.mockRestore();
  });
});

describe("resumeCheckout", () => {
  it("answers NOT_FOUND for someone else's order", async () => {
    const placed = await placeFor();
    const other = await createSignedInUser(testApp);
    await expect(
      resumeCheckout(testApp.deps, {
        userId: other.user.id,
        orderId: placed.orderId,
        returnTo: "web",
        log: silent,
        settlePayment,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("hands out the same checkout while it is younger than 28 minutes, and records when it was opened", async () => {
    const opened = clock.now();
    const placed = await placeFor();
    clock.advance(27 * MINUTE);

    expect(await resume(placed)).toEqual({ checkoutUrl: placed.checkoutUrl });
    expect(await readPaymentRow(testApp, placed.paymentId)).toMatchObject({ checkoutOpenedAt: opened });
  });

  it("replaces a checkout 28 minutes old: the old one is expired at the gateway first and never handed out again", async () => {
    const placed = await placeFor();
    const oldReference = referenceOf(placed.checkoutUrl);
    clock.advance(29 * MINUTE);

    const fresh = await resume(placed);
    const again = await resume(placed);

    expect(fresh).toEqual({ checkoutUrl: expect.any(String) });
    const freshUrl = (fresh as { checkoutUrl: string }).checkoutUrl;
    expect(freshUrl).not.toBe(placed.checkoutUrl);
    expect(again).toEqual({ checkoutUrl: freshUrl });
    expect((await gateway.findCheckout(oldReference))?.status).toBe("expired");
    expect((await gateway.findCheckout(referenceOf(freshUrl)))?.status).toBe("pending");
    expect(await readPaymentRow(testApp, placed.paymentId)).toMatchObject({
      status: "pending",
      providerReference: referenceOf(freshUrl),
      checkoutUrl: freshUrl,
      checkoutOpenedAt: clock.now(),
    });
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
  });

  it("asks the gateway for one fresh checkout however many requests ask for it at once", async () => {
    const placed = await placeFor();
    clock.advance(29 * MINUTE);

    const answers = await Promise.all(Array.from({ length: 5 }, () => resume(placed)));

    const urls = new Set(answers.map((answer) => (answer as { checkoutUrl: string }).checkoutUrl));
    expect(urls.size).toBe(1);
    expect(urls.has(placed.checkoutUrl)).toBe(false);
    const checkouts = await testApp.db.execute<{ count: number }>(
      sql`select count(*)::int as count from sandbox_checkouts where metadata->>'paymentId' = ${placed.paymentId}`,
    );
    expect(checkouts.rows[0]?.count).toBe(2);
  });

  it("gives a payer who sends the same order again after 29 minutes a fresh checkout, not the dead one", async () => {
    const placed = await placeFor();
    clock.advance(29 * MINUTE);

    const replay = await postOrder(testApp, placed.headers, placed.body);

    expect(replay.statusCode).toBe(200);
    const { checkoutUrl } = replay.json().data.payment;
    expect(checkoutUrl).not.toBe(placed.checkoutUrl);
    expect((await gateway.findCheckout(referenceOf(placed.checkoutUrl)))?.status).toBe("expired");
  });

  it("answers paid, with no checkout, when the old checkout turns out paid, and applies it as the webhook would", async () => {
    const placed = await placeFor();
    testApp.setWebhooksLost(true);
    await pressButton(testApp, placed.checkoutUrl, "pay");
    testApp.setWebhooksLost(false);
    clock.advance(29 * MINUTE);

    expect(await resume(placed)).toEqual({ paid: true });
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("successful");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("confirmed");
    expect(await orderJobs(testApp, placed.orderId)).toEqual([
      expect.objectContaining({ task: "provision-order", attempts: 0 }),
    ]);
  });

  it("never hands out the old checkout when the fresh one cannot be had; once it is back, a fresh one", async () => {
    const placed = await placeFor();
    clock.advance(29 * MINUTE);
    testApp.setGatewayDown(true);

    await expect(resume(placed)).rejects.toMatchObject({ code: "PAYMENT_GATEWAY_UNAVAILABLE" });
    await expect(resume(placed)).rejects.toMatchObject({ code: "PAYMENT_GATEWAY_UNAVAILABLE" });
    testApp.setGatewayDown(false);
    const fresh = await resume(placed);

    expect(fresh).toEqual({ checkoutUrl: expect.any(String) });
    expect((fresh as { checkoutUrl: string }).checkoutUrl).not.toBe(placed.checkoutUrl);
  });

  it("matches a late webhook about the replaced checkout to the payment by its metadata, and changes nothing", async () => {
    const placed = await placeFor();
    const oldReference = referenceOf(placed.checkoutUrl);
    clock.advance(29 * MINUTE);
    await resume(placed);
    const [payment] = await testApp.db.select().from(payments).where(eq(payments.id, placed.paymentId));
    const rawBody = checkoutWebhookFor(
      { ...payment!, providerReference: oldReference },
      { at: clock.now(), type: "checkout.canceled", status: "canceled" },
    );

    const response = await postPaymentWebhook(testApp, {
      rawBody,
      headers: webhookHeaders(rawBody, testApp.deps.config.SANDBOX_PAYMENT_SECRET),
    });

    expect(response.json()).toEqual({ data: { outcome: "unchanged" } });
    expect((await readPaymentRow(testApp, placed.paymentId)).status).toBe("pending");
    expect((await readOrder(testApp, placed.orderId)).status).toBe("pending");
  });
});
