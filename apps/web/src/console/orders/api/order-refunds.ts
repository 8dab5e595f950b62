import {
  type ConsoleOrderDetail,
  recordConsoleOrderRefund,
  refundConsoleOrderHeldMoney,
} from "@esim/shared/console/orders-contract";
import type { RefundMethod } from "@esim/shared/ledger/vocabulary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY, cancellationQueueKey, consoleQueryKeys } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";
import { orderQueryKeys } from "./orders.ts";

// The order's refunds in the console (decision 062): record a (partial) refund sent, or owe back money held. Each
// answers the order as it is now.

export interface RecordRefund {
  amountDzdMinor: number;
  method: RefundMethod;
  reference: string;
  /** Drawn once per form: a double click records one refund. */
  requestKey: string;
}

function useRefreshOrder(number: string) {
  const queryClient = useQueryClient();
  return (detail: ConsoleOrderDetail) => {
    queryClient.setQueryData(orderQueryKeys.detail(number), detail);
    // The queue's refunds owed, the dashboard and the searches change with it.
    void queryClient.invalidateQueries({ queryKey: cancellationQueueKey });
    void queryClient.invalidateQueries({ queryKey: consoleQueryKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: [...CONSOLE_QUERY_KEY, "orders", "search"] });
  };
}

/** `POST /orders/:number/refund`: a refund sent, whole or partial (admin). */
export function useRecordRefund(number: string) {
  const refresh = useRefreshOrder(number);
  return useMutation({
    mutationFn: async (body: RecordRefund) =>
      (await callApi(recordConsoleOrderRefund, { auth: operatorAuth, params: { number }, body })).data,
    onSuccess: refresh,
  });
}

/** `POST /orders/:number/held-money/refund`: money a second checkout took owed back to the payer (admin). */
export function useRefundHeldMoney(number: string) {
  const refresh = useRefreshOrder(number);
  return useMutation({
    mutationFn: async (reason: string) =>
      (await callApi(refundConsoleOrderHeldMoney, { auth: operatorAuth, params: { number }, body: { reason } })).data,
    onSuccess: refresh,
  });
}
