import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolateLtr, useT } from "../../../lib/i18n.ts";
import { useCancelOrder } from "../api/cancel-order.ts";

/**
 * An order awaiting payment is never a dead end (the gateway's tab closed, its checkout expired): pay it now, or
 * cancel it after a confirmation, which frees its promo code at once. `onPayNow` opens the payment flow (the route
 * owns it: the same modal and payment window as the summary).
 */
export function UnpaidOrderActions({
  order,
  queryId,
  onPayNow,
}: {
  order: Pick<OrderSummary, "couponCode">;
  /** The id or number the order was read with (its query's key). */
  queryId: string;
  onPayNow: () => void;
}) {
  const t = useT();
  const [isConfirming, setIsConfirming] = useState(false);
  const cancel = useCancelOrder(queryId);
  const confirmMessage = order.couponCode
    ? `${t("status.cancelConfirmMessage")} ${t("status.cancelConfirmCoupon", { code: isolateLtr(order.couponCode) })}`
    : t("status.cancelConfirmMessage");
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("status.awaitingPaymentHint")}</p>
      {cancel.isError ? <Alert>{t(errorMessageId(cancel.error))}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onPayNow}>{t("status.payNow")}</Button>
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          {t("status.cancelOrder")}
        </Button>
      </div>
      <Modal
        open={isConfirming}
        onOpenChange={(open) => {
          if (!cancel.isPending) setIsConfirming(open);
        }}
        type="warning"
        title={t("status.cancelConfirmTitle")}
        message={confirmMessage}
        primaryAction={{
          label: t("status.cancelConfirm"),
          variant: "danger",
          isLoading: cancel.isPending,
          onClick: () => cancel.mutate(undefined, { onSettled: () => setIsConfirming(false) }),
        }}
        secondaryAction={{ label: t("status.keepOrder"), onClick: () => setIsConfirming(false) }}
      />
    </div>
  );
}
