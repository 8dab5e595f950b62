import { getCheckoutOptions } from "@esim/shared/checkout/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const checkoutOptionsQueryKey = ["checkout", "options"] as const;

/** `GET /checkout/options`: the payment methods the configured gateway offers, the billing countries. */
export function checkoutOptionsQueryOptions() {
  return queryOptions({
    queryKey: checkoutOptionsQueryKey,
    queryFn: async ({ signal }) => (await callApi(getCheckoutOptions, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useCheckoutOptions() {
  return useQuery(checkoutOptionsQueryOptions());
}
