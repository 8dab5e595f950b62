import { searchDestinations } from "@esim/shared/catalog/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export type DestinationType = "country" | "region";

export const destinationsQueryKey = (q: string, type: DestinationType | undefined) =>
  ["catalog", "destinations", { q, type: type ?? "all" }] as const;

/** `GET /destinations?q=&type=`: destinations matching a name in any language or an ISO code. */
export function searchDestinationsQueryOptions(q: string, type?: DestinationType) {
  return queryOptions({
    queryKey: destinationsQueryKey(q, type),
    queryFn: async ({ signal }) =>
      (await callApi(searchDestinations, { query: { q: q === "" ? undefined : q, type }, signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useSearchDestinations(q: string, type?: DestinationType, options: { enabled?: boolean } = {}) {
  // The previous results stay on screen while the next ones load: no flicker as the user types.
  return useQuery({
    ...searchDestinationsQueryOptions(q.trim(), type),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
