import {
  getReferralSettings,
  listReferrals,
  type ReferralSettings,
  updateReferralSettings,
} from "@esim/shared/referrals/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

// The console's referrals (decision 079): the settings (admins change them, audited) and the latest referrals.

export const referralsQueryKeys = {
  settings: [...CONSOLE_QUERY_KEY, "referrals", "settings"] as const,
  list: [...CONSOLE_QUERY_KEY, "referrals", "list"] as const,
};

export const referralSettingsQuery = () =>
  queryOptions({
    queryKey: referralsQueryKeys.settings,
    queryFn: async ({ signal }) => (await callApi(getReferralSettings, { signal, auth: operatorAuth })).data,
  });

export const referralsListQuery = () =>
  queryOptions({
    queryKey: referralsQueryKeys.list,
    queryFn: async ({ signal }) => (await callApi(listReferrals, { signal, auth: operatorAuth })).data,
  });

export type ReferralSettingsChange = Omit<ReferralSettings, "updatedAt">;

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ReferralSettingsChange) =>
      (await callApi(updateReferralSettings, { body: change, auth: operatorAuth })).data,
    onSuccess: (settings) => queryClient.setQueryData(referralsQueryKeys.settings, settings),
  });
}
