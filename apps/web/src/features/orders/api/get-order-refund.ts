import { getOrderRefund } from "@esim/shared/orders/refunds";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const orderRefundQueryKey = (orderId: string) => ["orders", orderId, "refund"] as const;

/** `GET /orders/:id/refund`: what we owe on one of the caller's orders, what was sent, and the customer's choice. */
export function orderRefundQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderRefundQueryKey(orderId),
    queryFn: async ({ signal }) => (await callApi(getOrderRefund, { params: { id: orderId }, signal })).data,
    staleTime: 0,
  });
}

export function useOrderRefund(orderId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...orderRefundQueryOptions(orderId ?? ""),
    enabled: orderId !== undefined && (options.enabled ?? true),
  });
}
