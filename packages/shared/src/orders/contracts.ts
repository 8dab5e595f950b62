import * as z from "zod/mini";
import { CHECKOUT_RETURN_TARGETS, createOrder, orderSummarySchema } from "../checkout/contracts.ts";
import { defineEndpoint } from "../http.ts";

export const listOrders = defineEndpoint({
  method: "GET",
  path: "/orders",
  auth: true,
  body: undefined,
  response: z.object({ data: z.array(orderSummarySchema) }),
});

/** One of the caller's orders, by id or number; someone else's answers NOT_FOUND. */
export const getOrder = defineEndpoint({
  method: "GET",
  path: "/orders/:id",
  auth: true,
  body: undefined,
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(60)) }),
  response: z.object({ data: orderSummarySchema }),
});

const placedOrderResponseSchema = createOrder.response;

/**
 * Pay now: a checkout for one of the caller's orders still awaiting payment, fresh when the last one has expired at
 * the gateway. checkoutUrl is null when the gateway says the order is paid meanwhile (then `order` shows it paid).
 * An order that no longer awaits payment answers ORDER_NOT_AWAITING_PAYMENT; someone else's NOT_FOUND.
 */
export const payOrder = defineEndpoint({
  method: "POST",
  path: "/orders/:id/pay",
  auth: true,
  params: z.object({ id: z.string().check(z.uuid("INVALID")) }),
  body: z.strictObject({ returnTo: z.optional(z.enum(CHECKOUT_RETURN_TARGETS, { error: "INVALID" })) }),
  response: placedOrderResponseSchema,
});

/**
 * Cancels one of the caller's orders still awaiting payment: its checkout is ended at the gateway first, then the
 * order is rejected and its promo code's use given back at once. Idempotent (a cancelled order answers itself).
 * An order paid meanwhile answers ORDER_ALREADY_PAID; someone else's NOT_FOUND.
 */
export const cancelOrder = defineEndpoint({
  method: "POST",
  path: "/orders/:id/cancel",
  auth: true,
  params: z.object({ id: z.string().check(z.uuid("INVALID")) }),
  body: undefined,
  response: z.object({ data: orderSummarySchema }),
});
