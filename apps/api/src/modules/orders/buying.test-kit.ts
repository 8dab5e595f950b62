import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { installJobQueue } from "../../jobs/worker.ts";
import { findJobsByKeys } from "../../lib/job-queue.ts";
import type { SimulatorEsimProvider } from "../../providers/esim/simulator/simulator-esim-provider.ts";
import type { Mailer, MailMessage } from "../../providers/mail/mail-port.ts";
import type { ChargilyEventType } from "../../providers/payment/chargily/chargily-event.ts";
import { PaymentGatewayError } from "../../providers/payment/payment-port.ts";
import { createSandboxGateway, type SandboxGateway } from "../../providers/payment/sandbox/sandbox-gateway.ts";
import {
  checkoutWebhookFor,
  createInjectFetch,
  pressSandboxButton,
  webhookHeaders,
} from "../../providers/payment/sandbox/sandbox-test-kit.ts";
import { createSignedInUser, setPriceSettings } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { UserRow } from "../account/index.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { payments } from "../payments/payments.schema.ts";
import { orders } from "./orders.schema.ts";

// Shared by the checkout, orders, payments and provisioning tests: the real app with the sandbox gateway (its webhooks
// delivered to the app's own route through inject), the eSIM simulator allocating at once, and graphile-worker's schema.

export interface BuyingTestApp extends TestApp {
  gateway: SandboxGateway;
  /** While true the gateway refuses to create checkouts, as a gateway that is down. */
  setGatewayDown(isDown: boolean): void;
  /** While true the sandbox's webhooks never reach the app (the callback page must reconcile). */
  setWebhooksLost(isLost: boolean): void;
  simulator: SimulatorEsimProvider;
  /** Every message the mailer was given, attachments included (the dev mailbox keeps none). */
  sentMails: MailMessage[];
}

const silent = { warn: () => {} };

export async function createBuyingApp(
  options: {
    config?: Partial<Config>;
    logStream?: Writable;
    /** Where recorded messages go next (a test's SMTP server, a failing mailer); they are recorded first. */
    mailer?: Pick<Mailer, "send">;
    /** Another eSIM upstream than the simulator (the eSIM Access client against its double). */
    esim?: NonNullable<Parameters<typeof createTestApp>[0]>["esim"];
  } = {},
): Promise<BuyingTestApp> {
  let isGatewayDown = false;
  let isWebhookLost = false;
  const sentMails: MailMessage[] = [];
  let testApp: TestApp | undefined;
  let sandbox: SandboxGateway | undefined;
  const injectFetch = createInjectFetch(() => testApp!.app);
  const recordingMailer: Mailer = {
    kind: "dev-mailbox",
    async send(message) {
      sentMails.push(message);
      await options.mailer?.send(message);
    },
    async close() {},
  };
  testApp = await createTestApp({
    config: { SIMULATOR_ALLOCATION_SECONDS: 0, ...options.config },
    ...(options.logStream ? { logStream: options.logStream } : {}),
    mailer: () => recordingMailer,
    ...(options.esim ? { esim: options.esim } : {}),
    payments: (deps) => {
      sandbox = createSandboxGateway({
        ...deps,
        log: silent,
        delivery: { retryDelaysMs: [5, 5], redirectWaitMs: 10_000 },
        fetch: async (input, init) => {
          if (isWebhookLost) return new Response("down", { status: 503 });
          return injectFetch(input, init);
        },
      });
      return {
        ...sandbox,
        async createCheckout(request) {
          if (isGatewayDown) throw new PaymentGatewayError("The sandbox is down", { isRetryable: true });
          return sandbox!.createCheckout(request);
        },
      };
    },
  });
  await installJobQueue(testApp.db);
  await setPriceSettings(testApp);
  return {
    ...testApp,
    gateway: sandbox!,
    setGatewayDown: (isDown) => {
      isGatewayDown = isDown;
    },
    setWebhooksLost: (isLost) => {
      isWebhookLost = isLost;
    },
    simulator: testApp.deps.esim as SimulatorEsimProvider,
    sentMails,
  };
}

/** A valid POST /orders body for this user and plan. */
export function orderBody(
  user: Pick<UserRow, "email">,
  packageId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    clientReference: randomUUID(),
    packageId,
    quantity: 1,
    currency: "DZD",
    billing: { email: user.email, name: "Amina Benali", country: "DZ", phone: "0551 23 45 67" },
    paymentMethod: "edahabia",
    termsAccepted: true,
    ...overrides,
  };
}

export function postOrder(testApp: TestApp, headers: Record<string, string>, body: Record<string, unknown>) {
  return testApp.app.inject({ method: "POST", url: `${API_BASE_PATH}/orders`, headers, payload: body });
}

/** Places an order and answers its ids and checkout URL (fails the test when the API refuses). */
export async function placeTestOrder(
  testApp: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ orderId: string; paymentId: string; number: string; checkoutUrl: string }> {
  const response = await postOrder(testApp, headers, body);
  if (response.statusCode !== 200) throw new Error(`POST /orders answered ${response.statusCode}: ${response.body}`);
  const { order, payment } = response.json().data;
  return { orderId: order.id, paymentId: payment.id, number: order.number, checkoutUrl: payment.checkoutUrl };
}

/** The payer presses a button on the sandbox's hosted page (the sandbox then sends its signed webhook). */
export function pressButton(testApp: TestApp, checkoutUrl: string, button: "pay" | "fail" | "cancel") {
  return pressSandboxButton(testApp.app, checkoutUrl, button);
}

/** A webhook body shaped and signed exactly as Chargily's (and the sandbox's), for the payment's checkout. */
export async function signedCheckoutWebhook(
  testApp: TestApp,
  options: {
    paymentId: string;
    type?: string;
    status?: "paid" | "failed" | "canceled" | "pending" | "processing";
    amountDzd?: number;
    /** The payer's share of the gateway's fee the webhook reports; the payment's own by default. */
    customerFeeDzd?: number;
    /** Chargily's webhooks carry no currency; a test may add one to `data`. */
    currency?: string;
    eventId?: string;
    secret?: string;
  },
) {
  const [payment] = await testApp.db.select().from(payments).where(eq(payments.id, options.paymentId));
  if (!payment) throw new Error(`no payment ${options.paymentId}`);
  const chargilyBody = checkoutWebhookFor(payment, {
    at: testApp.clock.now(),
    ...(options.type ? { type: options.type as ChargilyEventType } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.amountDzd !== undefined ? { amountDzd: options.amountDzd } : {}),
    ...(options.customerFeeDzd !== undefined ? { customerFeeDzd: options.customerFeeDzd } : {}),
    ...(options.eventId ? { eventId: options.eventId } : {}),
  });
  const rawBody =
    options.currency === undefined
      ? chargilyBody
      : JSON.stringify({
          ...JSON.parse(chargilyBody),
          data: { ...JSON.parse(chargilyBody).data, currency: options.currency },
        });
  const secret = options.secret ?? testApp.deps.config.SANDBOX_PAYMENT_SECRET;
  return { rawBody, headers: webhookHeaders(rawBody, secret) };
}

export function postPaymentWebhook(
  testApp: TestApp,
  webhook: { rawBody: string; headers: Record<string, string> },
  provider = "sandbox",
) {
  return testApp.app.inject({
    method: "POST",
    url: `${API_BASE_PATH}/webhooks/payments/${provider}`,
    headers: webhook.headers,
    payload: webhook.rawBody,
  });
}

export async function readOrder(testApp: TestApp, orderId: string) {
  const [order] = await testApp.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

export async function readPaymentRow(testApp: TestApp, paymentId: string) {
  const [payment] = await testApp.db.select().from(payments).where(eq(payments.id, paymentId));
  return payment!;
}

/**
 * Makes every queued job due now, as if its backoff had passed. graphile-worker may record a job's failure just after
 * runOnce returns: wait until no job is locked first, so no failure lands after (and over) this.
 */
export async function makeJobsDue(testApp: TestApp): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const locked = await testApp.db.execute<{ count: number }>(
      sql`select count(*)::int as count from graphile_worker._private_jobs where locked_at is not null`,
    );
    if (locked.rows[0]!.count === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await testApp.db.execute(sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`);
}

/** Places an order for a new signed-in buyer and pays it through the sandbox's page: a confirmed order. */
export async function createPaidOrder(
  testApp: TestApp,
  packageId: string,
  options: { quantity?: number; language?: "fr" | "en" | "ar" } = {},
) {
  const buyer = await createSignedInUser(testApp, { language: options.language ?? "fr" });
  const placed = await placeTestOrder(
    testApp,
    buyer.headers,
    orderBody(buyer.user, packageId, { quantity: options.quantity ?? 1 }),
  );
  await pressButton(testApp, placed.checkoutUrl, "pay");
  return { ...buyer, ...placed };
}

/** The queued, running or failed jobs of an order (its provisioning), oldest first. */
export async function orderJobs(testApp: TestApp, orderId: string) {
  return findJobsByKeys(testApp.db, [orderId]);
}

/** The outbox's email with this key (e.g. "install:<order id>"): its state, tries and Message-ID. */
export async function outboxEmail(testApp: TestApp, key: string) {
  const [row] = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));
  return row;
}
