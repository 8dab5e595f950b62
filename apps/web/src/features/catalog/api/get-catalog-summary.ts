import { getCatalogSummary } from "@esim/shared/catalog/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const catalogSummaryQueryKey = ["catalog", "summary"] as const;

/** The numbers behind the marketing lines (destination count, lowest price); public and cacheable. */
export function catalogSummaryQueryOptions() {
  return queryOptions({
    queryKey: catalogSummaryQueryKey,
    queryFn: async ({ signal }) => (await callApi(getCatalogSummary, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useCatalogSummary() {
  return useQuery(catalogSummaryQueryOptions());
}
