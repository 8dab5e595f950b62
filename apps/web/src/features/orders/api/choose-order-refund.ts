import { chooseOrderRefund, type RefundChoiceBody } from "@esim/shared/orders/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { orderQueryKey } from "./get-order.ts";
import { orderRefundQueryKey } from "./get-order-refund.ts";

/**
 * `POST /orders/:id/refund/choice`: store credit at once, or a transfer to the customer's RIB/RIP. The answer is the
 * refund as it is now; the order is read again (store credit refunds it at once).
 */
export function useChooseOrderRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: RefundChoiceBody) =>
      (await callApi(chooseOrderRefund, { params: { id: orderId }, body: choice })).data,
    onSuccess: (refund) => {
      queryClient.setQueryData(orderRefundQueryKey(orderId), refund);
      // The order (read by id or number) and the list: store credit refunds it at once.
      void queryClient.invalidateQueries({
        queryKey: orderQueryKey(orderId).slice(0, 1),
        predicate: (query) => query.queryKey[2] !== "refund",
      });
    },
  });
}
