import * as z from "zod/mini";
import {
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  type FeePolicy,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentMethod,
} from "../payment-port.ts";
import {
  dinarAmountSchema,
  feeFieldsSchema,
  parseWebhookBody,
  readCustomerFeeDzd,
  toCheckoutStatus,
  verifyWebhookSignature,
} from "./chargily-webhook.ts";

/** Visa/MasterCard is "coming soon" at Chargily: only these are offered. */
export const CHARGILY_METHODS = ["edahabia", "cib", "chargily_app"] as const satisfies readonly PaymentMethod[];

/** Long enough for Chargily on a slow day, short enough that a checkout request does not hang a payer. */
const DEFAULT_TIMEOUT_MS = 10_000;

export interface ChargilyGatewayOptions {
  /** `https://pay.chargily.net/test/api/v2` or `https://pay.chargily.net/api/v2`. */
  baseUrl: string;
  /** The application's secret key of the same mode (`test_sk_…` in test). */
  secretKey: string;
  /** The smallest charge Chargily takes, whole dinars (PAYMENT_MINIMUM_DZD). */
  minimumChargeDzd: number;
  /** Who pays Chargily's fee on new payments and the rate the shop expects (PAYMENT_FEES_PAID_BY, PAYMENT_FEE_PERCENT). */
  fees: FeePolicy;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const checkoutAnswerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  amount: dinarAmountSchema,
  status: z.string(),
  currency: z.optional(z.string()),
  ...feeFieldsSchema,
});
const createdCheckoutSchema = z.extend(checkoutAnswerSchema, { checkout_url: z.url() });

/** A 422 answer: a Laravel-style `{ message, errors: { field: [text] } }`. */
const validationErrorSchema = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.union([z.array(z.string()), z.string()]))),
});

/** The message of a 422, with each field's first problem, so an operator can read what Chargily refused. */
function describeValidationError(body: unknown): string {
  const result = validationErrorSchema.safeParse(body);
  if (!result.success) return "Chargily refused the checkout (422).";
  const { message, errors } = result.data;
  const details = Object.entries(errors ?? {}).map(
    ([field, problems]) => `${field}: ${Array.isArray(problems) ? problems[0] : problems}`,
  );
  return [`Chargily refused the checkout (422): ${message ?? "validation failed"}`, ...details].join("; ");
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The Chargily Pay v2 gateway: a small typed `fetch` client (the official SDK drops 422 bodies). */
export function createChargilyGateway(options: ChargilyGatewayOptions): PaymentGateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One call; every failure becomes a PaymentGatewayError saying whether trying again can help. */
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // Covers the body too: a server that sends headers and then stalls is a timeout as well.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const message = isTimeout(error)
        ? `Chargily did not answer ${method} ${path} within ${timeoutMs} ms.`
        : `Chargily could not be reached for ${method} ${path}.`;
      throw new PaymentGatewayError(message, { isRetryable: true, cause: error });
    }

    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300) {
      // A broken answer can come from a proxy in front of Chargily: worth another try.
      if (json === undefined) {
        throw new PaymentGatewayError(`Chargily answered ${method} ${path} with a body that is not JSON.`, {
          isRetryable: true,
        });
      }
      return json;
    }
    if (status === 422) {
      throw new PaymentGatewayError(describeValidationError(json), { isRetryable: false, httpStatus: status });
    }
    // Expire documents its own 400 (already expired) and 403 (not pending): the caller reads those.
    if (path.endsWith("/expire") && (status === 400 || status === 403)) {
      throw new PaymentGatewayError(`Chargily answered ${method} ${path} with ${status}.`, {
        isRetryable: false,
        httpStatus: status,
      });
    }
    if (status === 401 || status === 403) {
      throw new PaymentGatewayError(
        `Chargily refused the secret key (${status}): check CHARGILY_SECRET_KEY and its mode.`,
        {
          isRetryable: false,
        },
      );
    }
    if (status === 404) throw new PaymentGatewayError(`Chargily has no ${path} (404).`, { isRetryable: false });
    // Rate limits and server errors pass; any other client error will not change by itself.
    const isRetryable = status === 408 || status === 429 || status >= 500;
    throw new PaymentGatewayError(`Chargily answered ${method} ${path} with ${status}.`, { isRetryable });
  }

  function parseAnswer<T>(schema: z.ZodMiniType<T>, json: unknown, what: string): T {
    const result = schema.safeParse(json);
    if (!result.success) {
      throw new PaymentGatewayError(`Chargily's ${what} is not a checkout: ${z.prettifyError(result.error)}`, {
        isRetryable: false,
      });
    }
    return result.data;
  }

  function toState(checkout: z.output<typeof checkoutAnswerSchema>): CheckoutState {
    return {
      reference: checkout.id,
      status: toCheckoutStatus(checkout.status),
      amountDzd: checkout.amount,
      currency: checkout.currency ?? null,
      customerFeeDzd: readCustomerFeeDzd(checkout),
    };
  }

  return {
    name: "chargily",
    methods: CHARGILY_METHODS,
    minimumChargeDzd: options.minimumChargeDzd,
    fees: options.fees,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (request.amountDzd < options.minimumChargeDzd) {
        throw new PaymentGatewayError(`Chargily takes no charge under ${options.minimumChargeDzd} DZD.`, {
          isRetryable: false,
        });
      }
      if (!(CHARGILY_METHODS as readonly string[]).includes(request.method)) {
        throw new PaymentGatewayError(`Chargily does not offer the method ${request.method}.`, { isRetryable: false });
      }
      const json = await call("POST", "/checkouts", {
        amount: request.amountDzd,
        currency: "dzd",
        payment_method: request.method,
        success_url: request.successUrl,
        failure_url: request.failureUrl,
        webhook_endpoint: request.webhookUrl,
        locale: request.locale,
        description: request.description,
        // Always sent: Chargily's documented examples leave it to "customer", which adds the fee to what the payer pays.
        chargily_pay_fees_allocation: request.feeAllocation,
        // Our payment id rides along so a webhook can be matched even before the reference is stored.
        metadata: { ...request.metadata, payment_id: request.paymentId },
      });
      const checkout = parseAnswer(createdCheckoutSchema, json, "answer to POST /checkouts");
      return { reference: checkout.id, checkoutUrl: checkout.checkout_url };
    },

    async retrieveCheckout(reference: string): Promise<CheckoutState> {
      const json = await call("GET", `/checkouts/${encodeURIComponent(reference)}`);
      return toState(parseAnswer(checkoutAnswerSchema, json, "answer to GET /checkouts/{id}"));
    },

    async expireCheckout(reference: string): Promise<CheckoutState> {
      try {
        const json = await call("POST", `/checkouts/${encodeURIComponent(reference)}/expire`);
        return toState(parseAnswer(checkoutAnswerSchema, json, "answer to POST /checkouts/{id}/expire"));
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        // "If the Checkout has already expired, a 400 error will be returned": ended, whatever its status still says.
        if (error.httpStatus === 400) {
          const state = await this.retrieveCheckout(reference);
          return state.status === "pending" ? { ...state, status: "canceled" } : state;
        }
        // "If the Checkout's status is not pending, a 403 forbidden error will be returned": its state says which.
        if (error.httpStatus === 403) return this.retrieveCheckout(reference);
        throw error;
      }
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(rawBody, headers, options.secretKey);
    },

    parseWebhook(rawBody) {
      return parseWebhookBody(rawBody);
    },
  };
}
