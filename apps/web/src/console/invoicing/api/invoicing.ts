import {
  exportInvoices,
  getCreditNotePdf,
  getSellerIdentity,
  listCreditNotes,
  type SellerIdentityView,
  setSellerIdentity,
} from "@esim/shared/console/invoicing-contract";
import type { Language } from "@esim/shared/locale";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, fetchEndpointFile } from "../../../lib/api-client.ts";
import { CONSOLE_QUERY_KEY } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

const sellerKey = [...CONSOLE_QUERY_KEY, "seller"] as const;

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

/** The credit notes issued between two Algiers days (both included), one page (from 1) at a time. */
export const creditNotesQuery = (range: { from: string; to: string }, page: number) =>
  queryOptions({
    queryKey: [...CONSOLE_QUERY_KEY, "credit-notes", range.from, range.to, page] as const,
    queryFn: ({ signal }) => callApi(listCreditNotes, { query: { ...range, page }, signal, auth: operatorAuth }),
    placeholderData: keepPreviousData,
  });

/** One credit note's PDF in the console's language, fetched with the operator's bearer. */
export function fetchCreditNotePdf(number: string, language: Language): Promise<Blob> {
  return fetchEndpointFile(getCreditNotePdf, {
    params: { number },
    query: { lang: language },
    auth: operatorAuth,
    accept: "application/pdf",
  });
}
