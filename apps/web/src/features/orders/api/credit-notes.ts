import { getOrderCreditNotePdf, listOrderCreditNotes } from "@esim/shared/invoices/credit-notes-contract";
import type { Language } from "@esim/shared/locale";
import { useMutation, useQuery } from "@tanstack/react-query";
import { callApi, fetchEndpointFile } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** `GET /orders/:id/credit-notes`: the credit notes (avoirs) of one of the caller's orders, oldest first. */
export function useOrderCreditNotes(orderId: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ["orders", orderId, "credit-notes"] as const,
    queryFn: async ({ signal }) => (await callApi(listOrderCreditNotes, { params: { id: orderId }, signal })).data,
    enabled: options.enabled,
  });
}

/** One credit note's PDF in the screen's language, saved as `<credit note number>.pdf`. */
export function useDownloadCreditNote() {
  return useMutation({
    mutationFn: async (input: { orderId: string; number: string; language: Language }) => {
      const pdf = await fetchEndpointFile(getOrderCreditNotePdf, {
        params: { id: input.orderId, number: input.number },
        query: { lang: input.language },
        accept: "application/pdf",
      });
      await saveFile(pdf, `${input.number}.pdf`);
    },
  });
}
