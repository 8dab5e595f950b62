import {
  answerClaim,
  type ClaimStatus,
  getConsoleClaim,
  listConsoleClaims,
  refundClaim,
  refuseClaim,
} from "@esim/shared/claims/contracts";
import type { RefundChoice } from "@esim/shared/orders/refunds";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

const claimsKey = [...CONSOLE_QUERY_KEY, "claims"] as const;

/** The claims, by deadline (overdue first), filtered by status; refreshed every minute. */
export const claimsQuery = (status: ClaimStatus | undefined) =>
  queryOptions({
    queryKey: [...claimsKey, "list", status ?? "all"],
    queryFn: async ({ signal }) =>
      (await callApi(listConsoleClaims, { query: status ? { status } : {}, signal, auth: operatorAuth })).data,
    refetchInterval: 60_000,
  });

export const claimQuery = (id: string) =>
  queryOptions({
    queryKey: [...claimsKey, "one", id],
    queryFn: async ({ signal }) =>
      (await callApi(getConsoleClaim, { params: { id }, signal, auth: operatorAuth })).data,
  });

/** One of the three decisions on a claim. */
export type ClaimDecision =
  | { kind: "answer"; message: string }
  | { kind: "refund"; method: RefundChoice; scope: "esim" | "order" }
  | { kind: "refuse"; reason: string };

/** Sends a decision; the claim's page and the list are read again. */
export function useClaimDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ClaimDecision) => {
      const params = { id };
      if (decision.kind === "answer") {
        return (await callApi(answerClaim, { params, body: { message: decision.message }, auth: operatorAuth })).data;
      }
      if (decision.kind === "refund") {
        const body = { method: decision.method, scope: decision.scope };
        return (await callApi(refundClaim, { params, body, auth: operatorAuth })).data;
      }
      return (await callApi(refuseClaim, { params, body: { reason: decision.reason }, auth: operatorAuth })).data;
    },
    onSuccess: (claim) => queryClient.setQueryData(claimQuery(id).queryKey, claim),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
