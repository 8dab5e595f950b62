import { listOrders } from "@esim/shared/orders/contracts";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const ORDERS_QUERY_KEY = ["orders"] as const;

/** `GET /orders`: the caller's orders, newest first. */
export function useOrders() {
  return useQuery({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: async ({ signal }) => (await callApi(listOrders, { signal })).data,
    staleTime: 0,
  });
}
