import * as z from "zod/mini";
import { orderSummarySchema } from "../checkout/contracts.ts";
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
