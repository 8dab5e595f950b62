/**
 * A traveller and the payment gateway, over HTTP, against any instance: the instance is an argument of every call, so
 * a test spreads one person's requests (and the gateway's webhooks) over several instances as a load balancer would.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { checkoutWebhookFor, webhookHeaders } from "../apps/api/src/providers/payment/sandbox/sandbox-test-kit.ts";
import type { Instance } from "./instances.ts";

export const API = "/api/v1/app";

/** The sandbox gateway's signing key every instance of the tests shares (config.ts's default). */
const SANDBOX_PAYMENT_SECRET = "local-sandbox-secret-key";

export interface Traveller {
  email: string;
  /** The client address the load balancer reports (X-Forwarded-For): limits count per address. */
  address: string;
}

export function newTraveller(label: string): Traveller {
  const id = randomUUID().slice(0, 8);
  return { email: `${label}-${id}@example.com`, address: `10.${rand()}.${rand()}.${rand()}` };
}

function rand(): number {
  return Math.floor(Math.random() * 250) + 1;
}

/** One API call: the status and the JSON body (undefined when there is none), of the shape the caller expects. */
export async function call<Body = unknown>(
  instance: Instance,
  options: { method?: string; path: string; traveller?: Traveller; token?: string; body?: unknown },
): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.traveller) headers["x-forwarded-for"] = options.traveller.address;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${instance.url}${API}${options.path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The newest sign-in code the dev mailbox holds for the address (mail kept in PostgreSQL: any instance shows it). */
export async function readCode(instance: Instance, email: string, after?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const messages = (await (await fetch(`${instance.url}/dev/mailbox.json`)).json()) as { to: string; text: string }[];
    const code = messages.find((message) => message.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== after) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code for ${email} in the mailbox`);
    await sleep(100);
  }
}

/** Registers on `codeOn`, reads the code, verifies on `verifyOn`: the session token. */
export async function signIn(traveller: Traveller, codeOn: Instance, verifyOn: Instance = codeOn): Promise<string> {
  const registered = await call(codeOn, {
    path: "/auth/register",
    traveller,
    body: { name: "Amina Benali", email: traveller.email, country: "DZ", language: "fr" },
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const code = await readCode(verifyOn, traveller.email);
  const verified = await call<{ data: { token: string } }>(verifyOn, {
    path: "/auth/verify",
    traveller,
    body: { email: traveller.email, code },
  });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.data.token;
}

/**
 * Places an order (a DZD sandbox checkout) with the client's key `clientReference`: the same key sent again (a retry
 * on another instance) is the same order.
 */
export async function placeOrder(
  instance: Instance,
  options: { token: string; traveller: Traveller; packageId: string; clientReference: string },
): Promise<{ orderId: string; number: string }> {
  const placed = await call<{ data: { order: { id: string; number: string } } }>(instance, {
    path: "/orders",
    token: options.token,
    traveller: options.traveller,
    body: {
      clientReference: options.clientReference,
      packageId: options.packageId,
      quantity: 1,
      currency: "DZD",
      billing: { email: options.traveller.email, name: "Amina Benali", country: "DZ", phone: "0551234567" },
      paymentMethod: "cib",
      termsAccepted: true,
    },
  });
  if (placed.status !== 200) throw new Error(`POST /orders: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { orderId: placed.body.data.order.id, number: placed.body.data.order.number };
}

/** Posts the gateway's signed `checkout.paid` for the order's payment to `instance`: true when it was taken. */
export async function postPaidWebhook(database: pg.Pool, instance: Instance, orderId: string): Promise<boolean> {
  const { status } = await postPaidWebhookAnswer(database, instance, orderId);
  return status >= 200 && status < 300;
}

/** The same webhook's HTTP status (0 when the instance could not be reached) and Retry-After. */
export async function postPaidWebhookAnswer(
  database: pg.Pool,
  instance: Instance,
  orderId: string,
): Promise<{ status: number; retryAfter: string | null }> {
  const { rows } = await database.query(
    `select id, provider_reference as "providerReference", amount_minor as "amountMinor", method,
            checkout_url as "checkoutUrl"
       from payments where order_id = $1`,
    [orderId],
  );
  const rawBody = checkoutWebhookFor(rows[0], { at: new Date() });
  try {
    const response = await fetch(`${instance.url}${API}/webhooks/payments/sandbox`, {
      method: "POST",
      headers: webhookHeaders(rawBody, SANDBOX_PAYMENT_SECRET),
      body: rawBody,
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get("retry-after") };
  } catch {
    return { status: 0, retryAfter: null };
  }
}

/** The eSIM upstream's webhook secret path (config.ts's default: fine outside production). */
const ESIM_WEBHOOK_TOKEN = "local-esim-webhook-token";

/** Posts the (simulated) upstream's status webhook for one eSIM to `instance`: how many eSIMs it updated. */
export async function postEsimStatusWebhook(instance: Instance, iccid: string): Promise<number> {
  const response = await fetch(`${instance.url}${API}/webhooks/esim/simulator/${ESIM_WEBHOOK_TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ notifyType: "ESIM_STATUS", content: { iccid } }),
  });
  if (!response.ok) throw new Error(`eSIM webhook: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { queued: number } }).data.queued;
}

/** Waits until every order is delivered (or the time is up): the statuses found last, by order id. */
export async function waitForDelivery(
  database: pg.Pool,
  orderIds: string[],
  timeoutMs: number,
): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.query<{ id: string; status: string }>(
      "select id, status from orders where id = any($1::uuid[])",
      [orderIds],
    );
    const statuses = new Map(rows.map((row) => [row.id, row.status]));
    if (orderIds.every((id) => statuses.get(id) === "delivered") || Date.now() > deadline) return statuses;
    await sleep(250);
  }
}

/** How many times each order was ordered from the (simulated) upstream: exactly once each when nothing is lost. */
export async function countUpstreamOrders(database: pg.Pool, orderIds: string[]): Promise<Map<string, number>> {
  const { rows } = await database.query<{ transactionId: string; count: number }>(
    `select transaction_id as "transactionId", count(*)::int as count
       from simulator_orders where transaction_id = any($1::text[]) group by transaction_id`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.transactionId, row.count]));
}

/** A plan of the simulator's catalogue, once the first instance has synced it. */
export async function findPlanId(database: pg.Pool, destinationCode: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await database.query<{ id: string }>(
      `select id from packages
        where destination_code = $1 and is_active and not is_hidden and not is_top_up and retail_dzd_minor >= 10000
        order by retail_dzd_minor limit 1`,
      [destinationCode],
    );
    if (rows[0]) return rows[0].id;
    if (Date.now() > deadline) throw new Error(`no ${destinationCode} plan after the catalogue sync`);
    await sleep(200);
  }
}
