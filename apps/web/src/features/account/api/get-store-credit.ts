import { getStoreCredit } from "@esim/shared/store-credit/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const storeCreditQueryKey = ["account", "store-credit"] as const;

/** `GET /account/store-credit`: the balance (the ledger's) and its history, newest first. */
export function storeCreditQueryOptions() {
  return queryOptions({
    queryKey: storeCreditQueryKey,
    queryFn: async ({ signal }) => (await callApi(getStoreCredit, { signal })).data,
    staleTime: 0,
  });
}

export function useStoreCredit() {
  return useQuery(storeCreditQueryOptions());
}
