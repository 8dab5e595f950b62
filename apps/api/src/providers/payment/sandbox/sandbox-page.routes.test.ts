import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { createAppDeps } from "../../../create-deps.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createTestClock } from "../../../test/test-app.ts";
import { createDevMailboxMailer } from "../../mail/dev-mailbox-mailer.ts";
import { sandboxCheckouts } from "../../providers.schema.ts";
import { verifyWebhookSignature } from "../chargily/chargily-webhook.ts";
import type { CheckoutRequest } from "../payment-port.ts";
import { startWebhookReceiver, unusedLocalUrl } from "../test-webhook-receiver.ts";
import { createSandboxGateway } from "./sandbox-gateway.ts";
import { sandboxCheckoutRoutes } from "./sandbox-page.routes.ts";
import { pressSandboxButton } from "./sandbox-test-kit.ts";

const database = await createTestDatabase();
const receiver = await startWebhookReceiver();
const config = loadConfig(
  { NODE_ENV: "test", LOG_LEVEL: "silent" },
  { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: database.url, PUBLIC_URL: "http://localhost:8080" },
);
const clock = createTestClock();
const warnings: string[] = [];
const gateway = createSandboxGateway({
  db: database.db,
  config,
  now: clock.now,
  delivery: { retryDelaysMs: [20, 20], attemptTimeoutMs: 500, redirectWaitMs: 600 },
  log: { warn: (_details, message) => warnings.push(message) },
});
const mailer = createDevMailboxMailer(database.db);
const app = await buildApp(createAppDeps(config, database.db, { mailer, now: clock.now, payments: gateway }), {
  logger: false,
});
// The way app.ts registers the page with the sandbox gateway, for as long as app.ts does not do it yet.
if (!app.hasRoute({ method: "GET", url: "/sandbox/checkout/:id" })) {
  await app.register(sandboxCheckoutRoutes, { gateway });
}
await app.ready();
afterAll(async () => {
  await app.close();
  await gateway.whenIdle();
  await receiver.close();
  await mailer.close();
  await database.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

const SUCCESS_URL = "http://localhost:5173/success?order=ES26-000123";
const FAILURE_URL = "http://localhost:5173/failure?order=ES26-000123";

function newCheckout(overrides: Partial<CheckoutRequest> = {}) {
  return gateway.createCheckout({
    paymentId: randomUUID(),
    amountDzd: 6400,
    feeAllocation: "merchant",
    method: "cib",
    locale: "fr",
    description: "eSIM Turquie, 5 GB, 7 jours",
    successUrl: SUCCESS_URL,
    failureUrl: FAILURE_URL,
    webhookUrl: receiver.url,
    metadata: { order_number: "ES26-000123" },
    ...overrides,
  });
}

const getPage = (checkoutUrl: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: new URL(checkoutUrl).pathname, headers });

const bodyOf = (index: number) => JSON.parse(receiver.received[index]!.rawBody.toString("utf8"));

describe("GET /sandbox/checkout/:id", () => {
  it("answers a plain 404 page in the visitor's language for an unknown id", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/sandbox/checkout/sbx_unknown",
      headers: { "accept-language": "ar-DZ,ar;q=0.9,fr;q=0.8" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain('dir="rtl"');
    expect(response.body).toContain("عملية الدفع غير موجودة");
  });

  it("shows a French test page with the amount in DA, merchant, description, the methods and three buttons", async () => {
    const { checkoutUrl, reference } = await newCheckout();

    const response = await getPage(checkoutUrl);

    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="fr-DZ" dir="ltr">');
    expect(html).toContain("TEST");
    expect(html).toContain("Page de paiement de test : aucun argent réel n'est débité.".replace("'", "&#39;"));
    expect(html).toContain("<bdi>6,400 DA</bdi>");
    expect(html).toContain("eSIM Store");
    expect(html).toContain("eSIM Turquie, 5 GB, 7 jours");
    expect(html).toContain(reference);
    expect(html).toContain('<input type="radio" name="method" value="cib" checked>');
    expect(html).toContain('<input type="radio" name="method" value="edahabia">');
    expect(html).toContain('<input type="radio" name="method" value="chargily_app">');
    expect(html).not.toContain('value="card"');
    expect(html).toContain(`<form method="post" action="${reference}/pay">`);
    expect(html).toContain(`formaction="${reference}/fail"`);
    expect(html).toContain(`formaction="${reference}/cancel"`);
    expect(html).toContain(">Payer <bdi>6,400 DA</bdi></button>");
    expect(html).toContain(">Simuler un échec</button>");
    expect(html).toContain(">Annuler le paiement</button>");
    expect(html).not.toContain("<script");
  });

  it("forbids scripts and lets the form's redirect reach the merchant's origin", async () => {
    const { checkoutUrl } = await newCheckout();
    const response = await getPage(checkoutUrl);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("shows the page in English", async () => {
    const { checkoutUrl } = await newCheckout({ locale: "en", description: "eSIM Turkey, 5 GB, 7 days" });
    const html = (await getPage(checkoutUrl)).body;
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain("Test payment page: no real money is charged.");
    expect(html).toContain("Amount to pay");
    expect(html).toContain(">CIB<");
    expect(html).toContain(">Pay <bdi>6,400 DA</bdi></button>");
    expect(html).toContain(">Simulate a failure</button>");
    expect(html).toContain(">Cancel payment</button>");
  });

  it("shows the page in Arabic, right to left, with the amount kept left to right", async () => {
    const { checkoutUrl } = await newCheckout({ locale: "ar", description: "شريحة تركيا" });
    const html = (await getPage(checkoutUrl)).body;
    expect(html).toContain('<html lang="ar-DZ" dir="rtl">');
    expect(html).toContain("صفحة دفع تجريبية: لن يُخصم أي مبلغ حقيقي.");
    expect(html).toContain("المبلغ المطلوب دفعه");
    expect(html).toContain("طريقة الدفع");
    expect(html).toContain("الذهبية (EDAHABIA)");
    expect(html).toContain(">ادفع <bdi>6,400 DA</bdi></button>");
    expect(html).toContain(">محاكاة فشل الدفع</button>");
    expect(html).toContain(">إلغاء الدفع</button>");
  });

  it("escapes the description", async () => {
    const { checkoutUrl } = await newCheckout({ description: '<img src=x onerror="alert(1)">' });
    const html = (await getPage(checkoutUrl)).body;
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});

describe("POST /sandbox/checkout/:id/pay", () => {
  it("refuses a method the gateway does not offer with a 400 page, and changes nothing", async () => {
    const { checkoutUrl, reference } = await newCheckout();
    const response = await pressSandboxButton(app, checkoutUrl, "pay", { method: "card" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Moyen de paiement non proposé");
    expect((await gateway.retrieveCheckout(reference)).status).toBe("pending");
    expect(receiver.received).toHaveLength(0);
  });

  it("answers the 404 page for an unknown id", async () => {
    const response = await pressSandboxButton(app, "http://localhost:8080/sandbox/checkout/sbx_nope", "pay");
    expect(response.statusCode).toBe(404);
  });

  it("marks it paid with the method picked, sends the signed checkout.paid webhook, then redirects to success_url", async () => {
    const { checkoutUrl, reference } = await newCheckout();
    clock.advance(60_000);

    const response = await pressSandboxButton(app, checkoutUrl, "pay", { method: "edahabia" });

    expect(response.statusCode).toBe(303);
    expect(response.location).toBe(SUCCESS_URL);
    expect(receiver.received).toHaveLength(1);
    const { rawBody, headers } = receiver.received[0]!;
    expect(headers["content-type"]).toBe("application/json");
    expect(verifyWebhookSignature(rawBody, headers, config.SANDBOX_PAYMENT_SECRET)).toBe(true);
    const createdSeconds = Math.floor(new Date("2026-06-01T10:00:00Z").getTime() / 1000);
    const body = bodyOf(0);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      entity: "event",
      livemode: "false",
      type: "checkout.paid",
      data: {
        id: reference,
        entity: "checkout",
        livemode: false,
        amount: 6400,
        fees: 160,
        fees_on_merchant: 160,
        fees_on_customer: 0,
        pass_fees_to_customer: null,
        chargily_pay_fees_allocation: "merchant",
        status: "paid",
        locale: "fr",
        description: "eSIM Turquie, 5 GB, 7 jours",
        metadata: { order_number: "ES26-000123", payment_id: expect.any(String) },
        success_url: SUCCESS_URL,
        failure_url: FAILURE_URL,
        webhook_endpoint: receiver.url,
        payment_method: "edahabia",
        invoice_id: null,
        customer_id: null,
        payment_link_id: null,
        shipping_address: null,
        collect_shipping_address: 0,
        discount: null,
        amount_without_discount: null,
        created_at: createdSeconds,
        updated_at: createdSeconds + 60,
        url: checkoutUrl,
      },
      created_at: createdSeconds + 60,
      updated_at: createdSeconds + 60,
    });
    expect(body.data).not.toHaveProperty("currency");
    expect(body.data).not.toHaveProperty("checkout_url");
    expect(gateway.parseWebhook(rawBody)).toEqual({
      eventId: body.id,
      type: "checkout.paid",
      reference,
      status: "paid",
      amountDzd: 6400,
      currency: null,
      customerFeeDzd: 0,
      metadata: body.data.metadata,
    });
    expect(await gateway.retrieveCheckout(reference)).toEqual({
      reference,
      status: "paid",
      amountDzd: 6400,
      currency: "dzd",
      customerFeeDzd: 0,
    });
  });

  it("sends nothing again on a second press, redirects to the final state's address and shows that state", async () => {
    const { checkoutUrl } = await newCheckout();
    await pressSandboxButton(app, checkoutUrl, "pay", { method: "cib" });

    const again = await pressSandboxButton(app, checkoutUrl, "pay");
    const failAfterPay = await pressSandboxButton(app, checkoutUrl, "fail");

    expect(again).toMatchObject({ statusCode: 303, location: SUCCESS_URL });
    expect(failAfterPay).toMatchObject({ statusCode: 303, location: SUCCESS_URL });
    expect(receiver.received).toHaveLength(1);
    const html = (await getPage(checkoutUrl)).body;
    expect(html).toContain("Ce paiement a déjà été effectué.");
    expect(html).not.toContain("<form");
    expect(html).toContain(`href="${SUCCESS_URL}"`);
  });

  it("sends exactly one webhook when the button is pressed ten times at once", async () => {
    const { checkoutUrl } = await newCheckout();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pressSandboxButton(app, checkoutUrl, "pay", { method: "cib" })),
    );
    expect(responses.every((response) => response.location === SUCCESS_URL)).toBe(true);
    await gateway.whenIdle();
    expect(receiver.received).toHaveLength(1);
  });

  it("still redirects when the webhook endpoint is down, and the checkout reads paid", async () => {
    const { checkoutUrl, reference } = await newCheckout({ webhookUrl: await unusedLocalUrl() });
    const startedAt = Date.now();

    const response = await pressSandboxButton(app, checkoutUrl, "pay");

    expect(response).toMatchObject({ statusCode: 303, location: SUCCESS_URL });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect((await gateway.retrieveCheckout(reference)).status).toBe("paid");
    await gateway.whenIdle();
    expect(warnings.at(-1)).toContain("sandbox webhook not delivered");
  });

  it("does not keep the payer waiting on an endpoint that does not answer", async () => {
    receiver.script({ hangMs: 2_000 }, { hangMs: 2_000 }, { hangMs: 2_000 });
    const { checkoutUrl } = await newCheckout();
    const startedAt = Date.now();

    const response = await pressSandboxButton(app, checkoutUrl, "pay");

    expect(response).toMatchObject({ statusCode: 303, location: SUCCESS_URL });
    // Three attempts of 500 ms take 1.5 s; the redirect leaves after its wait of 0.6 s, the retries go on behind it.
    expect(Date.now() - startedAt).toBeLessThan(1_200);
    await gateway.whenIdle();
    expect(receiver.received).toHaveLength(3);
  });
});

describe("POST /sandbox/checkout/:id/fail", () => {
  it("marks it failed, sends checkout.failed and redirects to failure_url", async () => {
    const { checkoutUrl, reference } = await newCheckout({ locale: "ar" });

    const response = await pressSandboxButton(app, checkoutUrl, "fail", { method: "chargily_app" });

    expect(response).toMatchObject({ statusCode: 303, location: FAILURE_URL });
    expect(receiver.received).toHaveLength(1);
    expect(
      verifyWebhookSignature(
        receiver.received[0]!.rawBody,
        receiver.received[0]!.headers,
        config.SANDBOX_PAYMENT_SECRET,
      ),
    ).toBe(true);
    expect(bodyOf(0)).toMatchObject({
      type: "checkout.failed",
      data: { id: reference, status: "failed", payment_method: "chargily_app" },
    });
    const html = (await getPage(checkoutUrl)).body;
    expect(html).toContain("فشل هذا الدفع.");
    expect(html).toContain(`href="${FAILURE_URL}"`);
  });
});

describe("POST /sandbox/checkout/:id/cancel", () => {
  it("marks it canceled, sends checkout.canceled and redirects to failure_url", async () => {
    const { checkoutUrl, reference } = await newCheckout({ locale: "en" });

    const response = await pressSandboxButton(app, checkoutUrl, "cancel");

    expect(response).toMatchObject({ statusCode: 303, location: FAILURE_URL });
    expect(bodyOf(0)).toMatchObject({ type: "checkout.canceled", data: { id: reference, status: "canceled" } });
    const [row] = await database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, reference));
    expect(row).toMatchObject({ status: "canceled", paymentMethod: "cib" });
    expect((await getPage(checkoutUrl)).body).toContain("This payment was cancelled.");
  });
});

describe("the gateway's fee and the checkout's 30 minutes", () => {
  it("shows the price, the payer's fee and the amount to pay with it when the customer pays the fee", async () => {
    const { checkoutUrl } = await newCheckout({ amountDzd: 50000, feeAllocation: "customer" });

    const html = (await getPage(checkoutUrl)).body;

    expect(html).toContain("<dt>Prix</dt><dd><bdi>50,000 DA</bdi></dd>");
    expect(html).toContain("<dt>Frais de paiement</dt><dd><bdi>1,250 DA</bdi></dd>");
    expect(html).toContain(">Payer <bdi>51,250 DA</bdi></button>");
  });

  it("shows half the fee on top when it is split, in Arabic", async () => {
    const { checkoutUrl } = await newCheckout({ amountDzd: 50000, feeAllocation: "split", locale: "ar" });
    const html = (await getPage(checkoutUrl)).body;
    expect(html).toContain("<dt>رسوم الدفع</dt><dd><bdi>625 DA</bdi></dd>");
    expect(html).toContain("<bdi>50,625 DA</bdi>");
  });

  it("says a checkout 30 minutes old has expired, links back to the order, and cannot be paid any more", async () => {
    const { checkoutUrl, reference } = await newCheckout();
    clock.advance(30 * 60 * 1000);

    const html = (await getPage(checkoutUrl)).body;
    const press = await pressSandboxButton(app, checkoutUrl, "pay", { method: "cib" });

    expect(html).toContain("Ce paiement a expiré : il ne peut plus être réglé.");
    expect(html).not.toContain("<form");
    expect(html).toContain(`href="${FAILURE_URL}"`);
    expect(press).toMatchObject({ statusCode: 303, location: FAILURE_URL });
    expect(receiver.received).toHaveLength(0);
    expect(await gateway.retrieveCheckout(reference)).toMatchObject({ status: "canceled" });
  });

  it("answers expire as Chargily does: the checkout once ended, 400 when already expired, 403 when not pending", async () => {
    const pending = await newCheckout();
    const paid = await newCheckout();
    await pressSandboxButton(app, paid.checkoutUrl, "pay", { method: "cib" });
    const old = await newCheckout();
    clock.advance(30 * 60 * 1000);
    const young = await newCheckout();

    expect(await gateway.expireAtGateway(young.reference)).toMatchObject({ httpStatus: 200 });
    expect(await gateway.expireAtGateway(young.reference)).toMatchObject({ httpStatus: 400 });
    expect(await gateway.expireAtGateway(old.reference)).toMatchObject({ httpStatus: 400 });
    expect(await gateway.expireAtGateway(pending.reference)).toMatchObject({ httpStatus: 400 });
    expect(await gateway.expireAtGateway(paid.reference)).toMatchObject({ httpStatus: 403 });
    expect(await gateway.expireCheckout(paid.reference)).toMatchObject({ status: "paid" });
    expect(await gateway.expireCheckout(old.reference)).toMatchObject({ status: "canceled" });
  });
});
