import { MAX_QUANTITY, type OrderSummary } from "@esim/shared/checkout/contracts";
import type { Currency } from "@esim/shared/locale";
import type { QuoteInput } from "../api/get-quote.ts";

/** What the buyer put in the cart; it lives in the address so /cart, /summary and a retry share it. */
export interface Cart {
  planId: string;
  destinationCode: string;
  quantity: number;
  /** The applied coupon (not `promo`: that parameter is taken and stored by the app on any page). */
  couponCode: string | null;
  /** A top-up: the eSIM it is for (one package, no quantity). */
  topUpOf: string | null;
}

/** The cart from `?plan=&destination=&quantity=&coupon=&topUpOf=`, or null without a plan. */
export function readCart(params: URLSearchParams): Cart | null {
  const planId = params.get("plan");
  if (!planId) return null;
  const quantity = Number(params.get("quantity") ?? "1");
  const topUpOf = params.get("topUpOf") || null;
  return {
    planId,
    destinationCode: params.get("destination") ?? "",
    quantity: topUpOf === null && Number.isInteger(quantity) ? Math.min(MAX_QUANTITY, Math.max(1, quantity)) : 1,
    couponCode: params.get("coupon")?.trim().toUpperCase() || null,
    topUpOf,
  };
}

/** The cart an order was made from: what its retry, or the summary after a cancelled payment, offers again. */
export function cartOfOrder(
  order: Pick<OrderSummary, "plan" | "destination" | "quantity" | "couponCode" | "topUpOf">,
): Cart {
  return {
    planId: order.plan.id,
    destinationCode: order.destination.code,
    quantity: order.quantity,
    couponCode: order.couponCode,
    topUpOf: order.topUpOf,
  };
}

/** What the server prices for this cart, in the shown currency. */
export function quoteInputOf(cart: Cart, currency: Currency): QuoteInput {
  return {
    packageId: cart.planId,
    quantity: cart.quantity,
    currency,
    ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
    ...(cart.topUpOf ? { topUpOf: cart.topUpOf } : {}),
  };
}

export function cartSearch(cart: Cart): string {
  const params = new URLSearchParams({ plan: cart.planId });
  if (cart.destinationCode) params.set("destination", cart.destinationCode);
  if (cart.quantity !== 1) params.set("quantity", String(cart.quantity));
  if (cart.couponCode) params.set("coupon", cart.couponCode);
  if (cart.topUpOf) params.set("topUpOf", cart.topUpOf);
  return `?${params}`;
}
