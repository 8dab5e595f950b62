import { MINOR_PER_MAJOR, toMajor } from "@esim/shared/money";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { isUuid } from "../../lib/uuid.ts";
import { CHECKOUT_LIFETIME_MS, type CheckoutState, type CheckoutStatus } from "../../providers/payment/payment-port.ts";
import { recordCreditLoadOutcome } from "../credit-loads/index.ts";
import type { PaymentOutcome, PaymentOutcomeResult, PaymentSettlement } from "../orders/index.ts";
import {
  findOrderNumber,
  findPayment,
  findPaymentByReference,
  findStalePendingPayments,
  findUserPayment,
  insertWebhookEvent,
  lockPayment,
  markPaymentSuccessful,
  markPaymentUnpaid,
  type PaymentRow,
  touchPayment,
} from "./payments.repo.ts";

/** Where the payments flow reports what an operator should know (pino's `warn(details, message)` fits). */
export interface PaymentsLog {
  warn(details: object, message: string): void;
}

/**
 * The settle-payment flow (decision 091): what a payment's result does to its order. Handed in where payments' routes
 * and jobs are registered (modules/index.ts, jobs/), and passed down beside the log: a module never imports a flow.
 */
export type SettlePayment = (
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: PaymentSettlement,
) => Promise<PaymentOutcomeResult>;

/** What every payments service that may settle a payment is given by its caller. */
export interface SettlingOptions {
  log: PaymentsLog;
  settlePayment: SettlePayment;
}

/** A webhook's request log: it also says what each accepted webhook did. */
interface WebhookLog extends PaymentsLog {
  info(details: object, message: string): void;
}

/** A pending payment's checkout is asked about at most this often by the callback page's polling. */
export const RECHECK_AFTER_MS = 5000;

const STATUS_OF_EVENT: Record<string, CheckoutStatus> = {
  "checkout.paid": "paid",
  "checkout.failed": "failed",
  "checkout.canceled": "canceled",
};

/** Why a paid checkout does not match its payment (reference, currency, amount); null when it does. */
function findMismatch(payment: PaymentRow, result: CheckoutState): string | null {
  if (payment.providerReference !== result.reference) {
    return `payment_mismatch: checkout ${result.reference} paid, the payment holds ${payment.providerReference ?? "none"}`;
  }
  // Chargily's webhooks do not say the currency (its checkouts are DZD only, as ours were created): compared when said.
  if (result.currency !== null && result.currency.toUpperCase() !== payment.currency) {
    return `currency_mismatch: the gateway reports a payment in ${result.currency}, the order charges ${payment.currency}`;
  }
  const expectedDzd = toMajor(payment.amountMinor);
  if (result.amountDzd !== expectedDzd) {
    return `amount_mismatch: the gateway reports ${result.amountDzd} DZD paid, the order charges ${expectedDzd} DZD`;
  }
  // What the payer paid is the amount plus their share of the fee: it must be what we showed (decision 054).
  const shownFeeDzd = toMajor(payment.customerFeeMinor);
  if (result.customerFeeDzd != null && result.customerFeeDzd !== shownFeeDzd) {
    return `amount_mismatch: the payer paid ${result.amountDzd + result.customerFeeDzd} DZD with the gateway's fee, we showed ${expectedDzd + shownFeeDzd} DZD`;
  }
  return null;
}

/**
 * Applies the gateway's word on a payment inside the caller's transaction, forward only: paid → payment successful
 * and the order confirmed (or held for the operator when the checkout, currency or amount is not the payment's: the
 * money was taken, but nothing is delivered as is); failed or canceled → payment failed/canceled and the order rejected
 * unless already paid. With `isLapse`, a checkout our sweep ended counts as lapsed. The order's side is the
 * settle-payment flow's, handed in (`settlePayment`).
 */
export async function applyCheckoutResult(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config" | "payments">,
  options: SettlingOptions & { paymentId: string; result: CheckoutState; now: Date; cause: string; isLapse?: boolean },
): Promise<PaymentOutcomeResult> {
  const { result, now } = options;
  const payment = await lockPayment(tx, options.paymentId);
  if (!payment) return "unchanged";
  const actor = `gateway:${payment.provider}`;
  // A payment pays an order or a store credit load (decision 068): its owner decides what the outcome does.
  const record = (outcome: PaymentOutcome) =>
    payment.creditLoadId
      ? recordCreditLoadOutcome(tx, { creditLoadId: payment.creditLoadId, outcome, cause: options.cause, actor, now })
      : options.settlePayment(tx, deps, { orderId: payment.orderId!, outcome, cause: options.cause, actor, now });

  if (result.status === "paid") {
    await markPaymentSuccessful(tx, payment.id, now);
    const mismatch = findMismatch(payment, result);
    // What the gateway says it took (the payer's share of its fee is the gateway's, not ours).
    const captured = {
      paymentId: payment.id,
      reference: result.reference,
      provider: payment.provider,
      amountDzdMinor: Math.round(result.amountDzd * MINOR_PER_MAJOR),
    };
    if (mismatch) {
      options.log.warn({ paymentId: payment.id, orderId: payment.orderId, result }, `payment held: ${mismatch}`);
      return record({ kind: "mismatched", reason: mismatch, captured });
    }
    return record({ kind: "paid", captured });
  }
  if (result.status === "failed" || result.status === "canceled") {
    // A failure of some other checkout says nothing of this payment's own.
    if (payment.providerReference !== null && payment.providerReference !== result.reference) return "unchanged";
    await markPaymentUnpaid(tx, payment.id, result.status, now);
    // A checkout the gateway reads as canceled once its 30 minutes are over was ended by the gateway, not by the payer
    // (the sandbox and Chargily's double say so; Chargily's own word for an expired checkout is undocumented).
    const hasOutlivedCheckout =
      payment.checkoutOpenedAt !== null && now.getTime() - payment.checkoutOpenedAt.getTime() >= CHECKOUT_LIFETIME_MS;
    const isLapse = options.isLapse || (result.status === "canceled" && hasOutlivedCheckout);
    return record({ kind: isLapse ? "lapsed" : result.status });
  }
  return "unchanged";
}

/** A pending payment nobody asked about for this long is checked with the gateway by the sweep. */
export const STALE_PAYMENT_AFTER_MS = 15 * 60 * 1000;
/** A payment started on the gateway's page just before the checkout's end may still be settling: left this long. */
const IN_FLIGHT_PAYMENT_GRACE_MS = 5 * 60 * 1000;
/**
 * A checkout still unpaid this long after it was opened can no longer be paid: it is ended at the gateway (in case it
 * is not yet), then its order lapses. Its coupon use stopped counting at the checkout's end (decision 057).
 */
export const ABANDON_PAYMENT_AFTER_MS = CHECKOUT_LIFETIME_MS + IN_FLIGHT_PAYMENT_GRACE_MS;
const SWEEP_BATCH = 50;

/**
 * Settles payments left pending (webhook lost, payer gone): asks the gateway and applies a final answer exactly as the
 * webhook would. A checkout past its 30 minutes (and a grace for a payment in flight) is first ended at the gateway
 * (expired), so it can no longer be paid, and only then its order lapses and its (already lapsed) coupon use is deleted,
 * however recently the callback page asked about it; if the gateway cannot be reached, nothing changes and the next run
 * tries again. A payment never given a checkout lapses at once. Idempotent; answers how many payments it settled.
 */
export async function reconcileStalePayments(deps: AppDeps, options: SettlingOptions): Promise<number> {
  const now = deps.now();
  const stale = await findStalePendingPayments(deps.db, {
    before: new Date(now.getTime() - STALE_PAYMENT_AFTER_MS),
    checkoutOpenedBefore: new Date(now.getTime() - ABANDON_PAYMENT_AFTER_MS),
    limit: SWEEP_BATCH,
  });
  let settled = 0;
  for (const payment of stale) {
    const checkoutOpenedAt = payment.checkoutOpenedAt ?? payment.createdAt;
    const isAbandoned = now.getTime() - checkoutOpenedAt.getTime() >= ABANDON_PAYMENT_AFTER_MS;
    let result: CheckoutState;
    if (!payment.providerReference) {
      if (payment.checkoutClaimedUntil && payment.checkoutClaimedUntil > now) continue;
      // No checkout was ever opened, so nothing can be paid: the order lapses.
      result = { reference: "", status: "canceled", amountDzd: toMajor(payment.amountMinor), currency: "dzd" };
    } else {
      try {
        result = isAbandoned
          ? await deps.payments.expireCheckout(payment.providerReference)
          : await deps.payments.retrieveCheckout(payment.providerReference);
      } catch (error) {
        options.log.warn({ err: error, paymentId: payment.id }, "sweep: could not ask the gateway; next run retries");
        await touchPayment(deps.db, payment.id, now);
        continue;
      }
    }
    // A checkout past its lifetime that the gateway still calls pending was ended by it (Chargily refuses to expire an
    // expired checkout, and "once the Session expires, your customers are unable to pay"): it lapses. Processing is
    // money in flight: wait for its end.
    if (isAbandoned && result.status === "pending") result = { ...result, status: "canceled" };
    if (result.status === "pending" || result.status === "processing") {
      await touchPayment(deps.db, payment.id, now);
      continue;
    }
    const isLapse = result.status === "canceled" && (isAbandoned || !payment.providerReference);
    const outcome = await deps.db.transaction((tx) =>
      applyCheckoutResult(tx, deps, {
        paymentId: payment.id,
        result,
        now,
        cause: isLapse
          ? "checkout ended unpaid by the reconciliation sweep"
          : `sweep: the gateway says ${result.status}`,
        log: options.log,
        settlePayment: options.settlePayment,
        isLapse,
      }),
    );
    if (outcome === "unchanged") await touchPayment(deps.db, payment.id, now);
    else settled++;
  }
  return settled;
}

/**
 * The caller's payment for the callback page. While pending, asks the gateway itself at most every 5 s and applies a
 * final answer exactly as the webhook would: the redirect's query string is never taken as proof.
 */
export async function readPayment(deps: AppDeps, options: SettlingOptions & { userId: string; paymentId: string }) {
  const found = await findUserPayment(deps.db, options.userId, options.paymentId);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such payment." });
  const isSettled = await recheckPendingPayment(deps, { ...options, payment: found.payment });
  if (!isSettled) return found;
  return (await findUserPayment(deps.db, options.userId, options.paymentId)) ?? found;
}

/**
 * A return page's look at a pending payment (an order's or a load's): asks the gateway at most every 5 s and applies
 * a final answer exactly as the webhook would. Answers whether it applied one (the payment's owner is to be read again).
 */
export async function recheckPendingPayment(
  deps: AppDeps,
  options: SettlingOptions & { payment: PaymentRow },
): Promise<boolean> {
  const { payment } = options;
  const now = deps.now();
  const reference = payment.providerReference;
  if (payment.status !== "pending" || !reference) return false;
  if (now.getTime() - payment.updatedAt.getTime() < RECHECK_AFTER_MS) return false;

  try {
    const checkout = await deps.payments.retrieveCheckout(reference);
    if (checkout.status === "pending" || checkout.status === "processing") {
      await touchPayment(deps.db, payment.id, now);
      return false;
    }
    await deps.db.transaction((tx) =>
      applyCheckoutResult(tx, deps, {
        paymentId: payment.id,
        result: checkout,
        now,
        cause: `callback page: the gateway says ${checkout.status}`,
        log: options.log,
        settlePayment: options.settlePayment,
      }),
    );
  } catch (error) {
    // The page shows "still processing" and asks again; the webhook may well arrive meanwhile.
    options.log.warn({ err: error, paymentId: payment.id }, "could not ask the gateway about a pending payment");
    await touchPayment(deps.db, payment.id, now);
    return false;
  }
  return true;
}

/**
 * Receives a gateway webhook: the raw body's signature first (a forged one changes nothing and is not stored), then
 * the event kept once per provider and event id (a redelivery is a no-op), then, in the same transaction, the checkout
 * result applied, its amount, currency (when the event says it) and checkout compared with the payment's. Any type
 * but paid, failed or canceled is a hint: the checkout is fetched again from the gateway and its own word used.
 */
export async function receivePaymentWebhook(
  deps: AppDeps,
  options: {
    provider: string;
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
    log: WebhookLog;
    settlePayment: SettlePayment;
  },
): Promise<{ outcome: PaymentOutcomeResult | "duplicate" | "unknown_checkout" }> {
  const gateway = deps.payments;
  if (options.provider !== gateway.name) throw new AppError("NOT_FOUND", { message: "No such payment provider." });
  if (!gateway.verifyWebhook(options.rawBody, options.headers)) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", { message: "The webhook signature does not match." });
  }
  let event: ReturnType<typeof gateway.parseWebhook>;
  try {
    event = gateway.parseWebhook(options.rawBody);
  } catch (error) {
    options.log.warn({ err: error }, "a signed webhook that is not a checkout event");
    throw new AppError("VALIDATION_FAILED", { message: "The webhook is not a checkout event." });
  }

  const statusOfType = STATUS_OF_EVENT[event.type];
  let result: CheckoutState = {
    reference: event.reference,
    status: statusOfType ?? event.status,
    amountDzd: event.amountDzd,
    currency: event.currency,
    customerFeeDzd: event.customerFeeDzd ?? null,
  };
  if (!statusOfType) {
    try {
      result = await deps.payments.retrieveCheckout(event.reference);
    } catch (error) {
      // Answering 503 makes the gateway deliver again later.
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "Could not re-fetch the checkout.", cause: error });
    }
  }

  const now = deps.now();
  const payload = JSON.parse(options.rawBody.toString("utf8")) as unknown;
  const outcome = await deps.db.transaction(async (tx) => {
    const isNew = await insertWebhookEvent(tx, { provider: gateway.name, eventId: event.eventId, payload, now });
    if (!isNew) return "duplicate" as const;
    const metadataPaymentId = typeof event.metadata.paymentId === "string" ? event.metadata.paymentId : undefined;
    const payment =
      (await findPaymentByReference(tx, gateway.name, result.reference)) ??
      (metadataPaymentId && isUuid(metadataPaymentId) ? await findPayment(tx, metadataPaymentId) : undefined);
    if (!payment) {
      options.log.warn({ eventId: event.eventId, reference: result.reference }, "webhook for an unknown checkout");
      return "unknown_checkout" as const;
    }
    // The order's number in this request's log lines: what an operator searches for when a payer calls.
    const orderNumber = payment.orderId ? await findOrderNumber(tx, payment.orderId) : undefined;
    const applied = await applyCheckoutResult(tx, deps, {
      paymentId: payment.id,
      result,
      now,
      cause: `webhook ${event.type} ${event.eventId}`,
      log: options.log,
      settlePayment: options.settlePayment,
    });
    options.log.info(
      {
        orderNumber,
        creditLoadId: payment.creditLoadId ?? undefined,
        paymentId: payment.id,
        eventId: event.eventId,
        status: result.status,
        outcome: applied,
      },
      "payment webhook applied",
    );
    return applied;
  });
  return { outcome };
}
