import {
  type CustomerDetail,
  getCustomer,
  listCustomers,
  refreshCustomerEsims,
  revokeCustomerSession,
  unblockCustomerPin,
} from "@esim/shared/console/customers-contract";
import { getCustomerStoreCredit, issueCustomerStoreCredit } from "@esim/shared/store-credit/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

export interface CustomersFilter {
  q: string;
  state: "active" | "deleted";
  page: number;
}

export const customersQueryKeys = {
  all: [...CONSOLE_QUERY_KEY, "customers"] as const,
  list: (filter: CustomersFilter) => [...CONSOLE_QUERY_KEY, "customers", "list", filter] as const,
  detail: (id: string) => [...CONSOLE_QUERY_KEY, "customers", "detail", id] as const,
};

/** One page of the search; the previous page stays on screen while the next loads. */
export const customersQuery = (filter: CustomersFilter) =>
  queryOptions({
    queryKey: customersQueryKeys.list(filter),
    queryFn: ({ signal }) =>
      callApi(listCustomers, {
        signal,
        auth: operatorAuth,
        query: { q: filter.q || undefined, state: filter.state, page: filter.page },
      }),
    placeholderData: keepPreviousData,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customersQueryKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi(getCustomer, { signal, auth: operatorAuth, params: { id } })).data,
  });

/** Asks the upstream for the eSIMs' live status and usage, then puts the answer into the customer's page. */
export function useRefreshCustomerEsims(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(refreshCustomerEsims, { params: { id }, auth: operatorAuth })).data,
    onSuccess: (esims) =>
      queryClient.setQueryData<CustomerDetail>(customersQueryKeys.detail(id), (current) =>
        current ? { ...current, esims } : current,
      ),
  });
}

/** Ends one of the customer's sessions, then reads the customer again. */
export function useRevokeCustomerSession(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      callApi(revokeCustomerSession, { params: { id: sessionId }, auth: operatorAuth }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKeys.detail(customerId) }),
  });
}

/** Unblocks the customer's PIN (the PIN itself is kept), then shows the new state. */
export function useUnblockCustomerPin(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callApi(unblockCustomerPin, { params: { id: customerId }, auth: operatorAuth })).data,
    onSuccess: (pin) =>
      queryClient.setQueryData<CustomerDetail>(customersQueryKeys.detail(customerId), (current) =>
        current ? { ...current, pin } : current,
      ),
  });
}

export const customerStoreCreditQueryKey = (id: string) =>
  [...CONSOLE_QUERY_KEY, "customers", "store-credit", id] as const;

/** The customer's store credit: balance (the ledger's) and history, newest first. */
export const customerStoreCreditQuery = (id: string) =>
  queryOptions({
    queryKey: customerStoreCreditQueryKey(id),
    queryFn: async ({ signal }) =>
      (await callApi(getCustomerStoreCredit, { signal, auth: operatorAuth, params: { id } })).data,
  });

/** Gives the customer store credit (admins; audited), then shows the balance and history the server answers. */
export function useIssueCustomerStoreCredit(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { amountDzd: number; reason: string; expiresAt: string | null }) =>
      (await callApi(issueCustomerStoreCredit, { params: { id: customerId }, body, auth: operatorAuth })).data,
    onSuccess: (credit) => queryClient.setQueryData(customerStoreCreditQueryKey(customerId), credit),
  });
}
