import { setTimeout as sleep } from "node:timers/promises";
import type { CheckoutReturnTarget, PaymentMethod } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import type { Language } from "@esim/shared/locale";
import { toMajor } from "@esim/shared/money";
import { WEB_PATHS } from "@esim/shared/web-paths";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { CHECKOUT_LIFETIME_MS, type CheckoutState, type FeeAllocation } from "../../providers/payment/payment-port.ts";
import { holdOrderCoupon, markCheckoutOpened } from "../orders/index.ts";
import {
  claimCheckout,
  findPayment,
  findUserOrderPayment,
  insertPayment,
  type PaymentRow,
  releaseCheckoutClaim,
  storeCheckout,
} from "./payments.repo.ts";
import { applyCheckoutResult, type PaymentsLog, type SettlePayment, type SettlingOptions } from "./payments.service.ts";

/** How long one request may take to get a checkout from the gateway before another may try (a crashed one). */
const CHECKOUT_CLAIM_MS = 30_000;
/** How often a request waiting for another's checkout looks again. */
const CLAIM_POLL_MS = 100;

/** The provider of a payment nobody had to make: a coupon paid the whole order. */
export const FREE_PAYMENT_PROVIDER = "coupon";

/**
 * Writes the payment of a new order in the order's transaction: pending, for the gateway's checkout to come. It keeps
 * who pays the gateway's fee and the payer's share shown before payment, which the paid webhook is compared with.
 */
export async function createPayment(
  tx: DbOrTx,
  options: {
    /** What it pays: an order, or a store credit load (decision 068). */
    orderId?: string;
    creditLoadId?: string;
    provider: string;
    amountMinor: number;
    feeAllocation: FeeAllocation;
    customerFeeMinor: number;
    method: PaymentMethod;
    now: Date;
  },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    orderId: options.orderId ?? null,
    creditLoadId: options.creditLoadId ?? null,
    provider: options.provider,
    amountMinor: options.amountMinor,
    feeAllocation: options.feeAllocation,
    customerFeeMinor: options.customerFeeMinor,
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
 * A checkout this old is never handed out again: Chargily ends it 30 minutes after creation (CHECKOUT_LIFETIME_MS),
 * and a payer sent to it now needs a couple of minutes on its page (decision 054).
 */
export const CHECKOUT_REFRESH_AFTER_MS = CHECKOUT_LIFETIME_MS - 2 * 60 * 1000;

/** A store credit load's return page, on the web (decision 068): it asks the server for the load's state. */
function creditLoadReturnUrls(publicUrl: string, loadId: string): { successUrl: string; failureUrl: string } {
  const returnUrl = `${publicUrl}${WEB_PATHS.creditLoad(loadId)}`;
  return { successUrl: `${returnUrl}&status=success`, failureUrl: `${returnUrl}&status=failure` };
}

/** What a checkout is for: an order (its coupon held, its history told) or a store credit load (decision 068). */
export type CheckoutSubject = { order: { id: string; number: string } } | { creditLoad: { id: string } };

/** Where a payer goes to pay: a live checkout, or nothing because the payment is already made. */
export type CheckoutAccess = { checkoutUrl: string } | { paid: true };

const consoleLog: PaymentsLog = { warn: (details, message) => console.warn(message, details) };

function isLive(payment: PaymentRow, now: Date): payment is PaymentRow & { checkoutUrl: string } {
  return (
    payment.checkoutUrl !== null &&
    payment.checkoutOpenedAt !== null &&
    now.getTime() - payment.checkoutOpenedAt.getTime() < CHECKOUT_REFRESH_AFTER_MS
  );
}

/**
 * Ends the payment's old checkout at the gateway before another replaces it. Paid meanwhile: applied exactly as the
 * webhook would, and the payer is told so. Ended unpaid (expired by us or by age, failed, canceled): a new checkout
 * may replace it; a later webhook about it changes nothing (another checkout's failure). Still being paid, or the
 * gateway unreachable: nothing replaces it now.
 */
async function endOldCheckout(
  deps: AppDeps,
  options: SettlingOptions & { payment: PaymentRow; reference: string },
): Promise<"paid" | "ended"> {
  const { payment, reference } = options;
  let state: CheckoutState;
  try {
    state = await deps.payments.expireCheckout(reference);
  } catch (error) {
    await releaseCheckoutClaim(deps.db, payment.id);
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", {
      message: "The payment gateway did not answer; nothing was charged. Try again.",
      cause: error,
    });
  }
  if (state.status === "paid") {
    await deps.db.transaction((tx) =>
      applyCheckoutResult(tx, deps, {
        paymentId: payment.id,
        result: state,
        now: deps.now(),
        cause: `checkout ${reference} found paid when a fresh one was asked for`,
        log: options.log,
        settlePayment: options.settlePayment,
      }),
    );
    await releaseCheckoutClaim(deps.db, payment.id);
    return "paid";
  }
  if (state.status === "pending" || state.status === "processing") {
    await releaseCheckoutClaim(deps.db, payment.id);
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The payment is being processed; try again." });
  }
  return "ended";
}

/**
 * Where the payer of a pending payment (an order's or a store credit load's) pays, asking the gateway exactly once
 * however many requests ask at the same time: one claims the payment and asks; the others wait (holding no connection)
 * and answer the checkout it stored. A
 * checkout 28 minutes old or more is never handed out again: it is first ended at the gateway (paid meanwhile: the
 * payment is applied and the answer is `{ paid: true }`), then a fresh one replaces it. A gateway failure gives the
 * claim back and answers PAYMENT_GATEWAY_UNAVAILABLE; nothing was charged. A claim left by a crashed process lapses
 * after 30 s. A payment no longer pending and not paid answers ORDER_ACTION_NOT_ALLOWED. For an order, its coupon use
 * is held until the new checkout ends (COUPON_HOLD_LAPSED when its earlier hold ended and the code has no use left for it).
 */
export async function openCheckout(
  deps: AppDeps,
  options: CheckoutSubject & {
    payment: PaymentRow;
    method: PaymentMethod;
    language: Language;
    returnTo: CheckoutReturnTarget;
    /** A page of ours the payer returns to instead (a pay-for-me link's, decision 077): `?status=` is appended. */
    returnUrl?: string;
    log?: PaymentsLog;
    /** Applies the old checkout's payment found paid when it is ended (decision 091). */
    settlePayment: SettlePayment;
  },
): Promise<CheckoutAccess> {
  const order = "order" in options ? options.order : null;
  const creditLoad = "creditLoad" in options ? options.creditLoad : null;
  const log = options.log ?? consoleLog;
  const waitUntil = Date.now() + CHECKOUT_CLAIM_MS;
  let payment = options.payment;
  for (;;) {
    if (payment.status === "successful") return { paid: true };
    if (payment.status !== "pending") {
      throw new AppError("ORDER_ACTION_NOT_ALLOWED", { message: "This order's payment has ended; it cannot be paid." });
    }
    const now = deps.now();
    if (isLive(payment, now)) return { checkoutUrl: payment.checkoutUrl };
    const claimed = await claimCheckout(deps.db, payment.id, {
      now,
      until: new Date(now.getTime() + CHECKOUT_CLAIM_MS),
      reference: payment.providerReference,
    });
    if (claimed) {
      payment = claimed;
      break;
    }
    if (Date.now() > waitUntil) {
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The checkout is not ready; try again." });
    }
    await sleep(CLAIM_POLL_MS);
    const current = await findPayment(deps.db, payment.id);
    if (!current) throw new AppError("NOT_FOUND", { message: "No such payment." });
    payment = current;
  }

  const replaces = payment.providerReference;
  if (replaces !== null) {
    const ended = await endOldCheckout(deps, {
      payment,
      reference: replaces,
      log,
      settlePayment: options.settlePayment,
    });
    if (ended === "paid") return { paid: true };
  }
  const publicUrl = deps.config.PUBLIC_URL;
  // Taken before asking: the gateway's checkout is no older than this, so its age is never underestimated.
  const openedAt = deps.now();
  // The order's coupon use is held until this checkout ends; one whose hold ended with an earlier checkout is taken
  // again only if the code still has a use for it (COUPON_HOLD_LAPSED otherwise), before the gateway is asked.
  try {
    if (order) {
      await deps.db.transaction((tx) =>
        holdOrderCoupon(tx, {
          orderId: order.id,
          heldUntil: new Date(openedAt.getTime() + CHECKOUT_LIFETIME_MS),
          now: openedAt,
        }),
      );
    }
  } catch (error) {
    await releaseCheckoutClaim(deps.db, payment.id);
    throw error;
  }
  // The gateway shows this to the payer on its page: in their language.
  const describe = serverTranslator(options.language);
  let checkout: Awaited<ReturnType<typeof deps.payments.createCheckout>>;
  try {
    checkout = await deps.payments.createCheckout({
      paymentId: payment.id,
      amountDzd: toMajor(payment.amountMinor),
      feeAllocation: payment.feeAllocation,
      method: options.method,
      locale: options.language,
      ...(order
        ? {
            description: describe("payment.checkoutDescription.order", { number: order.number }),
            ...(options.returnUrl
              ? { successUrl: `${options.returnUrl}?status=success`, failureUrl: `${options.returnUrl}?status=failure` }
              : checkoutReturnUrls(publicUrl, {
                  paymentId: payment.id,
                  orderId: order.id,
                  returnTo: options.returnTo,
                })),
            metadata: { paymentId: payment.id, orderNumber: order.number },
          }
        : {
            description: describe("payment.checkoutDescription.creditLoad"),
            ...creditLoadReturnUrls(publicUrl, creditLoad!.id),
            metadata: { paymentId: payment.id, creditLoadId: creditLoad!.id },
          }),
      webhookUrl: `${publicUrl}${API_BASE_PATH}/webhooks/payments/${deps.payments.name}`,
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
    const row = await storeCheckout(tx, payment.id, { ...checkout, openedAt, replaces, now });
    if (row && order) {
      await markCheckoutOpened(tx, {
        orderId: order.id,
        reference: checkout.reference,
        actor: `gateway:${deps.payments.name}`,
        now,
      });
    }
    return row;
  });
  if (stored?.checkoutUrl) return { checkoutUrl: stored.checkoutUrl };
  // Our claim lapsed while the gateway was slow and another request stored its checkout first: the payer gets that one.
  const winner = await findPayment(deps.db, payment.id);
  if (winner?.status === "successful") return { paid: true };
  if (!winner?.checkoutUrl) {
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The checkout could not be stored; try again." });
  }
  return { checkoutUrl: winner.checkoutUrl };
}

/**
 * "Pay now" for the caller's unpaid order (its status page): a live checkout of its payment, a fresh one when the old
 * is 28 minutes old or more (the old one ended at the gateway first), or `{ paid: true }` when it turns out paid.
 * Someone else's or an unknown order is NOT_FOUND; an order whose payment ended (failed, canceled, lapsed) answers
 * ORDER_ACTION_NOT_ALLOWED; the gateway unreachable, PAYMENT_GATEWAY_UNAVAILABLE.
 */
export async function resumeCheckout(
  deps: AppDeps,
  options: SettlingOptions & { userId: string; orderId: string; returnTo: CheckoutReturnTarget },
): Promise<CheckoutAccess> {
  const found = await findUserOrderPayment(deps.db, options.userId, options.orderId);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such order." });
  return openCheckout(deps, {
    payment: found.payment,
    order: found.order,
    method: found.payment.method as PaymentMethod,
    language: found.language,
    returnTo: options.returnTo,
    log: options.log,
    settlePayment: options.settlePayment,
  });
}
