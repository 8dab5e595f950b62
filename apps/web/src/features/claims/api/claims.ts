import { listEsimClaims, type OpenClaimBody, openClaim, replyToClaim } from "@esim/shared/claims/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";

export const esimClaimsQueryKey = (esimId: string) => ["esims", esimId, "claims"] as const;

/** `GET /esims/:id/claims`: the guided check's facts (APN, the plan's networks) and the eSIM's claims. */
export function useEsimClaims(esimId: string) {
  return useQuery({
    queryKey: esimClaimsQueryKey(esimId),
    queryFn: async ({ signal }) => (await callApi(listEsimClaims, { params: { id: esimId }, signal })).data,
  });
}

/** `POST /esims/:id/claims`: files the claim; the list then shows it. */
export function useOpenClaim(esimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OpenClaimBody) => (await callApi(openClaim, { params: { id: esimId }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: esimClaimsQueryKey(esimId) }),
  });
}

/** `POST /claims/:id/messages`: the traveller writes again on an open claim. */
export function useReplyToClaim(esimId: string, claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await callApi(replyToClaim, { params: { id: claimId }, body: { message } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: esimClaimsQueryKey(esimId) }),
  });
}
