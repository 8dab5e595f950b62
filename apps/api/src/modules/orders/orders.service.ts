import type { CheckoutReturnTarget, createOrder } from "@esim/shared/checkout/contracts";
import type { FieldErrorCode } from "@esim/shared/errors";
import type { EndpointParsedBody } from "@esim/shared/http";
import { isLanguage } from "@esim/shared/locale";
import { checkPhone } from "@esim/shared/phone";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { summarizeDestinationPlans } from "../checkout/checkout.repo.ts";
import { priceCart } from "../checkout/checkout.service.ts";
import { insertRedemption } from "../checkout/coupons.repo.ts";
import { insertPayment, type PaymentRow, storeCheckout } from "../payments/payments.repo.ts";
import {
  type EsimRow,
  findOrderViewByClientReference,
  findOrderViewById,
  findUserOrderView,
  insertOrder,
  listOrderEsims,
  listUserOrderViews,
  lockClientReference,
  markOrderPending,
  nextOrderNumber,
  type OrderRow,
  type OrderView,
} from "./orders.repo.ts";

export type CreateOrderBody = EndpointParsedBody<typeof createOrder>;

/** An order ready to present: the view, its eSIMs and its destination's plan summary. */
export interface PresentableOrder {
  view: OrderView;
  esims: EsimRow[];
  destinationPlans: { fromDzdMinor: number; fromUsdMinor: number; planCount: number } | undefined;
}

function checkBilling(user: AuthenticatedUser, billing: CreateOrderBody["billing"]) {
  const fields: Record<string, FieldErrorCode> = {};
  if (billing.email !== user.email) fields["billing.email"] = "BILLING_EMAIL_MISMATCH";
  const phone = checkPhone(billing.phone, billing.country);
  if (!phone.ok) fields["billing.phone"] = phone.code;
  if (Object.keys(fields).length > 0) {
    throw new AppError("VALIDATION_FAILED", { message: "Some billing fields are invalid.", fields });
  }
  return { ...billing, phone: phone.ok ? phone.e164 : billing.phone };
}

function isSameCart(view: OrderView, body: CreateOrderBody): boolean {
  const { order } = view;
  return (
    order.packageId === body.packageId &&
    order.quantity === body.quantity &&
    order.currency === body.currency &&
    order.paymentMethod === body.paymentMethod &&
    (view.couponCode ?? null) === (body.couponCode ?? null) &&
    order.targetEsimId === (body.topUpOf ?? null)
  );
}

/**
 * Creates the order and its payment and opens the gateway's checkout. Idempotent on (user, clientReference): the same
 * cart answers the same order (trying the gateway again while it has no checkout), another cart IDEMPOTENCY_CONFLICT.
 * Prices come from the database only; the coupon use is taken under its row lock, so its limits hold under load.
 * A gateway failure answers PAYMENT_GATEWAY_UNAVAILABLE and leaves the order not_paid: nothing is charged.
 */
export async function placeOrder(
  deps: AppDeps,
  options: { user: AuthenticatedUser; order: CreateOrderBody },
): Promise<{ order: PresentableOrder; checkoutUrl: string }> {
  const { user, order: body } = options;
  const billing = checkBilling(user, body.billing);
  if (!deps.payments.methods.includes(body.paymentMethod)) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { message: "The payment gateway does not offer this method." });
  }
  const { order, payment } = await deps.db.transaction(async (tx) => {
    await lockClientReference(tx, user.id, body.clientReference);
    const existing = await findOrderViewByClientReference(tx, user.id, body.clientReference);
    if (existing) {
      if (!isSameCart(existing, body)) {
        throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This checkout was already used for another cart." });
      }
      return { order: existing.order, payment: existing.payment };
    }
    const now = deps.now();
    const priced = await priceCart(tx, {
      userId: user.id,
      cart: {
        packageId: body.packageId,
        quantity: body.quantity,
        currency: body.currency,
        couponCode: body.couponCode,
        topUpOf: body.topUpOf,
      },
      now,
      lockCoupon: true,
    });
    const { quote } = priced;
    const created = await insertOrder(tx, {
      number: await nextOrderNumber(tx, now),
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
      totalMinor: quote.totalMinor,
      chargeDzdMinor: quote.chargeDzdMinor,
      couponId: priced.coupon?.id ?? null,
      paymentMethod: body.paymentMethod,
      billing,
      status: "not_paid",
      createdAt: now,
      updatedAt: now,
    });
    if (priced.coupon) {
      await insertRedemption(tx, { couponId: priced.coupon.id, orderId: created.id, userId: user.id, now });
    }
    const createdPayment = await insertPayment(tx, {
      orderId: created.id,
      provider: deps.payments.name,
      amountMinor: quote.chargeDzdMinor,
      currency: "DZD",
      method: body.paymentMethod,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    return { order: created, payment: createdPayment };
  });

  const checkoutUrl =
    payment.checkoutUrl ?? (await openCheckout(deps, { user, order, payment, returnTo: body.returnTo ?? "web" }));
  const view = await findOrderViewById(deps.db, order.id);
  return { order: await toPresentable(deps, view!), checkoutUrl };
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
  const paymentId = encodeURIComponent(options.paymentId);
  if (options.returnTo === "app") {
    const query = `paymentId=${paymentId}&orderId=${encodeURIComponent(options.orderId)}`;
    return { successUrl: `${publicUrl}/success?${query}`, failureUrl: `${publicUrl}/failure?${query}` };
  }
  const callbackUrl = `${publicUrl}/payment-callback?paymentId=${paymentId}`;
  return { successUrl: `${callbackUrl}&status=success`, failureUrl: `${callbackUrl}&status=failure` };
}

/** Asks the gateway for a checkout of a not-yet-paid order; the first stored checkout wins a race between retries. */
async function openCheckout(
  deps: AppDeps,
  options: { user: AuthenticatedUser; order: OrderRow; payment: PaymentRow; returnTo: CheckoutReturnTarget },
): Promise<string> {
  const { order, payment, user } = options;
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, "");
  const returnUrls = checkoutReturnUrls(publicUrl, {
    paymentId: payment.id,
    orderId: order.id,
    returnTo: options.returnTo,
  });
  let checkout: Awaited<ReturnType<typeof deps.payments.createCheckout>>;
  try {
    checkout = await deps.payments.createCheckout({
      paymentId: payment.id,
      amountDzd: payment.amountMinor / 100,
      method: order.paymentMethod as CreateOrderBody["paymentMethod"],
      locale: isLanguage(user.language) ? user.language : "fr",
      description: `eSIM ${order.number}`,
      ...returnUrls,
      webhookUrl: `${publicUrl}/api/v1/app/webhooks/payments/${deps.payments.name}`,
      metadata: { paymentId: payment.id, orderNumber: order.number },
    });
  } catch (error) {
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", {
      message: "The payment gateway did not answer; nothing was charged. Try again.",
      cause: error,
    });
  }
  const now = deps.now();
  const stored = await deps.db.transaction(async (tx) => {
    const row = await storeCheckout(tx, payment.id, { ...checkout, now });
    if (row) await markOrderPending(tx, order.id, now);
    return row;
  });
  if (stored?.checkoutUrl) return stored.checkoutUrl;
  const winner = await findOrderViewById(deps.db, order.id);
  if (!winner?.payment.checkoutUrl) {
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE", { message: "The checkout could not be stored; try again." });
  }
  return winner.payment.checkoutUrl;
}

async function toPresentable(deps: AppDeps, view: OrderView): Promise<PresentableOrder> {
  const [esims, plans] = await Promise.all([
    listOrderEsims(deps.db, [view.order]),
    summarizeDestinationPlans(deps.db, [view.destination.code]),
  ]);
  return { view, esims: esims.get(view.order.id) ?? [], destinationPlans: plans.get(view.destination.code) };
}

/** The caller's orders, newest first, with plan, destination, payment status and eSIMs. */
export async function listOrders(deps: AppDeps, options: { userId: string }): Promise<PresentableOrder[]> {
  const views = await listUserOrderViews(deps.db, options.userId);
  const [esims, plans] = await Promise.all([
    listOrderEsims(
      deps.db,
      views.map((view) => view.order),
    ),
    summarizeDestinationPlans(deps.db, [...new Set(views.map((view) => view.destination.code))]),
  ]);
  return views.map((view) => ({
    view,
    esims: esims.get(view.order.id) ?? [],
    destinationPlans: plans.get(view.destination.code),
  }));
}

/** One of the caller's orders by id or number; anyone else's answers NOT_FOUND. */
export async function getOrder(deps: AppDeps, options: { userId: string; idOrNumber: string }) {
  const view = await findUserOrderView(deps.db, options.userId, options.idOrNumber);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such order." });
  return toPresentable(deps, view);
}
