import { getPayment } from "@esim/shared/payments/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { resultPathOf } from "../payment-result-path.ts";

/** While the payment is pending (and its order not past payment), the callback page asks again this often. */
export const PAYMENT_REFRESH_MS = 3000;

export const paymentQueryKey = (paymentId: string) => ["payments", paymentId] as const;

/** `GET /payments/:paymentId`: the payment's state as the server knows it (never the redirect's word). */
export function paymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: paymentQueryKey(paymentId),
    queryFn: async ({ signal }) => (await callApi(getPayment, { params: { paymentId }, signal })).data,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && resultPathOf(query.state.data) === "/payment-callback" ? PAYMENT_REFRESH_MS : false,
    // The popup sits in front of this window: keep asking even when the page is hidden.
    refetchIntervalInBackground: true,
  });
}

export function usePayment(paymentId: string | null) {
  return useQuery({ ...paymentQueryOptions(paymentId ?? ""), enabled: paymentId !== null });
}
