import { getOrder } from "@esim/shared/orders/contracts";
import type { OrderStatus } from "@esim/shared/statuses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

/** While the order is being paid or prepared, its status page asks again this often. */
export const ORDER_REFRESH_MS = 5000;

const IN_PROGRESS: ReadonlySet<OrderStatus> = new Set(["not_paid", "pending", "confirmed"]);

export const orderQueryKey = (id: string) => ["orders", id] as const;

/** `GET /orders/:id` (id or number): one of the caller's orders. */
export function orderQueryOptions(id: string, options: { isFollowing?: boolean } = {}) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: async ({ signal }) => (await callApi(getOrder, { params: { id }, signal })).data,
    staleTime: 0,
    refetchInterval: options.isFollowing
      ? (query) => (query.state.data && IN_PROGRESS.has(query.state.data.status) ? ORDER_REFRESH_MS : false)
      : false,
  });
}

export function useOrder(id: string | null, options: { isFollowing?: boolean; enabled?: boolean } = {}) {
  return useQuery({ ...orderQueryOptions(id ?? "", options), enabled: id !== null && (options.enabled ?? true) });
}
