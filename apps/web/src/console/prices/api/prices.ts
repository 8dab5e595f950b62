import { listAuditLog } from "@esim/shared/console/contracts";
import {
  applyPriceSettings,
  getCatalogSyncStatus,
  getPriceSettings,
  listCatalogueDestinationPlans,
  listCatalogueDestinations,
  PRICE_SETTINGS_ENTITY,
  type PriceSettingsChange,
  previewPriceSettings,
  runCatalogSync,
  updateCatalogueDestination,
  updateCataloguePlan,
} from "@esim/shared/console/prices-contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

// The console's prices and catalogue sync (admins only): the settings, a preview, applying it, its history (the
// audit log's price entries) and the catalogue sync.

export const pricesQueryKeys = {
  settings: [...CONSOLE_QUERY_KEY, "prices", "settings"] as const,
  history: [...CONSOLE_QUERY_KEY, "prices", "history"] as const,
  catalogSync: [...CONSOLE_QUERY_KEY, "catalogue", "sync"] as const,
  destinations: [...CONSOLE_QUERY_KEY, "catalogue", "destinations"] as const,
  destinationPlans: (code: string) => [...CONSOLE_QUERY_KEY, "catalogue", "destinations", code, "plans"] as const,
};

/** The latest changes shown under the form. */
export const PRICE_HISTORY_SIZE = 20;

export const priceSettingsQuery = () =>
  queryOptions({
    queryKey: pricesQueryKeys.settings,
    queryFn: async ({ signal }) => (await callApi(getPriceSettings, { signal, auth: operatorAuth })).data,
  });

/** Every change of the price settings, newest first, from the console or `rate:set`. */
export const priceHistoryQuery = () =>
  queryOptions({
    queryKey: pricesQueryKeys.history,
    queryFn: async ({ signal }) =>
      (
        await callApi(listAuditLog, {
          signal,
          auth: operatorAuth,
          query: { entityType: PRICE_SETTINGS_ENTITY, limit: PRICE_HISTORY_SIZE },
        })
      ).data,
  });

/** What a change would do to every plan on sale; changes nothing. */
export function usePreviewPrices() {
  return useMutation({
    mutationFn: async (change: PriceSettingsChange) =>
      (await callApi(previewPriceSettings, { body: change, auth: operatorAuth })).data,
  });
}

/** Applies the previewed change (the same values again change nothing on the server). */
export function useApplyPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PriceSettingsChange) =>
      (await callApi(applyPriceSettings, { body: change, auth: operatorAuth })).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricesQueryKeys.settings }),
        queryClient.invalidateQueries({ queryKey: pricesQueryKeys.history }),
      ]),
  });
}

export const catalogSyncQuery = () =>
  queryOptions({
    queryKey: pricesQueryKeys.catalogSync,
    queryFn: async ({ signal }) => (await callApi(getCatalogSyncStatus, { signal, auth: operatorAuth })).data,
  });

/** Runs a catalogue sync now and answers its outcome (a failure is an outcome, not an error). */
export function useRunCatalogSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(runCatalogSync, { body: {}, auth: operatorAuth })).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pricesQueryKeys.catalogSync }),
        queryClient.invalidateQueries({ queryKey: pricesQueryKeys.destinations }),
      ]),
  });
}

/** Every destination the upstream lists, hidden ones included. */
export const catalogueDestinationsQuery = () =>
  queryOptions({
    queryKey: pricesQueryKeys.destinations,
    queryFn: async ({ signal }) => (await callApi(listCatalogueDestinations, { signal, auth: operatorAuth })).data,
  });

export const catalogueDestinationPlansQuery = (code: string) =>
  queryOptions({
    queryKey: pricesQueryKeys.destinationPlans(code),
    queryFn: async ({ signal }) =>
      (await callApi(listCatalogueDestinationPlans, { signal, auth: operatorAuth, params: { id: code } })).data,
  });

/** Hides or shows a destination, or sets its popularity (null: the default list). */
export function useUpdateDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string; isHidden?: boolean; isPopular?: boolean | null }) => {
      const { code, ...body } = input;
      return (await callApi(updateCatalogueDestination, { body, params: { id: code }, auth: operatorAuth })).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricesQueryKeys.destinations }),
  });
}

/** Hides or shows one plan, or sets its own titles. */
export function useUpdatePlan(destinationCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: string;
      isHidden?: boolean;
      nameOverrides?: { fr: string | null; ar: string | null };
    }) =>
      (
        await callApi(updateCataloguePlan, {
          body: { isHidden: input.isHidden, nameOverrides: input.nameOverrides },
          params: { id: input.id },
          auth: operatorAuth,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricesQueryKeys.destinations }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricesQueryKeys.destinationPlans(destinationCode) }),
  });
}
