import {
  approveCancellationRequest,
  approveTechnicalRefund,
  listCancellationQueue,
  refuseCancellationRequest,
  refuseTechnicalRefund,
} from "@esim/shared/console/refunds-contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { cancellationQueueKey, consoleQueryKeys } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

/** The queue: cancellation requests, failed deliveries to decide, refunds owed; refreshed every minute. */
export const cancellationQueueQuery = () =>
  queryOptions({
    queryKey: cancellationQueueKey,
    queryFn: async ({ signal }) => (await callApi(listCancellationQueue, { signal, auth: operatorAuth })).data,
    refetchInterval: 60_000,
  });

/** What the operator decides, on what: a cancellation request (its id) or a failed delivery (its order id). */
export type QueueDecision =
  | { kind: "cancellation"; decision: "approve" | "refuse"; id: string; reason: string }
  | { kind: "refund"; decision: "approve" | "refuse"; id: string; reason: string };

const ENDPOINTS = {
  cancellation: { approve: approveCancellationRequest, refuse: refuseCancellationRequest },
  refund: { approve: approveTechnicalRefund, refuse: refuseTechnicalRefund },
} as const;

/** Sends one decision (the server answers a repeated one as it is), then reads the queue and the dashboard again. */
export function useQueueDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QueueDecision) =>
      callApi(ENDPOINTS[input.kind][input.decision], {
        params: { id: input.id },
        body: { reason: input.reason },
        auth: operatorAuth,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cancellationQueueKey }),
        queryClient.invalidateQueries({ queryKey: consoleQueryKeys.dashboard }),
      ]);
    },
  });
}
