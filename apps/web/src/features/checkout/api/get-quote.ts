import { getQuote } from "@esim/shared/checkout/contracts";
import type { Currency } from "@esim/shared/locale";
import type { ReferralInput } from "@esim/shared/referrals/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export interface QuoteInput {
  packageId: string;
  quantity: number;
  currency: Currency;
  couponCode?: string;
  /** A top-up of this eSIM. */
  topUpOf?: string;
  /** False: keep the store credit for later (absent: spend it first). */
  useStoreCredit?: boolean;
  /** A friend's invite kept on the device (decision 079). */
  referral?: ReferralInput;
}

/** The prefix of every quote's key. */
export const QUOTES_QUERY_KEY = ["checkout", "quote"] as const;

export const quoteQueryKey = (input: QuoteInput) =>
  [
    ...QUOTES_QUERY_KEY,
    input.packageId,
    input.quantity,
    input.currency,
    input.couponCode ?? null,
    input.topUpOf ?? null,
    input.useStoreCredit !== false,
    input.referral?.code ?? null,
  ] as const;

/** `POST /checkout/quote`: the cart's prices as the server computes them (never computed here). */
export function quoteQueryOptions(input: QuoteInput) {
  return queryOptions({
    queryKey: quoteQueryKey(input),
    queryFn: async ({ signal }) =>
      (
        await callApi(getQuote, {
          body: {
            packageId: input.packageId,
            quantity: input.quantity,
            currency: input.currency,
            ...(input.couponCode ? { couponCode: input.couponCode } : {}),
            ...(input.topUpOf ? { topUpOf: input.topUpOf } : {}),
            ...(input.useStoreCredit === false ? { useStoreCredit: false } : {}),
            ...(input.referral ? { referral: input.referral } : {}),
          },
          signal,
        })
      ).data,
    staleTime: 30_000,
  });
}

export function useQuote(input: QuoteInput | null) {
  return useQuery({
    ...quoteQueryOptions(input ?? { packageId: "", quantity: 1, currency: "DZD" }),
    enabled: input !== null,
    // A new quantity keeps the previous totals on screen (marked busy) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
