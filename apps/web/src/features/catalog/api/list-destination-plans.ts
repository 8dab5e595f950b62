import { listDestinationPlans } from "@esim/shared/catalog/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const destinationPlansQueryKey = (code: string, days: number | undefined) =>
  ["catalog", "plans", code, days ?? "all"] as const;

/** `GET /destinations/:code/packages?days=`: the destination, the durations on sale and the plans. */
export function destinationPlansQueryOptions(code: string, days?: number) {
  return queryOptions({
    queryKey: destinationPlansQueryKey(code, days),
    queryFn: async ({ signal }) =>
      (await callApi(listDestinationPlans, { params: { code }, query: { days }, signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useDestinationPlans(code: string, days?: number) {
  // Another duration of the same destination keeps the current plans on screen while it loads.
  return useQuery({
    ...destinationPlansQueryOptions(code, days),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === code ? keepPreviousData(previous) : undefined,
  });
}
