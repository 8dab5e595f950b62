import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DownloadIcon } from "../../../components/ui/icons.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useLanguage, useT } from "../../../lib/i18n.ts";
import { useDownloadInvoice } from "../api/download-invoice.ts";

/** "Download the invoice (PDF)" of a paid order; a failure says why under the button. */
export function InvoiceButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const t = useT();
  const language = useLanguage();
  const download = useDownloadInvoice();
  return (
    <div>
      <Button
        variant="secondary"
        fullWidth
        className="gap-2"
        isLoading={download.isPending}
        onClick={() => download.mutate({ orderId, orderNumber, language })}
      >
        {download.isPending ? null : <DownloadIcon className="size-5" />}
        {t("invoice.download")}
      </Button>
      {download.error ? (
        <div className="mt-2">
          <Alert>{t(errorMessageId(download.error))}</Alert>
        </div>
      ) : null}
    </div>
  );
}
