import { getInviteLanding } from "@esim/shared/referrals/contracts";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

/** `GET /referrals/:code` (public): who invites and the friend's discount; an error (unknown code, off) shows nothing. */
export function useInviteLanding(code: string | null) {
  return useQuery({
    queryKey: ["referral", "landing", code],
    queryFn: async ({ signal }) => (await callApi(getInviteLanding, { params: { code: code ?? "" }, signal })).data,
    enabled: code !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
