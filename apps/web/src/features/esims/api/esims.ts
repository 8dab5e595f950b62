import {
  getEsim,
  getPinStatus,
  listEsims,
  listEsimTopUps,
  requestCancellation,
  requestPinReset,
  resetPin,
  revealInstallDetails,
  setPin,
} from "@esim/shared/esims/contracts";
import type { EndpointResponse } from "@esim/shared/http";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { readLastEsimsView } from "../../../lib/last-esims-view.ts";
import { QUERY_STALE_TIME_MS } from "../../../lib/query-client.ts";

export type PinStatus = EndpointResponse<typeof getPinStatus>["data"];
export type InstallDetails = EndpointResponse<typeof revealInstallDetails>["data"];

export const ESIMS_QUERY_KEY = ["esims"] as const;
export const esimQueryKey = (id: string) => ["esims", id] as const;
export const PIN_STATUS_QUERY_KEY = ["profile", "pin"] as const;

/**
 * `GET /esims`: the caller's eSIMs, already split into available and expired by the API. Until the first answer, the
 * list this device last showed (decision 092), as of when it was fetched, and always refreshed at once however young:
 * an eSIM's state may have moved since. `isFetched` false tells that list from a fetched one.
 */
export function useEsims() {
  return useQuery({
    queryKey: ESIMS_QUERY_KEY,
    queryFn: async ({ signal }) => (await callApi(listEsims, { signal })).data,
    initialData: () => readLastEsimsView()?.data,
    initialDataUpdatedAt: () => readLastEsimsView()?.savedAt,
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? 0 : QUERY_STALE_TIME_MS),
  });
}

export function esimQueryOptions(id: string) {
  return queryOptions({
    queryKey: esimQueryKey(id),
    queryFn: async ({ signal }) => (await callApi(getEsim, { params: { id }, signal })).data,
  });
}

/** `GET /esims/:id`: one of the caller's eSIMs with its bundles. */
export function useEsim(id: string) {
  return useQuery(esimQueryOptions(id));
}

/** `GET /esims/:id/topups`: the top-up plans this eSIM takes (empty when it takes none). */
export function useEsimTopUps(id: string) {
  return useQuery({
    queryKey: [...esimQueryKey(id), "topups"] as const,
    queryFn: async ({ signal }) => (await callApi(listEsimTopUps, { params: { id }, signal })).data,
  });
}

/** `POST /esims/:id/cancellation`: asks to cancel an unused eSIM; the eSIM's answer then shows the request. */
export function useRequestCancellation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await callApi(requestCancellation, { params: { id }, body: reason.trim() ? { reason: reason.trim() } : {} }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: esimQueryKey(id) }),
  });
}

/** `GET /profile/pin`: set or not, blocked or not, attempts left (counted on the server). */
export function usePinStatus() {
  return useQuery({
    queryKey: PIN_STATUS_QUERY_KEY,
    queryFn: async ({ signal }) => (await callApi(getPinStatus, { signal })).data,
    staleTime: 0,
  });
}

/** `PUT /profile/pin`: the first PIN, entered twice in the app. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pin: string) => (await callApi(setPin, { body: { pin } })).data,
    onSuccess: (status) => queryClient.setQueryData(PIN_STATUS_QUERY_KEY, status),
  });
}

/** `POST /esims/:id/install`: the install secrets, only with the right PIN. Never cached. */
export function useRevealInstallDetails(id: string) {
  return useMutation({
    mutationFn: async (pin: string) => (await callApi(revealInstallDetails, { params: { id }, body: { pin } })).data,
  });
}

/** `POST /profile/pin/reset/code`: emails a code to reset the PIN. */
export function useRequestPinReset() {
  return useMutation({
    mutationFn: async () => (await callApi(requestPinReset, {})).data,
  });
}

/** `POST /profile/pin/reset`: a new PIN with the emailed code (unblocks it too). */
export function useResetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string; pin: string }) => (await callApi(resetPin, { body: input })).data,
    onSuccess: (status) => queryClient.setQueryData(PIN_STATUS_QUERY_KEY, status),
  });
}
