import type { Language } from "@esim/shared/locale";
import { useMutation } from "@tanstack/react-query";
import { fetchApiFile } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

/**
 * `GET /orders/:id/invoice`: the paid order's invoice PDF in the screen's language, saved as `<order number>.pdf`.
 * In the apps the mutation stays pending while the share sheet is open, so a second press cannot open another.
 */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (input: { orderId: string; orderNumber: string; language: Language }) => {
      const pdf = await fetchApiFile(
        `/orders/${encodeURIComponent(input.orderId)}/invoice?lang=${encodeURIComponent(input.language)}`,
      );
      await saveFile(pdf, `${input.orderNumber}.pdf`);
    },
  });
}
