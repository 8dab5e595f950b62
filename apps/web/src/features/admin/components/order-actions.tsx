import { type AdminOrderDetail, REFUND_METHODS } from "@esim/shared/admin/orders-contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { type MessageId, useT } from "../../../lib/i18n.ts";
import { type OrderAction, type RefundMethod, useOrderAction } from "../api/orders.ts";
import type { ConsoleFormatters } from "../format.ts";
import { CancellationDecisionDialog } from "./cancellation-decision-dialog.tsx";

type Dialog = "retry" | "resend" | "refund" | "acceptHeld" | "refuseHeld" | null;

const DONE: Record<OrderAction["kind"], MessageId> = {
  retry: "admin.orders.action.retried",
  resend: "admin.orders.action.resent",
  refund: "admin.orders.action.refunded",
  cancelEsim: "admin.orders.action.esimCancelled",
  acceptHeld: "admin.orders.action.heldAccepted",
  refuseHeld: "admin.orders.action.heldRefused",
};

const REFUND_METHOD_LABEL: Record<RefundMethod, MessageId> = {
  bank_transfer: "admin.orders.refund.method.bank_transfer",
  ccp: "admin.orders.refund.method.ccp",
  edahabia: "admin.orders.refund.method.edahabia",
  cib: "admin.orders.refund.method.cib",
  cash: "admin.orders.refund.method.cash",
  other: "admin.orders.refund.method.other",
};

/** "1 234,50" or "1234.5" DA as minor units; null when it is not an amount. */
function parseDinars(text: string): number | null {
  const normalised = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/**
 * The operator's actions the order's status allows, each behind a confirmation; a refund is recorded, and a held
 * payment accepted, by an admin only (decision 067). Each confirmation draws its own request key, so a double click
 * acts once (a held payment's decision is idempotent on the server).
 */
export function OrderActions({
  order,
  isAdmin,
  format,
}: {
  order: AdminOrderDetail;
  isAdmin: boolean;
  format: ConsoleFormatters;
}) {
  const t = useT();
  const action = useOrderAction(order.number);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<OrderAction["kind"] | null>(null);
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<RefundMethod>("bank_transfer");
  const [reference, setReference] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [note, setNote] = useState("");

  const open = (next: Exclude<Dialog, null>) => {
    action.reset();
    setDone(null);
    setRequestKey(crypto.randomUUID());
    if (next === "refund") {
      setAmount(String(order.chargeDzdMinor / 100));
      setReference("");
      setAmountError(null);
    }
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

  const confirmRefund = () => {
    const amountDzdMinor = parseDinars(amount);
    if (amountDzdMinor === null || amountDzdMinor <= 0) {
      setAmountError(t("admin.orders.refund.amountInvalid"));
      return;
    }
    setAmountError(null);
    run({ kind: "refund", amountDzdMinor, method, reference: reference.trim() });
  };

  const { canRetryProvisioning, canResendInstallEmail, canRecordRefund, canDecideHeldPayment } = order.actions;
  const canRefundHere = canRecordRefund && isAdmin;
  const canAcceptHere = canDecideHeldPayment && isAdmin;
  const error = action.error ? <Alert>{t(errorMessageId(action.error))}</Alert> : null;

  return (
    <div className="space-y-3">
      {done ? <Alert tone="info">{t(DONE[done])}</Alert> : null}
      {dialog === null ? error : null}
      {canRetryProvisioning || canResendInstallEmail || canRefundHere || canDecideHeldPayment ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canAcceptHere ? (
            <Button onClick={() => open("acceptHeld")}>{t("admin.orders.action.acceptHeld")}</Button>
          ) : null}
          {canDecideHeldPayment ? (
            <Button variant="secondary" onClick={() => open("refuseHeld")}>
              {t("admin.orders.action.refuseHeld")}
            </Button>
          ) : null}
          {canRetryProvisioning ? (
            <Button onClick={() => open("retry")}>{t("admin.orders.action.retry")}</Button>
          ) : null}
          {canResendInstallEmail ? (
            <Button variant="secondary" onClick={() => open("resend")}>
              {t("admin.orders.action.resend")}
            </Button>
          ) : null}
          {canRefundHere ? (
            <Button variant="secondary" onClick={() => open("refund")}>
              {t("admin.orders.action.refund")}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {canRecordRefund ? t("admin.orders.action.refundAdminsOnly") : t("admin.orders.action.none")}
        </p>
      )}

      {canDecideHeldPayment && !isAdmin ? (
        <p className="text-sm text-slate-600">{t("admin.orders.action.acceptHeldAdminsOnly")}</p>
      ) : null}

      <ConfirmModal
        open={dialog === "acceptHeld"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "acceptHeld" : null)}
        title={t("admin.orders.action.acceptHeldTitle")}
        message={t("admin.orders.action.acceptHeldMessage", {
          amount: format.dzd(order.chargeDzdMinor),
          number: order.number,
        })}
        confirmLabel={t("admin.orders.action.acceptHeld")}
        isConfirming={action.isPending}
        isConfirmDisabled={note.trim().length === 0}
        onConfirm={() => run({ kind: "acceptHeld", note: note.trim() })}
      >
        <div className="space-y-3">
          <TextField
            label={t("admin.orders.action.acceptHeldNote")}
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
        title={t("admin.orders.action.refuseHeldTitle")}
        effect={t("admin.orders.action.refuseHeldMessage", { number: order.number })}
        customerLanguage={order.customer.language}
        isSending={action.isPending}
        error={action.error}
        onConfirm={(reason) => run({ kind: "refuseHeld", reason })}
      />

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

      <ConfirmModal
        open={dialog === "refund"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "refund" : null)}
        title={t("admin.orders.action.refundTitle")}
        message={t("admin.orders.action.refundMessage", { amount: format.dzd(order.chargeDzdMinor) })}
        confirmLabel={t("admin.orders.action.refund")}
        isConfirming={action.isPending}
        isConfirmDisabled={reference.trim().length < 2}
        onConfirm={confirmRefund}
      >
        <div className="space-y-3">
          <TextField
            label={t("admin.orders.refund.amount")}
            inputMode="decimal"
            value={amount}
            error={amountError}
            onChange={(event) => setAmount(event.target.value)}
          />
          <SelectField
            label={t("admin.orders.refund.method")}
            value={method}
            options={REFUND_METHODS.map((value) => ({ value, label: t(REFUND_METHOD_LABEL[value]) }))}
            onChange={(event) => setMethod(event.target.value as RefundMethod)}
          />
          <TextField
            label={t("admin.orders.refund.reference")}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.target.value)}
          />
          {error}
        </div>
      </ConfirmModal>
    </div>
  );
}
