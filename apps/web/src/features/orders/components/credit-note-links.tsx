import { formatMoney } from "@esim/shared/money";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DownloadIcon } from "../../../components/ui/icons.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, isolateLtr, useLanguage, useT } from "../../../lib/i18n.ts";
import { useDownloadCreditNote, useOrderCreditNotes } from "../api/credit-notes.ts";

/**
 * "Download the credit note A2026-000001 (PDF)" for each refund of an invoiced order (decision 063); nothing while
 * the order has none.
 */
export function CreditNoteLinks({ orderId, hasInvoice }: { orderId: string; hasInvoice: boolean }) {
  const t = useT();
  const language = useLanguage();
  const creditNotes = useOrderCreditNotes(orderId, { enabled: hasInvoice });
  const download = useDownloadCreditNote();
  if (!creditNotes.data || creditNotes.data.length === 0) return null;
  return (
    <div className="space-y-2">
      {creditNotes.data.map((creditNote) => (
        <Button
          key={creditNote.number}
          variant="secondary"
          fullWidth
          className="gap-2"
          isLoading={download.isPending && download.variables?.number === creditNote.number}
          onClick={() => download.mutate({ orderId, number: creditNote.number, language })}
        >
          <DownloadIcon className="size-5" />
          <span>
            {t("creditNote.download", {
              number: isolateLtr(creditNote.number),
              amount: isolate(formatMoney(creditNote.amountTtcDzdMinor, "DZD")),
            })}
          </span>
        </Button>
      ))}
      {download.error ? <Alert>{t(errorMessageId(download.error))}</Alert> : null}
    </div>
  );
}
