import { getSupportConfig } from "@esim/shared/support/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const supportConfigQueryKey = ["support", "config"] as const;

/** `GET /support/config`: the support email and the live chat's public settings (null without a chat). */
export function supportConfigQueryOptions() {
  return queryOptions({
    queryKey: supportConfigQueryKey,
    queryFn: async ({ signal }) => (await callApi(getSupportConfig, { signal })).data,
    // Server configuration: it changes with a deploy, not while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSupportConfig() {
  return useQuery(supportConfigQueryOptions());
}
