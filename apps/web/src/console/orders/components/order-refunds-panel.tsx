import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { REFUND_METHODS, type RefundMethod } from "@esim/shared/ledger/vocabulary";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmModal } from "../../../components/ui/modal.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { CancellationDecisionDialog } from "../../components/cancellation-decision-dialog.tsx";
import { actorText } from "../../components/order-labels.ts";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { type MessageId, useT } from "../../lib/i18n.ts";
import { useRecordRefund, useRefundHeldMoney } from "../api/order-refunds.ts";

export const REFUND_METHOD_LABEL: Record<RefundMethod, MessageId> = {
  ccp_transfer: "console.orders.refund.method.ccp_transfer",
  bank_transfer: "console.orders.refund.method.bank_transfer",
  gateway: "console.orders.refund.method.gateway",
  store_credit: "console.orders.refund.method.store_credit",
};

/** "1 234,50" or "1234.5" DA as minor units; null when it is not an amount. */
function parseDinars(text: string): number | null {
  const normalised = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/**
 * The order's refunds (decision 062): what is owed, each refund sent (amount, method, reference, date, by whom), the
 * customer's choice with the transfer's account, and, for an admin, recording a (partial) refund and owing back money
 * held on an order that went on without it. Each form draws its own request key, so a double click acts once.
 */
export function OrderRefundsPanel({
  order,
  isAdmin,
  format,
}: {
  order: ConsoleOrderDetail;
  isAdmin: boolean;
  format: ConsoleFormatters;
}) {
  const t = useT();
  const { refund, actions } = order;
  const record = useRecordRefund(order.number);
  const refundHeld = useRefundHeldMoney(order.number);
  const [dialog, setDialog] = useState<"record" | "held" | null>(null);
  const [done, setDone] = useState<MessageId | null>(null);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<RefundMethod>("ccp_transfer");
  const [reference, setReference] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);

  const openRecord = () => {
    record.reset();
    setDone(null);
    setRequestKey(crypto.randomUUID());
    setAmount(String(refund.owedDzdMinor / 100));
    setMethod(refund.choice?.kind === "transfer" ? "ccp_transfer" : "bank_transfer");
    setReference("");
    setAmountError(null);
    setDialog("record");
  };

  const confirmRecord = () => {
    if (record.isPending) return;
    const amountDzdMinor = parseDinars(amount);
    if (amountDzdMinor === null || amountDzdMinor <= 0) {
      setAmountError(t("console.orders.refund.amountInvalid"));
      return;
    }
    setAmountError(null);
    record.mutate(
      { amountDzdMinor, method, reference: reference.trim(), requestKey },
      {
        onSuccess: () => {
          setDialog(null);
          setDone("console.orders.action.refunded");
        },
      },
    );
  };

  const hasAnything =
    refund.totalOwedDzdMinor > 0 || refund.sent.length > 0 || refund.heldDzdMinor > 0 || refund.choice !== null;
  const recordError = record.error ? <Alert>{t(errorMessageId(record.error))}</Alert> : null;

  return (
    <div className="space-y-3">
      {done ? <Alert tone="info">{t(done)}</Alert> : null}
      {!hasAnything ? <p className="text-sm text-slate-600">{t("console.orders.refund.none")}</p> : null}
      {refund.totalOwedDzdMinor > 0 || refund.heldDzdMinor > 0 ? (
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-600">{t("console.orders.refund.owed")}</dt>
          <dd className={refund.owedDzdMinor > 0 ? "font-semibold text-amber-800" : "text-slate-900"}>
            <bdi>{format.dzd(refund.owedDzdMinor)}</bdi>
            {refund.totalOwedDzdMinor !== refund.owedDzdMinor ? (
              <span className="text-slate-600">
                {" "}
                {t("console.orders.refund.ofTotal", { total: format.dzd(refund.totalOwedDzdMinor) })}
              </span>
            ) : null}
          </dd>
          {refund.heldDzdMinor > 0 ? (
            <>
              <dt className="text-slate-600">{t("console.orders.refund.held")}</dt>
              <dd className="font-semibold text-amber-800">
                <bdi>{format.dzd(refund.heldDzdMinor)}</bdi>
              </dd>
            </>
          ) : null}
          {refund.choice ? (
            <>
              <dt className="text-slate-600">{t("console.orders.refund.choice")}</dt>
              <dd className="text-slate-900">
                {refund.choice.kind === "transfer"
                  ? t("console.orders.refund.choiceTransfer")
                  : t("console.orders.refund.choiceStoreCredit")}
                {refund.choice.accountNumber ? (
                  <span className="block">
                    <bdi className="font-mono">{refund.choice.accountNumber}</bdi> ·{" "}
                    <bdi>{refund.choice.holderName}</bdi>
                  </span>
                ) : null}
              </dd>
            </>
          ) : refund.owedDzdMinor > 0 ? (
            <>
              <dt className="text-slate-600">{t("console.orders.refund.choice")}</dt>
              <dd className="text-slate-900">{t("console.orders.refund.choiceNone")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {refund.sent.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t("console.orders.refund.sentCaption")}</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="pe-3 text-start font-medium">
                  {t("console.orders.refund.amount")}
                </th>
                <th scope="col" className="pe-3 text-start font-medium">
                  {t("console.orders.refund.method")}
                </th>
                <th scope="col" className="pe-3 text-start font-medium">
                  {t("console.orders.refund.reference")}
                </th>
                <th scope="col" className="pe-3 text-start font-medium">
                  {t("console.orders.refund.date")}
                </th>
                <th scope="col" className="text-start font-medium">
                  {t("console.orders.refund.by")}
                </th>
              </tr>
            </thead>
            <tbody>
              {refund.sent.map((sent) => (
                <tr key={`${sent.at}-${sent.amountDzdMinor}-${sent.reference ?? ""}`} className="align-top">
                  <td className="pe-3">
                    <bdi>{format.dzd(sent.amountDzdMinor)}</bdi>
                  </td>
                  <td className="pe-3">{t(REFUND_METHOD_LABEL[sent.method])}</td>
                  <td className="pe-3">
                    <bdi className="font-mono">{sent.reference ?? "—"}</bdi>
                  </td>
                  <td className="pe-3">{format.dateTime(sent.at)}</td>
                  <td>
                    <bdi>{actorText(sent.by, t)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {isAdmin && (actions.canRecordRefund || actions.canRefundHeldMoney) ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {actions.canRecordRefund ? <Button onClick={openRecord}>{t("console.orders.action.refund")}</Button> : null}
          {actions.canRefundHeldMoney ? (
            <Button
              variant="secondary"
              onClick={() => {
                refundHeld.reset();
                setDone(null);
                setDialog("held");
              }}
            >
              {t("console.orders.refund.refundHeld")}
            </Button>
          ) : null}
        </div>
      ) : actions.canRecordRefund || actions.canRefundHeldMoney ? (
        <p className="text-sm text-slate-600">{t("console.orders.action.refundAdminsOnly")}</p>
      ) : null}

      <ConfirmModal
        open={dialog === "record"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "record" : null)}
        title={t("console.orders.action.refundTitle")}
        message={t("console.orders.action.refundMessage", { amount: format.dzd(refund.owedDzdMinor) })}
        confirmLabel={t("console.orders.action.refund")}
        isConfirming={record.isPending}
        isConfirmDisabled={reference.trim().length < 2}
        onConfirm={confirmRecord}
      >
        <div className="space-y-3">
          <TextField
            label={t("console.orders.refund.amount")}
            inputMode="decimal"
            value={amount}
            error={amountError}
            onChange={(event) => setAmount(event.target.value)}
          />
          <SelectField
            label={t("console.orders.refund.method")}
            value={method}
            options={REFUND_METHODS.map((value) => ({ value, label: t(REFUND_METHOD_LABEL[value]) }))}
            onChange={(event) => setMethod(event.target.value as RefundMethod)}
          />
          <TextField
            label={t("console.orders.refund.reference")}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.target.value)}
          />
          {recordError}
        </div>
      </ConfirmModal>

      <CancellationDecisionDialog
        open={dialog === "held"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "held" : null)}
        title={t("console.orders.refund.refundHeldTitle")}
        effect={t("console.orders.refund.refundHeldEffect", { amount: format.dzd(refund.heldDzdMinor) })}
        customerLanguage={order.customer.language}
        isSending={refundHeld.isPending}
        error={refundHeld.error}
        onConfirm={(reason) => {
          if (refundHeld.isPending) return;
          refundHeld.mutate(reason, {
            onSuccess: () => {
              setDialog(null);
              setDone("console.orders.refund.heldOwed");
            },
          });
        }}
      />
    </div>
  );
}
