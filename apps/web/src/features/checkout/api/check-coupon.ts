import { checkCoupon } from "@esim/shared/checkout/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { type QuoteInput, quoteQueryKey } from "./get-quote.ts";

/** `POST /coupons/check`: the quote with the code applied, or the coupon's own error code. */
export function useCheckCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QuoteInput & { code: string }) =>
      (
        await callApi(checkCoupon, {
          body: {
            packageId: input.packageId,
            quantity: input.quantity,
            currency: input.currency,
            code: input.code,
            ...(input.topUpOf ? { topUpOf: input.topUpOf } : {}),
            // The friend's invite too: the quote it answers (and the cart caches) is the one the order will get.
            ...(input.referral ? { referral: input.referral } : {}),
          },
        })
      ).data,
    // The answer is the quote with the coupon: the cart shows it without asking again.
    onSuccess: (data, input) => {
      queryClient.setQueryData(quoteQueryKey({ ...input, couponCode: data.quote.coupon?.code ?? input.code }), data);
    },
  });
}
