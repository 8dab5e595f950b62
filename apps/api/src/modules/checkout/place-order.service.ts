import {
  type createOrder as createOrderEndpoint,
  isBelowMinimumCharge,
  TERMS_VERSION,
} from "@esim/shared/checkout/contracts";
import type { FieldErrorCode } from "@esim/shared/errors";
import type { EndpointParsedBody } from "@esim/shared/http";
import { formatMoney } from "@esim/shared/money";
import { checkPhone } from "@esim/shared/phone";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { enforceRateLimit } from "../../lib/rate-counter.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { CHECKOUT_LIFETIME_MS } from "../../providers/payment/payment-port.ts";
import { updateUser } from "../account/index.ts";
import { reserveCouponUse } from "../coupons/index.ts";
import { findTopUpCodes } from "../esims/index.ts";
import {
  countOpenUnpaidOrders,
  createOrder,
  findPlacedOrder,
  getPresentableOrder,
  type PresentableOrder,
  recordPaymentOutcome,
} from "../orders/index.ts";
import { createPayment, openCheckout, recordFreePayment } from "../payments/index.ts";
import { evaluateReferral, recordReferral } from "../referrals/index.ts";
import { lockStoreCreditBalance, reserveOrderCredit } from "../store-credit/index.ts";
import { priceCart } from "./checkout.service.ts";

// Placing an order spans modules (prices and coupons, the order, its payment, the gateway): this module owns the flow.

export type CreateOrderBody = EndpointParsedBody<typeof createOrderEndpoint>;

/** What placing an order needs of its customer: a signed-in user, or the account an auto top-up buys for. */
export type PlacingUser = Pick<AuthenticatedUser, "id" | "email" | "phone" | "language">;

function checkBilling(user: PlacingUser, billing: CreateOrderBody["billing"]) {
  const fields: Record<string, FieldErrorCode> = {};
  if (billing.email !== user.email) fields["billing.email"] = "BILLING_EMAIL_MISMATCH";
  const phone = checkPhone(billing.phone, billing.country);
  if (!phone.ok) fields["billing.phone"] = phone.code;
  if (Object.keys(fields).length > 0) {
    throw new AppError("VALIDATION_FAILED", { message: "Some billing fields are invalid.", fields });
  }
  return { ...billing, phone: phone.ok ? phone.e164 : billing.phone };
}

/**
 * How many orders may await payment (decision 057): each opens a gateway checkout (a Chargily call) and holds its
 * coupon use for the checkout's 30 minutes. Per account, at once. Per client address, the orders to pay placed in the
 * last hour by any account (UNPAID_ORDERS_PER_ADDRESS_PER_HOUR, 20), so fresh accounts from one address are capped
 * too; an address can be a whole mobile operator's NAT, hence room for many buyers.
 */
export const UNPAID_ORDERS_PER_ACCOUNT = 3;
const ADDRESS_WINDOW_MS = 60 * 60 * 1000;

/**
 * Refuses an order to pay beyond the caps, inside the placing transaction (before any gateway call): the account's
 * placements are locked so concurrent ones count each other; the address's counter counts this order, and is given
 * back with the transaction if the order is not made.
 */
export async function checkUnpaidOrderCaps(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { userId: string; clientAddress: string; now: Date },
) {
  const open = await countOpenUnpaidOrders(tx, options.userId);
  if (open >= UNPAID_ORDERS_PER_ACCOUNT) {
    throw new AppError("UNPAID_ORDERS_LIMIT_REACHED", {
      message: `${open} orders await payment: pay or cancel one before placing another.`,
    });
  }
  await enforceRateLimit(
    tx,
    {
      key: `unpaid-orders:address:${options.clientAddress}`,
      max: deps.config.UNPAID_ORDERS_PER_ADDRESS_PER_HOUR,
      windowMs: ADDRESS_WINDOW_MS,
    },
    options.now,
  );
}

function isSameCart(placed: NonNullable<Awaited<ReturnType<typeof findPlacedOrder>>>, body: CreateOrderBody): boolean {
  const { order } = placed;
  return (
    order.packageId === body.packageId &&
    order.quantity === body.quantity &&
    order.currency === body.currency &&
    order.paymentMethod === body.paymentMethod &&
    (placed.couponCode ?? null) === (body.couponCode ?? null) &&
    order.targetEsimId === (body.topUpOf ?? null)
  );
}

/**
 * Creates the order and its payment, then opens the gateway's checkout. Idempotent on (user, clientReference): the
 * same cart answers the same order and the same checkout, however many times and however concurrently it is sent;
 * another cart answers IDEMPOTENCY_CONFLICT. Prices come from the database only; the coupon's use is reserved under its
 * row lock, so its limits hold under load. Store credit is spent first (unless the body says not to), set aside under
 * the customer's credit lock, so concurrent orders never spend more than the balance (decision 064); the payment is
 * what is left for the card. Nothing left for the card (a 100 % coupon, or credit) is paid at once without the
 * gateway; a card part above 0 and under the gateway's minimum is refused before any order exists. A gateway failure answers
 * PAYMENT_GATEWAY_UNAVAILABLE and leaves the order unpaid with its coupon use held for a checkout's 30 minutes. An
 * order to pay beyond the account's or the address's cap (decision 057) is refused before anything is written
 * or asked of the gateway. An account without a phone keeps the order's (checked for the billing country) for the
 * next checkout. With `isCreditOnly` (a top-up from credit, decision 078) an order the credit does not wholly pay is
 * refused with STORE_CREDIT_SHORT before anything is written: never a gateway. `actor` names who placed it when it is
 * not the customer (`system:auto-top-up`).
 */
export async function placeOrder(
  deps: AppDeps,
  options: {
    user: PlacingUser;
    order: CreateOrderBody;
    clientAddress: string;
    isCreditOnly?: boolean;
    actor?: string;
  },
): Promise<{ order: PresentableOrder; checkoutUrl: string | null }> {
  const { user, order: body } = options;
  const billing = checkBilling(user, body.billing);
  if (!deps.payments.methods.includes(body.paymentMethod)) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { message: "The payment gateway does not offer this method." });
  }
  const actor = options.actor ?? `customer:${user.id}`;
  // Which top-ups fit may take an upstream call: asked before the transaction, never while it holds locks.
  const topUpCodes = body.topUpOf ? await findTopUpCodes(deps, { userId: user.id, esimId: body.topUpOf }) : null;
  const { orderId, orderNumber, payment } = await deps.db.transaction(async (tx) => {
    const placed = await findPlacedOrder(tx, { userId: user.id, clientReference: body.clientReference });
    if (placed) {
      if (!isSameCart(placed, body)) {
        throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This checkout was already used for another cart." });
      }
      return { orderId: placed.order.id, orderNumber: placed.order.number, payment: placed.payment };
    }
    const now = deps.now();
    // Held until commit: concurrent orders of one customer read the balance one after the other (decision 064).
    const storeCreditBalanceDzdMinor = await lockStoreCreditBalance(tx, user.id);
    // The billing phone stands for the payment's reference: a friend paying with the inviter's is refused.
    const referral = await evaluateReferral(tx, {
      friend: { id: user.id, email: billing.email },
      referral: body.referral,
      paymentReference: billing.phone,
      now,
    });
    const priced = await priceCart(tx, {
      customer: { userId: user.id, email: user.email },
      cart: {
        packageId: body.packageId,
        quantity: body.quantity,
        currency: body.currency,
        couponCode: body.couponCode,
        topUpOf: body.topUpOf,
        useStoreCredit: body.useStoreCredit,
      },
      referral,
      topUpCodes,
      now,
      lockCoupon: true,
      minimumChargeDzd: deps.payments.minimumChargeDzd,
      fees: deps.payments.fees,
      storeCreditBalanceDzdMinor,
    });
    const { quote } = priced;
    if (isBelowMinimumCharge(quote)) {
      throw new AppError("PAYMENT_AMOUNT_TOO_LOW", {
        message: `The amount to pay is under the gateway's minimum of ${formatMoney(quote.minimumChargeDzdMinor, "DZD")}.`,
      });
    }
    // Nothing left for the card (a 100 % coupon, or store credit covering the rest): no gateway, no checkout.
    const isFree = quote.cardChargeDzdMinor === 0;
    if (options.isCreditOnly && !isFree) {
      throw new AppError("STORE_CREDIT_SHORT", {
        message: `The store credit of ${formatMoney(storeCreditBalanceDzdMinor, "DZD")} does not cover ${formatMoney(quote.chargeDzdMinor, "DZD")}.`,
      });
    }
    if (!isFree) await checkUnpaidOrderCaps(tx, deps, { userId: user.id, clientAddress: options.clientAddress, now });
    const created = await createOrder(
      tx,
      {
        userId: user.id,
        clientReference: body.clientReference,
        kind: priced.topUpOf ? "top_up" : "new",
        targetEsimId: priced.topUpOf?.esim.id ?? null,
        packageId: priced.package.id,
        quantity: quote.quantity,
        currency: quote.currency,
        unitPriceMinor: quote.unitPriceMinor,
        subtotalMinor: quote.subtotalMinor,
        serviceFeeMinor: quote.serviceFeeMinor,
        discountMinor: quote.discountMinor,
        couponDiscountMinor: quote.couponDiscountMinor,
        referralDiscountMinor: quote.referralDiscountMinor,
        totalMinor: quote.totalMinor,
        chargeDzdMinor: quote.chargeDzdMinor,
        creditAppliedDzdMinor: quote.creditAppliedDzdMinor,
        couponId: priced.coupon?.id ?? null,
        paymentMethod: body.paymentMethod,
        billing,
        // The contract refused a body without the acceptance: the terms now published are the ones accepted.
        termsAcceptedAt: now,
        termsVersion: TERMS_VERSION,
        createdAt: now,
      },
      actor,
    );
    if (priced.coupon) {
      // Held for the checkout's lifetime (openCheckout moves it to the checkout's own end); kept for good when free.
      await reserveCouponUse(tx, {
        couponId: priced.coupon.id,
        orderId: created.id,
        customer: { userId: user.id, email: user.email },
        heldUntil: isFree ? null : new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
        now,
      });
    }
    await reserveOrderCredit(tx, {
      orderId: created.id,
      orderNumber: created.number,
      userId: user.id,
      amountDzdMinor: quote.creditAppliedDzdMinor,
      actor,
      now,
    });
    await recordReferral(tx, { evaluation: referral, friendUserId: user.id, orderId: created.id, now });
    // The phone is optional at sign-up and asked at the first checkout: kept on the profile to prefill the next one.
    if (!user.phone) await updateUser(tx, user.id, { phone: billing.phone, now });
    if (isFree) {
      const free = await recordFreePayment(tx, { orderId: created.id, method: body.paymentMethod, now });
      await recordPaymentOutcome(tx, deps, {
        orderId: created.id,
        outcome: { kind: "paid" },
        cause:
          quote.creditAppliedDzdMinor > 0
            ? `nothing to pay by card: store credit of ${formatMoney(quote.creditAppliedDzdMinor, "DZD")} covers the rest`
            : `nothing to pay: coupon ${priced.coupon?.code ?? "none"} covers the order`,
        actor,
        now,
      });
      return { orderId: created.id, orderNumber: created.number, payment: free };
    }
    const payment = await createPayment(tx, {
      orderId: created.id,
      provider: deps.payments.name,
      amountMinor: quote.cardChargeDzdMinor,
      feeAllocation: quote.gatewayFee?.paidBy ?? "merchant",
      customerFeeMinor: quote.gatewayFee?.amountDzdMinor ?? 0,
      method: body.paymentMethod,
      now,
    });
    return { orderId: created.id, orderNumber: created.number, payment };
  });

  if (payment.status !== "pending") {
    return { order: await getPresentableOrder(deps, orderId), checkoutUrl: payment.checkoutUrl };
  }
  const access = await openCheckout(deps, {
    payment,
    order: { id: orderId, number: orderNumber },
    method: body.paymentMethod,
    language: user.language,
    returnTo: body.returnTo ?? "web",
  });
  // The order has moved to pending with its checkout (or was found paid on a replay): present it as it is now.
  const checkoutUrl = "checkoutUrl" in access ? access.checkoutUrl : null;
  return { order: await getPresentableOrder(deps, orderId), checkoutUrl };
}
