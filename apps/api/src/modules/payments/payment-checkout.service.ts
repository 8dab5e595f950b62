import { setTimeout as sleep } from "node:timers/promises";
import type { CheckoutReturnTarget, PaymentMethod } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import type { Language } from "@esim/shared/locale";
import { toMajor } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { markCheckoutOpened } from "../orders/index.ts";
import {
  claimCheckout,
  findPayment,
  insertPayment,
  type PaymentRow,
  releaseCheckoutClaim,
  storeCheckout,
} from "./payments.repo.ts";

/** How long one request may take to get a checkout from the gateway before another may try (a crashed one). */
const CHECKOUT_CLAIM_MS = 30_000;
/** How often a request waiting for another's checkout looks again. */
const CLAIM_POLL_MS = 100;

/** The provider of a payment nobody had to make: a coupon paid the whole order. */
export const FREE_PAYMENT_PROVIDER = "coupon";

/** Writes the payment of a new order in the order's transaction: pending, for the gateway's checkout to come. */
export async function createPayment(
  tx: DbOrTx,
  options: { orderId: string; provider: string; amountMinor: number; method: PaymentMethod; now: Date },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    orderId: options.orderId,
    provider: options.provider,
    amountMinor: options.amountMinor,
    currency: "DZD",
    method: options.method,
    status: "pending",
    createdAt: options.now,
    updatedAt: options.now,
  });
}

/** Writes the payment of an order with nothing to pay (a 100 % coupon): 0 DA, successful, no gateway involved. */
export async function recordFreePayment(
  tx: DbOrTx,
  options: { orderId: string; method: PaymentMethod; now: Date },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    orderId: options.orderId,
    provider: FREE_PAYMENT_PROVIDER,
    amountMinor: 0,
    currency: "DZD",
    method: options.method,
    status: "successful",
    paidAt: options.now,
    createdAt: options.now,
    updatedAt: options.now,
  });
}

/**
 * Where the gateway sends the payer back. The web app's callback page; or, for the native apps, the App Link /
 * Universal Link `/success` or `/failure` of the public host, which the phone opens in the app (decision 022). Either
 * page asks the server for the payment's state: the return itself proves nothing.
 */
function checkoutReturnUrls(
  publicUrl: string,
  options: { paymentId: string; orderId: string; returnTo: CheckoutReturnTarget },
): { successUrl: string; failureUrl: string } {
  if (options.returnTo === "app") {
    return {
      successUrl: `${publicUrl}${WEB_PATHS.paymentSuccess(options)}`,
      failureUrl: `${publicUrl}${WEB_PATHS.paymentFailure(options)}`,
    };
  }
  const callbackUrl = `${publicUrl}${WEB_PATHS.paymentCallback(options.paymentId)}`;
  return { successUrl: `${callbackUrl}&status=success`, failureUrl: `${callbackUrl}&status=failure` };
}

/**
 * The checkout URL of a pending payment, asking the gateway exactly once however many requests ask at the same time:
 * one claims the payment and asks; the others wait (holding no connection) and answer the checkout it stored. A
 * gateway failure gives the claim back and answers PAYMENT_GATEWAY_UNAVAILABLE; nothing was charged. A claim left by a
 * crashed process lapses after 30 s.
 */
export async function openCheckout(
  deps: AppDeps,
  options: {
    payment: PaymentRow;
    order: { id: string; number: string };
    method: PaymentMethod;
    language: Language;
    returnTo: CheckoutReturnTarget;
  },
): Promise<string> {
  const { payment, order } = options;
  if (payment.checkoutUrl) return payment.checkoutUrl;
  const waitUntil = Date.now() + CHECKOUT_CLAIM_MS;
  for (;;) {
    const now = deps.now();
    const claimed = await claimCheckout(deps.db, payment.id, {
      now,
      until: new Date(now.getTime() + CHECKOUT_CLAIM_MS),
    });
    if (claimed) break;
    const current = await findPayment(deps.db, payment.id);
    if (current?.checkoutUrl) return current.checkoutUrl;
    if (current?.status !== "pending" || Date.now() > waitUntil) {
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The checkout is not ready; try again." });
    }
    await sleep(CLAIM_POLL_MS);
  }

  const publicUrl = deps.config.PUBLIC_URL;
  let checkout: Awaited<ReturnType<typeof deps.payments.createCheckout>>;
  try {
    checkout = await deps.payments.createCheckout({
      paymentId: payment.id,
      amountDzd: toMajor(payment.amountMinor),
      method: options.method,
      locale: options.language,
      description: `eSIM ${order.number}`,
      ...checkoutReturnUrls(publicUrl, { paymentId: payment.id, orderId: order.id, returnTo: options.returnTo }),
      webhookUrl: `${publicUrl}${API_BASE_PATH}/webhooks/payments/${deps.payments.name}`,
      metadata: { paymentId: payment.id, orderNumber: order.number },
    });
  } catch (error) {
    await releaseCheckoutClaim(deps.db, payment.id);
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", {
      message: "The payment gateway did not answer; nothing was charged. Try again.",
      cause: error,
    });
  }
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    const row = await storeCheckout(tx, payment.id, { ...checkout, now });
    if (row) {
      await markCheckoutOpened(tx, {
        orderId: order.id,
        reference: checkout.reference,
        actor: `gateway:${deps.payments.name}`,
        now,
      });
    }
    return row;
  });
  if (stored?.checkoutUrl) return stored.checkoutUrl;
  // Our claim lapsed while the gateway was slow and another request stored its checkout first: the payer gets that one.
  const winner = await findPayment(deps.db, payment.id);
  if (!winner?.checkoutUrl) {
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The checkout could not be stored; try again." });
  }
  return winner.checkoutUrl;
}
