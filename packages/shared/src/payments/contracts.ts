import * as z from "zod/mini";
import { orderStatusSchema, paymentStatusSchema } from "../checkout/contracts.ts";
import { defineEndpoint } from "../http.ts";

/**
 * A payment's state for the callback page. While pending, the server asks the gateway itself (never trusting
 * the redirect's query string), so a late webhook does not leave the page waiting.
 */
export const getPayment = defineEndpoint({
  method: "GET",
  path: "/payments/:paymentId",
  auth: true,
  body: undefined,
  params: z.object({ paymentId: z.string().check(z.uuid("INVALID")) }),
  response: z.object({
    data: z.object({
      id: z.string(),
      status: paymentStatusSchema,
      orderId: z.string(),
      orderNumber: z.string(),
      orderStatus: orderStatusSchema,
      chargeDzdMinor: z.number(),
    }),
  }),
});
