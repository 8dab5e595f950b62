import { listEsimTopUps } from "@esim/shared/esims/contracts";
import type { EndpointBody } from "@esim/shared/http";
import { createPayLink, listPayLinks, revokePayLink } from "@esim/shared/pay-links/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { readPayLinkAddresses, rememberPayLinkAddress } from "../../../lib/storage.ts";

export type CreatePayLinkBody = EndpointBody<typeof createPayLink>;

export const payLinksQueryKey = ["pay-links"] as const;

/** `GET /pay-links`: the caller's links, newest first, each with its state as of now. */
export function usePayLinks(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: payLinksQueryKey,
    queryFn: async ({ signal }) => (await callApi(listPayLinks, { signal })).data,
    enabled: options.enabled ?? true,
  });
}

const payLinkAddressesQueryKey = ["pay-link-addresses"] as const;

/** The addresses of the links made on this device, by link id: the server answers each only once (decision 077). */
export function usePayLinkAddresses() {
  return useQuery({
    queryKey: payLinkAddressesQueryKey,
    queryFn: readPayLinkAddresses,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `POST /pay-links`: a link and its address (answered once, kept on this device to share again). Idempotent on
 * `clientReference`.
 */
export function useCreatePayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePayLinkBody) => {
      const made = (await callApi(createPayLink, { body })).data;
      await rememberPayLinkAddress(made.link.id, made.url);
      return made;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payLinksQueryKey }),
        queryClient.invalidateQueries({ queryKey: payLinkAddressesQueryKey }),
      ]),
  });
}

/** `POST /pay-links/:linkId/revoke`: the link can no longer be paid. */
export function useRevokePayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) => (await callApi(revokePayLink, { params: { linkId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payLinksQueryKey }),
  });
}

/** `GET /esims/:id/topups`: the top-ups a relative may pay for this eSIM (the same list the eSIM's offers show). */
export function usePayableTopUps(esimId: string | null) {
  return useQuery({
    queryKey: ["esims", esimId, "topups"] as const,
    queryFn: async ({ signal }) => (await callApi(listEsimTopUps, { params: { id: esimId ?? "" }, signal })).data,
    enabled: esimId !== null,
  });
}
