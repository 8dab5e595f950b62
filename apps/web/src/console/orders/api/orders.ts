import {
  acceptConsoleOrderHeldPayment,
  type ConsoleOrderDetail,
  cancelConsoleOrderEsim,
  exportConsoleOrders,
  getConsoleOrder,
  type OrderListFilter,
  refuseConsoleOrderHeldPayment,
  resendConsoleOrderInstallEmail,
  retryConsoleOrderProvisioning,
  searchConsoleOrders,
} from "@esim/shared/console/orders-contract";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, fetchEndpointFile } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

// The console's orders: the filtered list and its CSV, one order, and the operator's actions on it (each answers the
// order as it is now).

const ordersKey = [...CONSOLE_QUERY_KEY, "orders"] as const;
export const orderQueryKeys = {
  search: (filter: OrderListFilter, page: number) => [...ordersKey, "search", { ...filter, page }] as const,
  detail: (number: string) => [...ordersKey, "detail", number.toUpperCase()] as const,
};

/** One page of the orders the filter keeps (the newest without one); the previous page stays shown while the next loads. */
export const orderSearchQuery = (filter: OrderListFilter, page: number) =>
  queryOptions({
    queryKey: orderQueryKeys.search(filter, page),
    queryFn: ({ signal }) =>
      callApi(searchConsoleOrders, {
        signal,
        auth: operatorAuth,
        query: { ...filter, ...(page > 1 ? { page } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

/** The orders the filter keeps as a CSV file (admins; the API audits it). */
export function fetchOrdersCsv(filter: OrderListFilter): Promise<Blob> {
  return fetchEndpointFile(exportConsoleOrders, { query: filter, auth: operatorAuth, accept: "text/csv" });
}

/**
 * An order with its timeline, read again while open: every 3 s while paid and waiting for its eSIM (a retried
 * provisioning lands on its own), every 30 s otherwise.
 */
export const orderDetailQuery = (number: string) =>
  queryOptions({
    queryKey: orderQueryKeys.detail(number),
    queryFn: async ({ signal }) =>
      (await callApi(getConsoleOrder, { signal, auth: operatorAuth, params: { number } })).data,
    refetchInterval: (query) => (query.state.data?.status === "confirmed" ? 3_000 : 30_000),
  });

export type OrderAction =
  | { kind: "retry" }
  | { kind: "resend"; requestKey: string }
  | { kind: "cancelEsim"; esimId: string; reason: string }
  | { kind: "acceptHeld"; note: string }
  | { kind: "refuseHeld"; reason: string };

async function runAction(number: string, action: OrderAction): Promise<ConsoleOrderDetail> {
  const params = { number };
  if (action.kind === "retry") {
    return (await callApi(retryConsoleOrderProvisioning, { auth: operatorAuth, params, body: {} })).data;
  }
  if (action.kind === "resend") {
    return (
      await callApi(resendConsoleOrderInstallEmail, {
        auth: operatorAuth,
        params,
        body: { requestKey: action.requestKey },
      })
    ).data;
  }
  if (action.kind === "acceptHeld") {
    return (await callApi(acceptConsoleOrderHeldPayment, { auth: operatorAuth, params, body: { note: action.note } }))
      .data;
  }
  if (action.kind === "refuseHeld") {
    return (
      await callApi(refuseConsoleOrderHeldPayment, { auth: operatorAuth, params, body: { reason: action.reason } })
    ).data;
  }
  return (
    await callApi(cancelConsoleOrderEsim, {
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
