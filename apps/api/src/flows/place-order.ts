import {
  type createOrder as createOrderEndpoint,
  isBelowMinimumCharge,
  type PaymentMethod,
  TERMS_VERSION,
} from "@esim/shared/checkout/contracts";
import type { FieldErrorCode } from "@esim/shared/errors";
import type { EndpointParsedBody } from "@esim/shared/http";
import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import { checkPhone } from "@esim/shared/phone";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import type { AppDeps } from "../lib/deps.ts";
import { updateUser } from "../modules/account/index.ts";
import { checkUnpaidOrderCaps, priceCart } from "../modules/checkout/index.ts";
import { reserveCouponUse } from "../modules/coupons/index.ts";
import { findTopUpCodes } from "../modules/esims/index.ts";
import { createOrder, findPlacedOrder, getPresentableOrder, type PresentableOrder } from "../modules/orders/index.ts";
import {
  admitPayLinkAttempt,
  findPayLinkLatestOrder,
  lockPayLinkToPay,
  type PayLinkRow,
  payLinkBilling,
  payLinkOrderReference,
  payLinkUrl,
  recordPayLinkAttempt,
} from "../modules/pay-links/index.ts";
import { cancelUnpaidOrder, createPayment, openCheckout, recordFreePayment } from "../modules/payments/index.ts";
import { evaluateReferral, recordReferral } from "../modules/referrals/index.ts";
import { lockStoreCreditBalance, reserveOrderCredit } from "../modules/store-credit/index.ts";
import type { AuthenticatedUser } from "../plugins/auth.ts";
import { CHECKOUT_LIFETIME_MS } from "../providers/payment/payment-port.ts";
import { settlePayment } from "./settle-payment.ts";

// Placing an order (decision 082): the one flow every door goes through. A door says who owns the order and its eSIM,
// who pays, where the price comes from, what may lower it and the billing; every step below is the same for all:
//
//   1. the door is opened: its own checks (a link is found, counted, locked and still waiting);
//   2. the method is one the gateway offers; the target eSIM's compatible top-ups are read (an upstream call, never
//      inside the transaction);
//   3. in one transaction: a replay answers the order already placed (the checkout's clientReference, a link's live
//      order); the cart is priced by `priceCart` (the eSIM still live and the top-up compatible, the plan on sale), the
//      price is the catalogue's now (with coupon, referral and store credit when the door allows them) or the link's
//      fixed one; the gateway's minimum; the unpaid-order caps; the order (naming its link), coupon use, credit set
//      aside, referral, and either the free payment or the payment to take;
//   4. after commit: the gateway's checkout is opened (a link's earlier checkout was ended first).
//
// Doors: "checkout" (POST /orders), "credit" (a top-up from credit in one tap, and auto top-up: credit only, never a
// gateway), "pay-link" (a relative pays a traveller's link, at its fixed price, with no account).

export type CreateOrderBody = EndpointParsedBody<typeof createOrderEndpoint>;

/** Whose order it is: a signed-in user, or the account an auto top-up or a link buys for. */
export type PlacingUser = Pick<AuthenticatedUser, "id" | "email" | "phone" | "language">;

/** The customer's own checkout: priced now, coupon, referral and store credit as the body asks. */
export interface CheckoutDoor {
  door: "checkout";
  user: PlacingUser;
  order: CreateOrderBody;
  clientAddress: string;
}

/** A top-up paid from store credit only (one tap, or auto top-up): refused with STORE_CREDIT_SHORT, never a gateway. */
export interface CreditDoor {
  door: "credit";
  user: PlacingUser;
  order: CreateOrderBody;
  clientAddress: string;
  /** Who placed it when not the customer (`system:auto-top-up`). */
  actor?: string;
}

/** A payer pays a traveller's link (decision 077): the traveller's order at the link's fixed price. */
export interface PayLinkDoor {
  door: "pay-link";
  token: string;
  method: string;
  payerEmail: string | null;
  language: Language;
  clientAddress: string;
  log: { warn(details: object, message: string): void };
}

export type PlaceOrderDoor = CheckoutDoor | CreditDoor | PayLinkDoor;

/** What a door's order is, once the door is opened: the same shape for every door, read by the steps below. */
interface Placement {
  owner: PlacingUser;
  clientReference: string;
  cart: {
    packageId: string;
    quantity: number;
    currency: CreateOrderBody["currency"];
    couponCode?: string | undefined;
    topUpOf?: string | undefined;
    useStoreCredit?: boolean | undefined;
  };
  method: PaymentMethod;
  /** The billing the payer gave (checked), or the traveller's for a link. */
  billing: { email: string; name: string; country: string; phone: string };
  referral: CreateOrderBody["referral"];
  /** The link's fixed price, or null: the catalogue's now. */
  link: PayLinkRow | null;
  isCreditOnly: boolean;
  actor: string;
  clientAddress: string;
  /** Keeps the payer's checked phone on a profile that has none (a customer's own checkout only). */
  isSavingPhone: boolean;
  checkout: { language: Language; returnTo: CreateOrderBody["returnTo"]; returnUrl?: string };
  /** The link's attempt to record: the payer's receipt address and language. */
  payer: { email: string | null; language: Language } | null;
}

export type PlacedOrder = { order: PresentableOrder; checkoutUrl: string | null };

/**
 * Places an order through a door. Idempotent: the same clientReference and cart answer the same order and checkout
 * (another cart: IDEMPOTENCY_CONFLICT); a link's payer posting the same method again answers the same checkout, another
 * method ends the earlier checkout at the gateway first, so a link has at most one live order and checkout. Prices come
 * from the database only; the coupon's use is reserved under its row lock; store credit is set aside under the
 * customer's credit lock (decision 064). Nothing left for the card is paid at once without the gateway; a card part
 * under the gateway's minimum is refused before any order exists; beyond the caps of decision 057 (the account's, not
 * counting links' orders, and the client address's) nothing is written. A gateway failure answers
 * PAYMENT_GATEWAY_UNAVAILABLE and leaves the order unpaid. A link is checked again when paid: its eSIM ended or no
 * longer taking the top-up, or the plan withdrawn, answers PAY_LINK_UNAVAILABLE and takes nothing.
 */
export async function placeOrder(deps: AppDeps, door: CheckoutDoor | CreditDoor): Promise<PlacedOrder>;
export async function placeOrder(deps: AppDeps, door: PayLinkDoor): Promise<PlacedOrder | { paid: true }>;
export async function placeOrder(deps: AppDeps, door: PlaceOrderDoor): Promise<PlacedOrder | { paid: true }> {
  const opened = door.door === "pay-link" ? await openPayLinkDoor(deps, door) : openCustomerDoor(door);
  if ("paid" in opened) return opened;
  const placement = opened;
  if (!deps.payments.methods.includes(placement.method)) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { message: "The payment gateway does not offer this method." });
  }
  // Which top-ups fit may take an upstream call: asked before the transaction, never while it holds locks.
  const topUpOf = placement.cart.topUpOf;
  const topUpCodes = topUpOf ? await findTopUpCodes(deps, { userId: placement.owner.id, esimId: topUpOf }) : null;
  const written = await deps.db.transaction((tx) => writeOrder(tx, deps, placement, topUpCodes));
  if ("paid" in written) return written;
  const { orderId, orderNumber, payment } = written;
  if (payment.status !== "pending") {
    return { order: await getPresentableOrder(deps, orderId), checkoutUrl: payment.checkoutUrl };
  }
  const access = await openCheckout(deps, {
    payment,
    order: { id: orderId, number: orderNumber },
    method: placement.method,
    language: placement.checkout.language,
    returnTo: placement.checkout.returnTo ?? "web",
    ...(placement.checkout.returnUrl ? { returnUrl: placement.checkout.returnUrl } : {}),
    settlePayment,
  });
  // The order has moved to pending with its checkout (or was found paid on a replay): present it as it is now.
  const checkoutUrl = "checkoutUrl" in access ? access.checkoutUrl : null;
  return { order: await getPresentableOrder(deps, orderId), checkoutUrl };
}

/** The checkout's and credit's doors: the customer orders for themselves, with the billing they typed. */
function openCustomerDoor(door: CheckoutDoor | CreditDoor): Placement {
  const { user, order: body } = door;
  return {
    owner: user,
    clientReference: body.clientReference,
    cart: {
      packageId: body.packageId,
      quantity: body.quantity,
      currency: body.currency,
      couponCode: body.couponCode,
      topUpOf: body.topUpOf,
      useStoreCredit: body.useStoreCredit,
    },
    method: body.paymentMethod,
    billing: checkBilling(user, body.billing),
    referral: body.referral,
    link: null,
    isCreditOnly: door.door === "credit",
    actor: (door.door === "credit" ? door.actor : undefined) ?? `customer:${user.id}`,
    clientAddress: door.clientAddress,
    isSavingPhone: door.door === "checkout",
    checkout: { language: user.language, returnTo: body.returnTo },
    payer: null,
  };
}

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
 * The link's door: the link found and its attempt counted; a link paid already answers `{ paid: true }`. Its latest
 * order still awaiting payment by another method is cancelled first, its checkout ended at the gateway (paid
 * meanwhile: `{ paid: true }`), so the payer never holds two live checkouts for one link.
 */
async function openPayLinkDoor(deps: AppDeps, door: PayLinkDoor): Promise<Placement | { paid: true }> {
  const found = await admitPayLinkAttempt(deps, { token: door.token });
  if (!deps.payments.methods.includes(door.method as PaymentMethod)) {
    throw new AppError("PAYMENT_METHOD_UNAVAILABLE", { message: "The payment gateway does not offer this method." });
  }
  const method = door.method as PaymentMethod;
  const latest = await deps.db.transaction((tx) => findPayLinkLatestOrder(tx, found));
  if (latest?.payment.status === "successful") return { paid: true };
  if (latest && isAwaitingPayment(latest.order.status) && latest.payment.method !== method) {
    try {
      await cancelUnpaidOrder(deps, {
        userId: found.userId,
        orderId: latest.order.id,
        actor: `pay-link:${found.id}`,
        log: door.log,
        settlePayment,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "ORDER_ALREADY_PAID") return { paid: true };
      throw error;
    }
  }
  const billing = await payLinkBilling(deps.db, found);
  return {
    owner: { id: found.userId, email: billing.email, phone: billing.phone, language: door.language },
    clientReference: payLinkOrderReference(found.id),
    cart: {
      packageId: found.packageId,
      quantity: 1,
      currency: "DZD",
      topUpOf: found.targetEsimId ?? undefined,
      // The relative pays all: the traveller's credit is theirs to spend in the app.
      useStoreCredit: false,
    },
    method,
    billing,
    // An invite's discount is a friend's first own order (decision 079), never a price a relative pays.
    referral: undefined,
    link: found,
    isCreditOnly: false,
    actor: `pay-link:${found.id}`,
    clientAddress: door.clientAddress,
    isSavingPhone: false,
    checkout: { language: door.language, returnTo: "web", returnUrl: payLinkUrl(deps, door.language, door.token) },
    payer: { email: door.payerEmail, language: door.language },
  };
}

function isAwaitingPayment(status: string): boolean {
  return status === "not_paid" || status === "pending";
}

type Written = {
  orderId: string;
  orderNumber: string;
  payment: Awaited<ReturnType<typeof createPayment>>;
};

/** Step 3, in one transaction: the replay, the price, the caps, and the order with its money. */
async function writeOrder(
  tx: DbOrTx,
  deps: AppDeps,
  placement: Placement,
  topUpCodes: string[] | null,
): Promise<Written | { paid: true }> {
  const { owner, link } = placement;
  const now = deps.now();
  if (link) {
    const locked = await lockPayLinkToPay(tx, { linkId: link.id, now });
    if ("paid" in locked) return locked;
    const latest = await findPayLinkLatestOrder(tx, locked.link);
    if (latest?.payment.status === "successful") return { paid: true };
    if (latest && isAwaitingPayment(latest.order.status)) {
      // A double click (same method) answers the same checkout; a concurrent post with another method waits its turn.
      if (latest.payment.method !== placement.method) {
        throw new AppError("PAYMENT_IN_PROGRESS", { message: "Another payment of this link is being opened." });
      }
      await recordPayLinkAttempt(tx, { linkId: link.id, orderId: latest.order.id, ...payerOf(placement), now });
      return { orderId: latest.order.id, orderNumber: latest.order.number, payment: latest.payment };
    }
  } else {
    const placed = await findPlacedOrder(tx, { userId: owner.id, clientReference: placement.clientReference });
    if (placed) {
      if (!isSameCart(placed, placement)) {
        throw new AppError("IDEMPOTENCY_CONFLICT", { message: "This checkout was already used for another cart." });
      }
      return { orderId: placed.order.id, orderNumber: placed.order.number, payment: placed.payment };
    }
  }
  // Held until commit: concurrent orders of one customer read the balance one after the other (decision 064).
  const storeCreditBalanceDzdMinor = link ? 0 : await lockStoreCreditBalance(tx, owner.id);
  // The billing phone stands for the payment's reference: a friend paying with the inviter's is refused.
  const referral = await evaluateReferral(tx, {
    friend: { id: owner.id, email: placement.billing.email },
    referral: placement.referral,
    paymentReference: placement.billing.phone,
    now,
  });
  const priced = await priceForDoor(tx, deps, { placement, topUpCodes, referral, storeCreditBalanceDzdMinor, now });
  const { quote } = priced;
  const price = link ? linkPrice(link) : catalogPrice(quote);
  if (!link && isBelowMinimumCharge(quote)) {
    throw new AppError("PAYMENT_AMOUNT_TOO_LOW", {
      message: `The amount to pay is under the gateway's minimum of ${formatMoney(quote.minimumChargeDzdMinor, "DZD")}.`,
    });
  }
  // Nothing left for the card (a 100 % coupon, or store credit covering the rest): no gateway, no checkout.
  const isFree = price.cardChargeDzdMinor === 0;
  if (placement.isCreditOnly && !isFree) {
    throw new AppError("STORE_CREDIT_SHORT", {
      message: `The store credit of ${formatMoney(storeCreditBalanceDzdMinor, "DZD")} does not cover ${formatMoney(quote.chargeDzdMinor, "DZD")}.`,
    });
  }
  if (!isFree) {
    // A link's orders are capped by the link (one live order); the payer's address is capped like anyone's.
    await checkUnpaidOrderCaps(tx, deps, {
      userId: link ? null : owner.id,
      clientAddress: placement.clientAddress,
      now,
    });
  }
  const created = await createOrder(
    tx,
    {
      userId: owner.id,
      clientReference: placement.clientReference,
      kind: priced.topUpOf ? "top_up" : "new",
      targetEsimId: priced.topUpOf?.esim.id ?? null,
      packageId: priced.package.id,
      quantity: quote.quantity,
      currency: quote.currency,
      ...price.order,
      couponId: priced.coupon?.id ?? null,
      payLinkId: link?.id ?? null,
      paymentMethod: placement.method,
      billing: placement.billing,
      // The contract (or the link's form, decision 073) refused a payer without the acceptance: the terms now published.
      termsAcceptedAt: now,
      termsVersion: TERMS_VERSION,
      createdAt: now,
    },
    placement.actor,
  );
  if (priced.coupon) {
    // Held for the checkout's lifetime (openCheckout moves it to the checkout's own end); kept for good when free.
    await reserveCouponUse(tx, {
      couponId: priced.coupon.id,
      orderId: created.id,
      customer: { userId: owner.id, email: owner.email },
      heldUntil: isFree ? null : new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      now,
    });
  }
  await reserveOrderCredit(tx, {
    orderId: created.id,
    orderNumber: created.number,
    userId: owner.id,
    amountDzdMinor: price.order.creditAppliedDzdMinor,
    actor: placement.actor,
    now,
  });
  await recordReferral(tx, { evaluation: referral, friendUserId: owner.id, orderId: created.id, now });
  // The phone is optional at sign-up and asked at the first checkout: kept on the profile to prefill the next one.
  if (placement.isSavingPhone && !owner.phone) await updateUser(tx, owner.id, { phone: placement.billing.phone, now });
  if (link) await recordPayLinkAttempt(tx, { linkId: link.id, orderId: created.id, ...payerOf(placement), now });
  if (isFree) {
    const free = await recordFreePayment(tx, { orderId: created.id, method: placement.method, now });
    await settlePayment(tx, deps, {
      orderId: created.id,
      outcome: { kind: "paid" },
      cause:
        price.order.creditAppliedDzdMinor > 0
          ? `nothing to pay by card: store credit of ${formatMoney(price.order.creditAppliedDzdMinor, "DZD")} covers the rest`
          : `nothing to pay: coupon ${priced.coupon?.code ?? "none"} covers the order`,
      actor: placement.actor,
      now,
    });
    return { orderId: created.id, orderNumber: created.number, payment: free };
  }
  const payment = await createPayment(tx, {
    orderId: created.id,
    provider: deps.payments.name,
    amountMinor: price.cardChargeDzdMinor,
    feeAllocation: price.feeAllocation,
    customerFeeMinor: price.customerFeeMinor,
    method: placement.method,
    now,
  });
  return { orderId: created.id, orderNumber: created.number, payment };
}

function payerOf(placement: Placement) {
  return { payerEmail: placement.payer?.email ?? null, payerLanguage: placement.payer?.language ?? "fr" };
}

/**
 * The cart priced by the catalogue's rules, for every door: the plan on sale, the top-up's eSIM still live and the
 * top-up compatible. A link that can no longer be delivered answers PAY_LINK_UNAVAILABLE (its page says so).
 */
async function priceForDoor(
  tx: DbOrTx,
  deps: AppDeps,
  options: {
    placement: Placement;
    topUpCodes: string[] | null;
    referral: Awaited<ReturnType<typeof evaluateReferral>>;
    storeCreditBalanceDzdMinor: number;
    now: Date;
  },
) {
  const { placement } = options;
  try {
    return await priceCart(tx, {
      customer: { userId: placement.owner.id, email: placement.owner.email },
      cart: placement.cart,
      referral: options.referral,
      topUpCodes: options.topUpCodes,
      now: options.now,
      lockCoupon: true,
      minimumChargeDzd: deps.payments.minimumChargeDzd,
      fees: deps.payments.fees,
      storeCreditBalanceDzdMinor: options.storeCreditBalanceDzdMinor,
    });
  } catch (error) {
    const isUndeliverable =
      error instanceof AppError && ["TOP_UP_NOT_ALLOWED", "PACKAGE_NOT_FOUND", "NOT_FOUND"].includes(error.code);
    if (placement.link && isUndeliverable) {
      throw new AppError("PAY_LINK_UNAVAILABLE", {
        message: "The eSIM this link tops up can no longer take it, or the plan is no longer sold.",
        cause: error,
      });
    }
    throw error;
  }
}

type Quote = Awaited<ReturnType<typeof priceCart>>["quote"];

/** The order's amounts and the card's part, from the catalogue priced now. */
function catalogPrice(quote: Quote) {
  return {
    order: {
      unitPriceMinor: quote.unitPriceMinor,
      subtotalMinor: quote.subtotalMinor,
      serviceFeeMinor: quote.serviceFeeMinor,
      discountMinor: quote.discountMinor,
      couponDiscountMinor: quote.couponDiscountMinor,
      referralDiscountMinor: quote.referralDiscountMinor,
      totalMinor: quote.totalMinor,
      chargeDzdMinor: quote.chargeDzdMinor,
      creditAppliedDzdMinor: quote.creditAppliedDzdMinor,
    },
    cardChargeDzdMinor: quote.cardChargeDzdMinor,
    feeAllocation: quote.gatewayFee?.paidBy ?? ("merchant" as const),
    customerFeeMinor: quote.gatewayFee?.amountDzdMinor ?? 0,
  };
}

/** The order's amounts and the card's part, from the link's price fixed when it was made (decision 077). */
function linkPrice(link: PayLinkRow) {
  return {
    order: {
      unitPriceMinor: link.unitPriceDzdMinor,
      subtotalMinor: link.unitPriceDzdMinor,
      serviceFeeMinor: link.serviceFeeDzdMinor,
      discountMinor: link.discountDzdMinor,
      couponDiscountMinor: 0,
      referralDiscountMinor: 0,
      totalMinor: link.totalDzdMinor,
      chargeDzdMinor: link.totalDzdMinor,
      creditAppliedDzdMinor: 0,
    },
    cardChargeDzdMinor: link.totalDzdMinor,
    feeAllocation: link.feePaidBy,
    customerFeeMinor: link.customerFeeDzdMinor,
  };
}

function isSameCart(placed: NonNullable<Awaited<ReturnType<typeof findPlacedOrder>>>, placement: Placement): boolean {
  const { order } = placed;
  const { cart } = placement;
  return (
    order.packageId === cart.packageId &&
    order.quantity === cart.quantity &&
    order.currency === cart.currency &&
    order.paymentMethod === placement.method &&
    (placed.couponCode ?? null) === (cart.couponCode ?? null) &&
    order.targetEsimId === (cart.topUpOf ?? null)
  );
}
