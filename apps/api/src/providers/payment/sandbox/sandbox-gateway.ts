import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Config } from "../../../config.ts";
import type { Database } from "../../../db/client.ts";
import { type ChargilyEventType, type CheckoutFacts, toWebhookBody } from "../chargily/chargily-event.ts";
import {
  parseWebhookBody,
  signWebhookBody,
  toCheckoutStatus,
  verifyWebhookSignature,
} from "../chargily/chargily-webhook.ts";
import {
  CHECKOUT_LIFETIME_MS,
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  computeCustomerFeeDzd,
  FEE_ALLOCATIONS,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentMethod,
} from "../payment-port.ts";
import {
  expireSandboxCheckout,
  findSandboxCheckout,
  finishSandboxCheckout,
  insertSandboxCheckout,
  lapseSandboxCheckout,
  type SandboxCheckoutRow,
  type SandboxFinalStatus,
} from "./sandbox-checkouts.repo.ts";
import {
  DEFAULT_DELIVERY_POLICY,
  type DeliveryPolicy,
  type DeliveryResult,
  deliverWebhook,
  type WarnLogger,
} from "./webhook-delivery.ts";

export type SandboxButton = "pay" | "fail" | "cancel";

const OUTCOMES: Record<SandboxButton, { status: SandboxFinalStatus; event: ChargilyEventType }> = {
  pay: { status: "paid", event: "checkout.paid" },
  fail: { status: "failed", event: "checkout.failed" },
  cancel: { status: "canceled", event: "checkout.canceled" },
};

export interface SandboxCompletion {
  checkout: SandboxCheckoutRow;
  /** Where the payer goes next: success_url when paid, failure_url otherwise (Chargily uses it on cancel too). */
  redirectUrl: string;
  /** False when the checkout was already final: nothing changed and no webhook was sent. */
  isFirstCompletion: boolean;
  /** The delivery's result when it ended within the redirect's wait; undefined when it still runs or none was sent. */
  delivery: DeliveryResult | undefined;
}

/** The sandbox gateway: the port, plus what its hosted page needs. */
export interface SandboxGateway extends PaymentGateway {
  readonly name: "sandbox";
  findCheckout(id: string): Promise<SandboxCheckoutRow | undefined>;
  /**
   * Applies the payer's button once: the first press of a pending checkout sets its final status and sends the signed
   * webhook; later presses change nothing and send nothing. Undefined for an unknown id.
   */
  completeCheckout(
    id: string,
    options: { button: SandboxButton; method?: PaymentMethod },
  ): Promise<SandboxCompletion | undefined>;
  /**
   * Chargily's `POST /checkouts/{id}/expire` as it answers: 200 and the checkout once ended, 400 when it had already
   * expired, 403 when it is not pending (paid, failed, canceled).
   */
  expireAtGateway(reference: string): Promise<{ httpStatus: 200 | 400 | 403; checkout: SandboxCheckoutRow }>;
  /** The hosted page's address for a checkout id. */
  pageUrl(id: string): string;
  /** Resolves once every webhook still being retried in the background has been delivered or given up. */
  whenIdle(): Promise<void>;
}

/** Narrows to the sandbox, whose hosted page the API must then serve. */
export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.name === "sandbox" && "completeCheckout" in gateway;
}

export interface SandboxGatewayOptions {
  db: Database;
  config: Pick<
    Config,
    | "PUBLIC_URL"
    | "SANDBOX_PAYMENT_SECRET"
    | "SANDBOX_OFFERS_CARD"
    | "PAYMENT_MINIMUM_DZD"
    | "PAYMENT_FEES_PAID_BY"
    | "PAYMENT_FEE_PERCENT"
  >;
  now: () => Date;
  fetch?: typeof fetch;
  delivery?: Partial<DeliveryPolicy>;
  /** Where failed deliveries are reported; pino's `warn(details, message)` fits. */
  log?: WarnLogger;
}

const BASE_METHODS = ["edahabia", "cib", "chargily_app"] as const satisfies readonly PaymentMethod[];
const LOCALES = ["fr", "en", "ar"];

const consoleLog: WarnLogger = {
  warn: (details, message) => console.warn(message, details),
};

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The local payment gateway (decision 010): checkouts live in `sandbox_checkouts`, the payer acts on a page the API
 * serves, and the webhooks are signed and shaped exactly as Chargily's, so the webhook route cannot tell them apart.
 */
export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db, config, now } = options;
  const fetchFn = options.fetch ?? fetch;
  const policy: DeliveryPolicy = { ...DEFAULT_DELIVERY_POLICY, ...options.delivery };
  const log = options.log ?? consoleLog;
  const secret = config.SANDBOX_PAYMENT_SECRET;
  const methods: readonly PaymentMethod[] = config.SANDBOX_OFFERS_CARD ? [...BASE_METHODS, "card"] : BASE_METHODS;
  const publicUrl = config.PUBLIC_URL;
  const inFlight = new Set<Promise<unknown>>();

  const pageUrl = (id: string) => `${publicUrl}/sandbox/checkout/${encodeURIComponent(id)}`;

  function toFacts(row: SandboxCheckoutRow): CheckoutFacts {
    return {
      id: row.id,
      isLivemode: false,
      amount: row.amount,
      feesAllocation: row.feesAllocation,
      fees: row.fees,
      feesOnCustomer: row.feesOnCustomer,
      status: row.status,
      locale: row.locale,
      description: row.description,
      metadata: row.metadata,
      successUrl: row.successUrl,
      failureUrl: row.failureUrl,
      webhookEndpoint: row.webhookEndpoint,
      paymentMethod: row.paymentMethod,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      pageUrl: pageUrl(row.id),
    };
  }

  /** Sends the event; waits for it at most redirectWaitMs, leaving the retries to run on in the background. */
  async function sendEvent(row: SandboxCheckoutRow, type: ChargilyEventType): Promise<DeliveryResult | undefined> {
    const rawBody = toWebhookBody({
      eventId: `evt_${randomBytes(16).toString("hex")}`,
      type,
      checkout: toFacts(row),
      at: now(),
    });
    const delivery = deliverWebhook({
      url: row.webhookEndpoint,
      rawBody,
      signature: signWebhookBody(rawBody, secret),
      fetch: fetchFn,
      policy,
    }).then((result) => {
      if (!result.isDelivered) {
        log.warn(
          { checkoutId: row.id, type, url: row.webhookEndpoint, ...result },
          "sandbox webhook not delivered; the callback page reconciles through retrieveCheckout",
        );
      }
      return result;
    });
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
    const waitController = new AbortController();
    const wait = sleep(policy.redirectWaitMs, undefined, { signal: waitController.signal }).catch(() => undefined);
    const result = await Promise.race([delivery, wait]);
    waitController.abort();
    return result;
  }

  function toState(row: SandboxCheckoutRow): CheckoutState {
    return {
      reference: row.id,
      status: toCheckoutStatus(row.status),
      amountDzd: row.amount,
      currency: row.currency,
      customerFeeDzd: row.feesOnCustomer,
    };
  }

  /** Checkouts created this long ago or earlier have expired, as Chargily's do 30 minutes after creation. */
  const expiredBefore = () => new Date(now().getTime() - CHECKOUT_LIFETIME_MS);

  /** The checkout as it stands now: a pending one 30 minutes old is expired first. */
  async function findCurrent(id: string): Promise<SandboxCheckoutRow | undefined> {
    const lapsed = await lapseSandboxCheckout(db, { id, createdBefore: expiredBefore(), at: now() });
    return lapsed ?? (await findSandboxCheckout(db, id));
  }

  return {
    name: "sandbox",
    methods,
    minimumChargeDzd: config.PAYMENT_MINIMUM_DZD,
    fees: { paidBy: config.PAYMENT_FEES_PAID_BY, percent: config.PAYMENT_FEE_PERCENT },

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      // Refused like Chargily's 422s, so a caller's bug shows up in the sandbox before it reaches Chargily.
      const problems: string[] = [];
      if (!Number.isInteger(request.amountDzd) || request.amountDzd < config.PAYMENT_MINIMUM_DZD) {
        problems.push(`amount: an integer of at least ${config.PAYMENT_MINIMUM_DZD}`);
      }
      if (!methods.includes(request.method)) problems.push(`payment_method: ${request.method} is not offered`);
      if (!LOCALES.includes(request.locale)) problems.push("locale: ar, en or fr");
      if (!FEE_ALLOCATIONS.includes(request.feeAllocation)) {
        problems.push("chargily_pay_fees_allocation: customer, merchant or split");
      }
      for (const [field, value] of [
        ["success_url", request.successUrl],
        ["failure_url", request.failureUrl],
        ["webhook_endpoint", request.webhookUrl],
      ] as const) {
        if (!isHttpUrl(value)) problems.push(`${field}: a valid URL`);
      }
      if (problems.length > 0) {
        throw new PaymentGatewayError(`The sandbox refused the checkout: ${problems.join("; ")}`, {
          isRetryable: false,
        });
      }
      const at = now();
      const row = await insertSandboxCheckout(db, {
        id: `sbx_${randomBytes(16).toString("hex")}`,
        amount: request.amountDzd,
        // The fee as the shop expects Chargily to take it, so `npm start` shows what a payer would pay.
        feesAllocation: request.feeAllocation,
        fees: computeCustomerFeeDzd(request.amountDzd, { allocation: "customer", percent: config.PAYMENT_FEE_PERCENT }),
        feesOnCustomer: computeCustomerFeeDzd(request.amountDzd, {
          allocation: request.feeAllocation,
          percent: config.PAYMENT_FEE_PERCENT,
        }),
        currency: "dzd",
        paymentMethod: request.method,
        status: "pending",
        locale: request.locale,
        description: request.description,
        successUrl: request.successUrl,
        failureUrl: request.failureUrl,
        webhookEndpoint: request.webhookUrl,
        metadata: { ...request.metadata, payment_id: request.paymentId },
        createdAt: at,
        updatedAt: at,
      });
      return { reference: row.id, checkoutUrl: pageUrl(row.id) };
    },

    async retrieveCheckout(reference: string): Promise<CheckoutState> {
      const row = await findCurrent(reference);
      if (!row) throw new PaymentGatewayError(`The sandbox has no checkout ${reference}.`, { isRetryable: false });
      return toState(row);
    },

    /** As Chargily's expire, read as our client reads it: 200 expired, 400 already expired, 403 not pending. */
    async expireCheckout(reference: string): Promise<CheckoutState> {
      const answer = await this.expireAtGateway(reference);
      return toState(answer.checkout);
    },

    async expireAtGateway(reference: string) {
      const current = await findCurrent(reference);
      if (!current) throw new PaymentGatewayError(`The sandbox has no checkout ${reference}.`, { isRetryable: false });
      if (current.status === "expired") return { httpStatus: 400, checkout: current };
      if (current.status !== "pending") return { httpStatus: 403, checkout: current };
      const expired = await expireSandboxCheckout(db, { id: reference, at: now() });
      // Paid or ended by a press between the read and the update: its state is the answer.
      if (!expired) return { httpStatus: 403, checkout: (await findSandboxCheckout(db, reference)) ?? current };
      return { httpStatus: 200, checkout: expired };
    },

    verifyWebhook(rawBody, headers) {
      return verifyWebhookSignature(rawBody, headers, secret);
    },

    parseWebhook(rawBody) {
      return parseWebhookBody(rawBody);
    },

    findCheckout: findCurrent,

    async completeCheckout(id, { button, method }) {
      const outcome = OUTCOMES[button];
      if (method !== undefined && !methods.includes(method)) {
        throw new PaymentGatewayError(`The sandbox does not offer the method ${method}.`, { isRetryable: false });
      }
      const finished = await finishSandboxCheckout(db, {
        id,
        status: outcome.status,
        paymentMethod: method,
        at: now(),
        createdBefore: expiredBefore(),
      });
      const checkout = finished ?? (await findSandboxCheckout(db, id));
      if (!checkout) return undefined;
      const redirectUrl = checkout.status === "paid" ? checkout.successUrl : checkout.failureUrl;
      if (!finished) return { checkout, redirectUrl, isFirstCompletion: false, delivery: undefined };
      const delivery = await sendEvent(finished, outcome.event);
      return { checkout: finished, redirectUrl, isFirstCompletion: true, delivery };
    },

    pageUrl,

    async whenIdle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
