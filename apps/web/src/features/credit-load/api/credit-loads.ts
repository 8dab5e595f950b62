import {
  createCreditLoad,
  getCreditLoad,
  getCreditLoadQuote,
  listCreditLoads,
} from "@esim/shared/credit-loads/contracts";
import type { EndpointBody } from "@esim/shared/http";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export type CreateCreditLoadBody = EndpointBody<typeof createCreditLoad>;

/** While a load is pending, its return page asks the server again this often (the server asks the gateway). */
export const CREDIT_LOAD_REFRESH_MS = 3000;

export const creditLoadQueryKey = (loadId: string) => ["credit-loads", loadId] as const;

/** `POST /credit-loads`: the load and where to pay. Idempotent on `clientReference`: a retry answers the same load. */
export function useCreateCreditLoad() {
  return useMutation({
    mutationFn: async (body: CreateCreditLoadBody) => (await callApi(createCreditLoad, { body })).data,
  });
}

/** `GET /credit-loads/:loadId`: the load as the server knows it (never the redirect's word) and the balance after it. */
export function creditLoadQueryOptions(loadId: string) {
  return queryOptions({
    queryKey: creditLoadQueryKey(loadId),
    queryFn: async ({ signal }) => (await callApi(getCreditLoad, { params: { loadId }, signal })).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.load.status === "pending" ? CREDIT_LOAD_REFRESH_MS : false),
  });
}

export function useCreditLoad(loadId: string) {
  return useQuery(creditLoadQueryOptions(loadId));
}

/** `GET /credit-loads`: the caller's paid loads with their receipt numbers, the latest first. */
export function useCreditLoadReceipts() {
  return useQuery({
    queryKey: ["credit-loads", "receipts"],
    queryFn: async ({ signal }) => (await callApi(listCreditLoads, { signal })).data,
  });
}

/** `GET /credit-loads/quote`: what a load of this amount costs the payer (the gateway's fee share included). */
export function useCreditLoadQuote(amountDzd: number | null) {
  return useQuery({
    queryKey: ["credit-loads", "quote", amountDzd],
    queryFn: async ({ signal }) =>
      (await callApi(getCreditLoadQuote, { query: { amountDzd: amountDzd ?? 0 }, signal })).data,
    enabled: amountDzd !== null,
    staleTime: 5 * 60_000,
  });
}
