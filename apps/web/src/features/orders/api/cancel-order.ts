import { cancelOrder } from "@esim/shared/orders/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { orderQueryKey } from "./get-order.ts";

/**
 * `POST /orders/:id/cancel`: cancels an order awaiting payment (its checkout ended at the gateway, its promo code
 * free again). The answer is the order as it is now; an order paid meanwhile answers ORDER_ALREADY_PAID, after which
 * the order is read again to show it paid.
 */
export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(cancelOrder, { params: { id: orderId } })).data,
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(orderId), order),
    onError: () => void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) }),
  });
}
