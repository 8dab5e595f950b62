import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CancellationDecisionDialog } from "../../components/cancellation-decision-dialog.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";
import { useOrderAction } from "../api/orders.ts";

/**
 * Cancels one unused eSIM of the order at the provider, for the customer (bought for the wrong country, say): the
 * operator's words go to the customer in their language, as for an approval in the queue. A double press sends once.
 */
export function OrderEsimCancel({
  order,
  esim,
  format,
}: {
  order: ConsoleOrderDetail;
  esim: ConsoleOrderDetail["esims"][number];
  format: ConsoleFormatters;
}) {
  const t = useT();
  const action = useOrderAction(order.number);
  const [isOpen, setIsOpen] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const share = Math.round(order.chargeDzdMinor / Math.max(order.quantity, 1));
  return (
    <div className="mt-2 space-y-2">
      {isDone ? <Alert tone="info">{t("console.orders.action.esimCancelled")}</Alert> : null}
      {esim.isCancellable ? (
        <Button
          variant="secondary"
          onClick={() => {
            action.reset();
            setIsDone(false);
            setIsOpen(true);
          }}
        >
          {t("console.orders.action.cancelEsim")}
        </Button>
      ) : null}
      <CancellationDecisionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={
          esim.iccid
            ? t("console.orders.action.cancelEsimTitle", { iccid: esim.iccid })
            : t("console.orders.action.cancelEsimTitleNoIccid")
        }
        effect={t("console.orders.action.cancelEsimEffect", { amount: format.dzd(share) })}
        customerLanguage={order.customer.language}
        isSending={action.isPending}
        error={action.error}
        onConfirm={(reason) => {
          if (action.isPending) return;
          action.mutate(
            { kind: "cancelEsim", esimId: esim.id, reason },
            {
              onSuccess: () => {
                setIsOpen(false);
                setIsDone(true);
              },
            },
          );
        }}
      />
    </div>
  );
}
