import {
  type AdminOrderDetail,
  acceptAdminOrderHeldPayment,
  cancelAdminOrderEsim,
  getAdminOrder,
  refuseAdminOrderHeldPayment,
  resendAdminOrderInstallEmail,
  retryAdminOrderProvisioning,
  searchAdminOrders,
} from "@esim/shared/admin/orders-contract";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { ADMIN_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

// The console's orders: search, one order, and the operator's actions on it (each answers the order as it is now).

const ordersKey = [...ADMIN_QUERY_KEY, "orders"] as const;
export const orderQueryKeys = {
  search: (q: string, page: number) => [...ordersKey, "search", { q, page }] as const,
  detail: (number: string) => [...ordersKey, "detail", number.toUpperCase()] as const,
};

/** One page of the orders matching `q` (the newest without it); the previous page stays shown while the next loads. */
export const orderSearchQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: orderQueryKeys.search(q, page),
    queryFn: ({ signal }) =>
      callApi(searchAdminOrders, {
        signal,
        auth: operatorAuth,
        query: { ...(q.trim() ? { q: q.trim() } : {}), ...(page > 1 ? { page } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * An order with its timeline, read again while open: every 3 s while paid and waiting for its eSIM (a retried
 * provisioning lands on its own), every 30 s otherwise.
 */
export const orderDetailQuery = (number: string) =>
  queryOptions({
    queryKey: orderQueryKeys.detail(number),
    queryFn: async ({ signal }) =>
      (await callApi(getAdminOrder, { signal, auth: operatorAuth, params: { number } })).data,
    refetchInterval: (query) => (query.state.data?.status === "confirmed" ? 3_000 : 30_000),
  });

export type OrderAction =
  | { kind: "retry" }
  | { kind: "resend"; requestKey: string }
  | { kind: "cancelEsim"; esimId: string; reason: string }
  | { kind: "acceptHeld"; note: string }
  | { kind: "refuseHeld"; reason: string };

async function runAction(number: string, action: OrderAction): Promise<AdminOrderDetail> {
  const params = { number };
  if (action.kind === "retry") {
    return (await callApi(retryAdminOrderProvisioning, { auth: operatorAuth, params, body: {} })).data;
  }
  if (action.kind === "resend") {
    return (
      await callApi(resendAdminOrderInstallEmail, {
        auth: operatorAuth,
        params,
        body: { requestKey: action.requestKey },
      })
    ).data;
  }
  if (action.kind === "acceptHeld") {
    return (await callApi(acceptAdminOrderHeldPayment, { auth: operatorAuth, params, body: { note: action.note } }))
      .data;
  }
  if (action.kind === "refuseHeld") {
    return (await callApi(refuseAdminOrderHeldPayment, { auth: operatorAuth, params, body: { reason: action.reason } }))
      .data;
  }
  return (
    await callApi(cancelAdminOrderEsim, {
      auth: operatorAuth,
      params: { ...params, esimId: action.esimId },
      body: { reason: action.reason },
    })
  ).data;
}

/** Runs one action on the order; its answer replaces the order shown, and the searches are read again. */
export function useOrderAction(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => runAction(number, action),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderQueryKeys.detail(number), detail);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, "search"] });
    },
  });
}
