import {
  exportInvoices,
  getSellerIdentity,
  type SellerIdentityView,
  setSellerIdentity,
} from "@esim/shared/admin/invoicing-contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, fetchEndpointFile } from "../../../lib/api-client.ts";
import { operatorAuth } from "../operator-session.ts";
import { ADMIN_QUERY_KEY } from "./query-keys.ts";

const sellerKey = [...ADMIN_QUERY_KEY, "seller"] as const;

export const sellerIdentityQuery = () =>
  queryOptions({
    queryKey: sellerKey,
    queryFn: ({ signal }) => callApi(getSellerIdentity, { signal, auth: operatorAuth }),
  });

export function useSetSellerIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerIdentityView) => callApi(setSellerIdentity, { body, auth: operatorAuth }),
    onSuccess: (answer) => queryClient.setQueryData(sellerKey, answer),
  });
}

/** The invoices of two Algiers days (both included) as CSV, fetched with the operator's bearer. */
export function fetchInvoicesCsv(range: { from: string; to: string }): Promise<Blob> {
  return fetchEndpointFile(exportInvoices, { query: range, auth: operatorAuth, accept: "text/csv" });
}
