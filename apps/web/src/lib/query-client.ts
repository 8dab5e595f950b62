import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** How long a fetched answer is taken as current before a screen asks again. */
export const QUERY_STALE_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: offline, a query still asks once, so the service worker can answer from its copy
      // (docs/decisions/015-pwa-offline.md); the default would wait for the network and show a spinner.
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false },
    },
  });
}
