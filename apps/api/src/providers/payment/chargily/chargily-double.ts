import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CHECKOUT_LIFETIME_MS, computeCustomerFeeDzd, FEE_ALLOCATIONS, type FeeAllocation } from "../payment-port.ts";
import { type ChargilyEventType, type CheckoutFacts, toCheckoutObject, toWebhookBody } from "./chargily-event.ts";
import { SIGNATURE_HEADER, signWebhookBody } from "./chargily-webhook.ts";

/**
 * A local stand-in for Chargily Pay v2, for tests: a `node:http` server on 127.0.0.1 speaking the protocol of
 * dev.chargily.com/pay-v2 (Bearer secret key, `POST /checkouts` with 422 answers, `GET /checkouts/{id}`,
 * `POST /checkouts/{id}/expire`), whose checkouts can be paid or failed by hand, which then sends webhooks signed
 * with the secret key as Chargily does. As documented: the checkout object carries `fees`, `fees_on_merchant`,
 * `fees_on_customer` and `chargily_pay_fees_allocation` (default "customer", as in every documented example); "By
 * default, a Checkout expires automatically after 30 minutes" (on the double's clock); expire answers "If the Checkout
 * has already expired, a 400 error … If the Checkout's status is not pending, a 403 forbidden error". Not documented,
 * and so our choice: the rate (options.feePercent), the bodies of 400/403/422 (Laravel's `{ message, errors }`), and
 * the status an expired checkout reads with ("expired", which our client takes as canceled).
 */
export interface ChargilyDouble {
  /** Like `https://pay.chargily.net/test/api/v2`: the path prefix is part of it. */
  baseUrl: string;
  secretKey: string;
  checkouts: Map<string, CheckoutFacts>;
  /** Every request received, for assertions on what the client sent. */
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** The next request is answered with this status (a JSON error body), or hangs for `hangMs` before answering. */
  failNext(fault: { status: number } | { hangMs: number }): void;
  /** Marks the checkout paid, failed or canceled and sends its webhook; answers what the webhook endpoint said. */
  complete(id: string, outcome: "paid" | "failed" | "canceled"): Promise<{ status: number; body: string }>;
  /** Sends a signed event about a checkout as it stands (e.g. to replay one), with optional tampering for tests. */
  sendWebhook(
    id: string,
    type: ChargilyEventType,
    options?: { eventId?: string; signature?: string | null },
  ): Promise<{ status: number; body: string; rawBody: string }>;
  close(): Promise<void>;
}

const BASE_PATH = "/test/api/v2";
/** The webhook example's 1 250 DA of fees on 50 000 DA; Chargily publishes no rate. */
const DEFAULT_FEE_PERCENT = 2.5;
const METHODS = ["edahabia", "cib", "chargily_app"];
const LOCALES = ["ar", "en", "fr"];

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Chargily's (Laravel's) validation of a new checkout: field → its problems, empty when valid. */
function validateCheckout(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (body.amount === undefined) refuse("amount", "The amount field is required when items is not present.");
  else if (typeof body.amount !== "number" || !Number.isInteger(body.amount)) {
    refuse("amount", "The amount field must be an integer.");
  } else if (body.amount <= 0) refuse("amount", "The amount field must be greater than 0.");
  if (body.currency !== "dzd") refuse("currency", "The selected currency is invalid.");
  if (body.success_url === undefined) refuse("success_url", "The success url field is required.");
  else if (!isHttpUrl(body.success_url)) refuse("success_url", "The success url field must be a valid URL.");
  if (body.failure_url !== undefined && !isHttpUrl(body.failure_url)) {
    refuse("failure_url", "The failure url field must be a valid URL.");
  }
  if (body.webhook_endpoint !== undefined && !isHttpUrl(body.webhook_endpoint)) {
    refuse("webhook_endpoint", "The webhook endpoint field must be a valid URL.");
  }
  if (body.payment_method !== undefined && !METHODS.includes(body.payment_method as string)) {
    refuse("payment_method", "The selected payment method is invalid.");
  }
  if (body.locale !== undefined && !LOCALES.includes(body.locale as string)) {
    refuse("locale", "The selected locale is invalid.");
  }
  if (body.description !== undefined && typeof body.description !== "string") {
    refuse("description", "The description field must be a string.");
  }
  const allocation = body.chargily_pay_fees_allocation;
  if (allocation !== undefined && !(FEE_ALLOCATIONS as readonly unknown[]).includes(allocation)) {
    refuse("chargily_pay_fees_allocation", "The selected chargily pay fees allocation is invalid.");
  }
  if (body.metadata !== undefined && (typeof body.metadata !== "object" || body.metadata === null)) {
    refuse("metadata", "The metadata field must be an array.");
  }
  return errors;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** Starts the double on a random loopback port. */
export async function startChargilyDouble(
  options: { secretKey?: string; now?: () => Date; feePercent?: number } = {},
): Promise<ChargilyDouble> {
  const secretKey = options.secretKey ?? `test_sk_${randomBytes(16).toString("hex")}`;
  const now = options.now ?? (() => new Date());
  const feePercent = options.feePercent ?? DEFAULT_FEE_PERCENT;
  const checkouts = new Map<string, CheckoutFacts>();
  const requests: ChargilyDouble["requests"] = [];
  let nextFault: { status: number } | { hangMs: number } | undefined;
  let origin = "";

  /** The checkout as it stands now: a pending one 30 minutes old has expired on its own. */
  function current(id: string): CheckoutFacts | undefined {
    const checkout = checkouts.get(id);
    if (checkout?.status === "pending" && now().getTime() - checkout.createdAt.getTime() >= CHECKOUT_LIFETIME_MS) {
      checkout.status = "expired";
      checkout.updatedAt = new Date(checkout.createdAt.getTime() + CHECKOUT_LIFETIME_MS);
    }
    return checkout;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://double").pathname;
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    requests.push({ method: request.method ?? "", path, authorization: request.headers.authorization, body });

    const fault = nextFault;
    nextFault = undefined;
    if (fault && "hangMs" in fault) await new Promise((resolve) => setTimeout(resolve, fault.hangMs));
    if (fault && "status" in fault) return send(response, fault.status, { message: "Server Error" });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(response, 401, { message: "Unauthenticated." });
    }
    if (request.method === "POST" && path === `${BASE_PATH}/checkouts`) {
      const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
      const input = fields as Record<string, unknown>;
      const errors = validateCheckout(input);
      const problems = Object.values(errors).flat();
      if (problems.length > 0) {
        const more =
          problems.length > 1 ? ` (and ${problems.length - 1} more error${problems.length > 2 ? "s" : ""})` : "";
        return send(response, 422, { message: `${problems[0]}${more}`, errors });
      }
      const id = randomBytes(13).toString("hex");
      const at = now();
      const amount = input.amount as number;
      const feesAllocation = (input.chargily_pay_fees_allocation as FeeAllocation | undefined) ?? "customer";
      const checkout: CheckoutFacts = {
        id,
        isLivemode: false,
        amount,
        feesAllocation,
        fees: computeCustomerFeeDzd(amount, { allocation: "customer", percent: feePercent }),
        feesOnCustomer: computeCustomerFeeDzd(amount, { allocation: feesAllocation, percent: feePercent }),
        status: "pending",
        locale: (input.locale as string | undefined) ?? "ar",
        description: (input.description as string | undefined) ?? null,
        metadata: (input.metadata as Record<string, unknown> | undefined) ?? {},
        successUrl: input.success_url as string,
        failureUrl: (input.failure_url as string | undefined) ?? null,
        webhookEndpoint: (input.webhook_endpoint as string | undefined) ?? null,
        paymentMethod: (input.payment_method as string | undefined) ?? "edahabia",
        createdAt: at,
        updatedAt: at,
        pageUrl: `${origin}/test/checkouts/${id}/pay`,
      };
      checkouts.set(id, checkout);
      return send(response, 200, toCheckoutObject(checkout));
    }
    const match = path.match(new RegExp(`^${BASE_PATH}/checkouts/([^/]+)$`));
    if (request.method === "GET" && match) {
      const checkout = current(decodeURIComponent(match[1] ?? ""));
      if (!checkout) return send(response, 404, { message: "Not Found" });
      return send(response, 200, toCheckoutObject(checkout));
    }
    const expire = path.match(new RegExp(`^${BASE_PATH}/checkouts/([^/]+)/expire$`));
    if (request.method === "POST" && expire) {
      const checkout = current(decodeURIComponent(expire[1] ?? ""));
      if (!checkout) return send(response, 404, { message: "Not Found" });
      if (checkout.status === "expired") return send(response, 400, { message: "The checkout has already expired." });
      if (checkout.status !== "pending") return send(response, 403, { message: "The checkout is not pending." });
      checkout.status = "expired";
      checkout.updatedAt = now();
      return send(response, 200, toCheckoutObject(checkout));
    }
    return send(response, 404, { message: "Not Found" });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sendWebhook(
    id: string,
    type: ChargilyEventType,
    webhookOptions: { eventId?: string; signature?: string | null } = {},
  ) {
    const checkout = checkouts.get(id);
    if (!checkout?.webhookEndpoint) throw new Error(`checkout ${id} is unknown or has no webhook endpoint`);
    const rawBody = toWebhookBody({
      eventId: webhookOptions.eventId ?? randomBytes(13).toString("hex"),
      type,
      checkout,
      at: now(),
    });
    const signature =
      webhookOptions.signature === undefined ? signWebhookBody(rawBody, secretKey) : webhookOptions.signature;
    const response = await fetch(checkout.webhookEndpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
      body: rawBody,
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, body: await response.text(), rawBody };
  }

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    secretKey,
    checkouts,
    requests,
    failNext(fault) {
      nextFault = fault;
    },
    async complete(id, outcome) {
      const checkout = current(id);
      if (!checkout) throw new Error(`checkout ${id} is unknown`);
      // "Once the Session expires, your customers are unable to pay".
      if (checkout.status === "expired") throw new Error(`checkout ${id} has expired: nobody can pay it`);
      checkout.status = outcome;
      checkout.updatedAt = now();
      const { status, body } = await sendWebhook(id, `checkout.${outcome}`);
      return { status, body };
    },
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
