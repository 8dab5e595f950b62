import type { AdminOrderDetail } from "@esim/shared/admin/orders-contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { type MessageId, useT } from "../../../lib/i18n.ts";
import { type OrderAction, useOrderAction } from "../api/orders.ts";

type Dialog = "retry" | "resend" | null;

const DONE: Record<OrderAction["kind"], MessageId> = {
  retry: "admin.orders.action.retried",
  resend: "admin.orders.action.resent",
  cancelEsim: "admin.orders.action.esimCancelled",
};

/**
 * The operator's actions the order's status allows, each behind a confirmation (refunds have their own panel,
 * order-refunds-panel.tsx). Each confirmation draws its own request key, so a double click acts once.
 */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const t = useT();
  const action = useOrderAction(order.number);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<OrderAction["kind"] | null>(null);

  const open = (next: Exclude<Dialog, null>) => {
    action.reset();
    setDone(null);
    setRequestKey(crypto.randomUUID());
    setDialog(next);
  };

  const run = (next: OrderAction) => {
    if (action.isPending) return;
    action.mutate(next, {
      onSuccess: () => {
        setDialog(null);
        setDone(next.kind);
      },
    });
  };

  const { canRetryProvisioning, canResendInstallEmail } = order.actions;
  const error = action.error ? <Alert>{t(errorMessageId(action.error))}</Alert> : null;

  return (
    <div className="space-y-3">
      {done ? <Alert tone="info">{t(DONE[done])}</Alert> : null}
      {dialog === null ? error : null}
      {canRetryProvisioning || canResendInstallEmail ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canRetryProvisioning ? (
            <Button onClick={() => open("retry")}>{t("admin.orders.action.retry")}</Button>
          ) : null}
          {canResendInstallEmail ? (
            <Button variant="secondary" onClick={() => open("resend")}>
              {t("admin.orders.action.resend")}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("admin.orders.action.none")}</p>
      )}

      <ConfirmModal
        open={dialog === "retry"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "retry" : null)}
        title={t("admin.orders.action.retryTitle")}
        message={t("admin.orders.action.retryMessage", { number: order.number })}
        confirmLabel={t("admin.orders.action.retry")}
        isConfirming={action.isPending}
        onConfirm={() => run({ kind: "retry" })}
      >
        {error}
      </ConfirmModal>

      <ConfirmModal
        open={dialog === "resend"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "resend" : null)}
        title={t("admin.orders.action.resendTitle")}
        message={t("admin.orders.action.resendMessage", { email: order.customer.email })}
        confirmLabel={t("admin.orders.action.resend")}
        isConfirming={action.isPending}
        onConfirm={() => run({ kind: "resend", requestKey })}
      >
        {error}
      </ConfirmModal>
    </div>
  );
}
