import { listDestinationPlans } from "@esim/shared/catalog/contracts";
import {
  blockConsoleCoupon,
  type CreateCouponInput,
  createConsoleCoupon,
  listConsoleCoupons,
  type UpdateCouponInput,
  updateConsoleCoupon,
} from "@esim/shared/console/coupons-contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

/** Below the console's key, so signing out drops the list with the rest. */
export const couponsQueryKey = [...CONSOLE_QUERY_KEY, "coupons"] as const;

/** Every coupon, newest first, with its uses and revenue. */
export const consoleCouponsQuery = () =>
  queryOptions({
    queryKey: couponsQueryKey,
    queryFn: async ({ signal }) => (await callApi(listConsoleCoupons, { signal, auth: operatorAuth })).data,
  });

function useCouponMutation<Input>(call: (input: Input) => Promise<{ data: { code: string } }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}

export function useCreateCoupon() {
  return useCouponMutation((body: CreateCouponInput) => callApi(createConsoleCoupon, { body, auth: operatorAuth }));
}

export function useUpdateCoupon() {
  return useCouponMutation(({ id, body }: { id: string; body: UpdateCouponInput }) =>
    callApi(updateConsoleCoupon, { params: { id }, body, auth: operatorAuth }),
  );
}

export function useBlockCoupon() {
  return useCouponMutation((id: string) => callApi(blockConsoleCoupon, { params: { id }, auth: operatorAuth }));
}

/** A destination's plans on sale, from the public catalogue: what a coupon may be limited to. */
export const couponPlanChoicesQuery = (destinationCode: string) =>
  queryOptions({
    queryKey: [...couponsQueryKey, "plans", destinationCode] as const,
    queryFn: async ({ signal }) =>
      (await callApi(listDestinationPlans, { params: { code: destinationCode }, signal, auth: operatorAuth })).data,
    enabled: destinationCode.length >= 2,
    retry: false,
  });
