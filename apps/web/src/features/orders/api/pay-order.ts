import type { EndpointBody } from "@esim/shared/http";
import { payOrder } from "@esim/shared/orders/contracts";
import { callApi } from "../../../lib/api-client.ts";

export type PayOrderBody = EndpointBody<typeof payOrder>;

/**
 * `POST /orders/:id/pay`: where to pay an order awaiting payment (a fresh checkout once the last expired), or no
 * checkout when it is paid already. A plain function rather than a mutation hook: the pay-now flow must call it
 * right after opening the payment window, inside its own sequence (as the summary's createOrderRequest).
 */
export async function payOrderRequest(orderId: string, body: PayOrderBody) {
  return (await callApi(payOrder, { params: { id: orderId }, body })).data;
}
