import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { CancellationDecisionDialog } from "../../components/cancellation-decision-dialog.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { type MessageId, useT } from "../../lib/i18n.ts";
import { type OrderAction, useOrderAction } from "../api/orders.ts";

type Dialog = "retry" | "resend" | "acceptHeld" | "refuseHeld" | null;

const DONE: Record<OrderAction["kind"], MessageId> = {
  retry: "console.orders.action.retried",
  resend: "console.orders.action.resent",
  cancelEsim: "console.orders.action.esimCancelled",
  acceptHeld: "console.orders.action.heldAccepted",
  refuseHeld: "console.orders.action.heldRefused",
};

/**
 * The operator's actions the order's status allows, each behind a confirmation (refunds have their own panel,
 * order-refunds-panel.tsx); a held payment is accepted by an admin only (decision 067). Each confirmation draws its
 * own request key, so a double click acts once (a held payment's decision is idempotent on the server).
 */
export function OrderActions({
  order,
  isAdmin,
  format,
}: {
  order: ConsoleOrderDetail;
  isAdmin: boolean;
  format: ConsoleFormatters;
}) {
  const t = useT();
  const action = useOrderAction(order.number);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<OrderAction["kind"] | null>(null);
  const [note, setNote] = useState("");

  const open = (next: Exclude<Dialog, null>) => {
    action.reset();
    setDone(null);
    setRequestKey(crypto.randomUUID());
    if (next === "acceptHeld") setNote("");
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

  const { canRetryProvisioning, canResendInstallEmail, canDecideHeldPayment } = order.actions;
  const canAcceptHere = canDecideHeldPayment && isAdmin;
  const error = action.error ? <Alert>{t(errorMessageId(action.error))}</Alert> : null;

  return (
    <div className="space-y-3">
      {done ? <Alert tone="info">{t(DONE[done])}</Alert> : null}
      {dialog === null ? error : null}
      {canRetryProvisioning || canResendInstallEmail || canDecideHeldPayment ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canAcceptHere ? (
            <Button onClick={() => open("acceptHeld")}>{t("console.orders.action.acceptHeld")}</Button>
          ) : null}
          {canDecideHeldPayment ? (
            <Button variant="secondary" onClick={() => open("refuseHeld")}>
              {t("console.orders.action.refuseHeld")}
            </Button>
          ) : null}
          {canRetryProvisioning ? (
            <Button onClick={() => open("retry")}>{t("console.orders.action.retry")}</Button>
          ) : null}
          {canResendInstallEmail ? (
            <Button variant="secondary" onClick={() => open("resend")}>
              {t("console.orders.action.resend")}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("console.orders.action.none")}</p>
      )}

      {canDecideHeldPayment && !isAdmin ? (
        <p className="text-sm text-slate-600">{t("console.orders.action.acceptHeldAdminsOnly")}</p>
      ) : null}

      <ConfirmModal
        open={dialog === "acceptHeld"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "acceptHeld" : null)}
        title={t("console.orders.action.acceptHeldTitle")}
        message={t("console.orders.action.acceptHeldMessage", {
          amount: format.dzd(order.chargeDzdMinor),
          number: order.number,
        })}
        confirmLabel={t("console.orders.action.acceptHeld")}
        isConfirming={action.isPending}
        isConfirmDisabled={note.trim().length === 0}
        onConfirm={() => run({ kind: "acceptHeld", note: note.trim() })}
      >
        <div className="space-y-3">
          <TextField
            label={t("console.orders.action.acceptHeldNote")}
            value={note}
            maxLength={500}
            dir="auto"
            onChange={(event) => setNote(event.target.value)}
          />
          {error}
        </div>
      </ConfirmModal>

      <CancellationDecisionDialog
        open={dialog === "refuseHeld"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "refuseHeld" : null)}
        title={t("console.orders.action.refuseHeldTitle")}
        effect={t("console.orders.action.refuseHeldMessage", { number: order.number })}
        customerLanguage={order.customer.language}
        isSending={action.isPending}
        error={action.error}
        onConfirm={(reason) => run({ kind: "refuseHeld", reason })}
      />

      <ConfirmModal
        open={dialog === "retry"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "retry" : null)}
        title={t("console.orders.action.retryTitle")}
        message={t("console.orders.action.retryMessage", { number: order.number })}
        confirmLabel={t("console.orders.action.retry")}
        isConfirming={action.isPending}
        onConfirm={() => run({ kind: "retry" })}
      >
        {error}
      </ConfirmModal>

      <ConfirmModal
        open={dialog === "resend"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "resend" : null)}
        title={t("console.orders.action.resendTitle")}
        message={t("console.orders.action.resendMessage", { email: order.customer.email })}
        confirmLabel={t("console.orders.action.resend")}
        isConfirming={action.isPending}
        onConfirm={() => run({ kind: "resend", requestKey })}
      >
        {error}
      </ConfirmModal>
    </div>
  );
}
