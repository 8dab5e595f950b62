import type { AutoTopUpSettings } from "@esim/shared/auto-top-up/contracts";
import { getAutoTopUp, saveAutoTopUp, topUpFromCredit } from "@esim/shared/auto-top-up/contracts";
import { getQuote } from "@esim/shared/checkout/contracts";
import { listEsimTopUps } from "@esim/shared/esims/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

const autoTopUpKey = (esimId: string) => ["esims", esimId, "auto-top-up"] as const;

/** `GET /esims/:id/top-ups`: the plans this eSIM takes (the same list as its top-up offers). */
export function useTopUpPlans(esimId: string) {
  return useQuery({
    queryKey: ["esims", esimId, "topups"] as const,
    queryFn: async ({ signal }) => (await callApi(listEsimTopUps, { params: { id: esimId }, signal })).data,
  });
}

/** `POST /checkout/quote`: what the top-up costs in DZD, the credit, and what the credit leaves for a card. */
export function useCreditQuote(esimId: string, packageId: string | null) {
  return useQuery({
    queryKey: ["esims", esimId, "credit-quote", packageId] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi(getQuote, {
          body: { packageId: packageId ?? "", quantity: 1, currency: "DZD", topUpOf: esimId, useStoreCredit: true },
          signal,
        })
      ).data.quote,
    enabled: packageId !== null,
    staleTime: 0,
  });
}

/** `POST /esims/:id/top-up-from-credit`: the top-up paid from credit, no gateway; the eSIM is read again after it. */
export function useTopUpFromCredit(esimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { packageId: string; clientReference: string }) =>
      (await callApi(topUpFromCredit, { params: { id: esimId }, body: { ...body, termsAccepted: true } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["esims", esimId] }),
  });
}

/** `GET /esims/:id/auto-top-up`: the eSIM's auto top-up settings and this month's count. */
export function useAutoTopUp(esimId: string) {
  return useQuery({
    queryKey: autoTopUpKey(esimId),
    queryFn: async ({ signal }) => (await callApi(getAutoTopUp, { params: { id: esimId }, signal })).data,
  });
}

/** `PUT /esims/:id/auto-top-up`. */
export function useSaveAutoTopUp(esimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AutoTopUpSettings) =>
      (await callApi(saveAutoTopUp, { params: { id: esimId }, body: settings })).data,
    onSuccess: (data) => queryClient.setQueryData(autoTopUpKey(esimId), data),
  });
}
