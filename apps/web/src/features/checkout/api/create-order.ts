import { createOrder } from "@esim/shared/checkout/contracts";
import type { EndpointBody } from "@esim/shared/http";
import { callApi } from "../../../lib/api-client.ts";

export type CreateOrderBody = EndpointBody<typeof createOrder>;

/**
 * `POST /orders`: the order and where to pay. Idempotent on `clientReference`, so a retry of the same attempt
 * answers the same order. A plain function rather than a mutation hook: the payment flow must call it right
 * after opening the payment window, inside its own sequence.
 */
export async function createOrderRequest(body: CreateOrderBody) {
  return (await callApi(createOrder, { body })).data;
}
