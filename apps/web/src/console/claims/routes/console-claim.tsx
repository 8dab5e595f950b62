import type { ConsoleClaim } from "@esim/shared/claims/contracts";
import { REFUND_CHOICES, type RefundChoice } from "@esim/shared/orders/refunds";
import { CLAIM_REASON_NAME, CLAIM_STATUS_NAME, ESIM_STATUS_NAME } from "@esim/ui/status-labels";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorMessageId, fieldOrErrorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { type MessageId, useLanguage, useT } from "../../lib/i18n.ts";
import { claimQuery, useClaimDecision } from "../api/claims.ts";

/** Bytes as whole megabytes, as the console's other usage lines show them. */
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

const CARD = "space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200";
const METHOD: Record<RefundChoice, MessageId> = {
  store_credit: "console.claims.refundCredit",
  transfer: "console.claims.refundTransfer",
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The three decisions: answer (a message), refund (credit or transfer, the eSIM's share or the order), refuse. */
function Decisions({ shown }: { shown: ConsoleClaim }) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const decide = useClaimDecision(shown.claim.id);
  const [answer, setAnswer] = useState("");
  const [reason, setReason] = useState("");
  const [method, setMethod] = useState<RefundChoice>(shown.claim.refundPreference);
  const [scope, setScope] = useState<"esim" | "order">("esim");
  // A refund cannot be taken back: one click only opens the confirmation stating the amount and the method.
  const [isConfirming, setIsConfirming] = useState(false);
  const amount = scope === "esim" ? shown.esimShareDzdMinor : shown.order.chargeDzdMinor;
  return (
    <>
      {decide.error ? <Alert>{t(fieldOrErrorMessageId(decide.error, "message"))}</Alert> : null}
      <form
        className={CARD}
        aria-label={t("console.claims.answer")}
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate({ kind: "answer", message: answer.trim() }, { onSuccess: () => setAnswer("") });
        }}
      >
        <label className="block space-y-1">
          <span className="font-semibold text-slate-900">{t("console.claims.answer")}</span>
          <textarea
            value={answer}
            rows={3}
            onChange={(event) => setAnswer(event.target.value)}
            className="block w-full rounded-xl border border-slate-300 px-3 py-2"
          />
        </label>
        <Button type="submit" isLoading={decide.isPending && decide.variables?.kind === "answer"}>
          {t("console.claims.send")}
        </Button>
      </form>
      {shown.claim.isRefundable ? (
        <form
          className={CARD}
          aria-label={t("console.claims.refund")}
          onSubmit={(event) => {
            event.preventDefault();
            setIsConfirming(true);
          }}
        >
          <fieldset className="space-y-1">
            <legend className="font-semibold text-slate-900">{t("console.claims.refund")}</legend>
            {REFUND_CHOICES.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input type="radio" checked={method === option} onChange={() => setMethod(option)} />
                {t(METHOD[option])}
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="font-semibold text-slate-900">{t("console.claims.amount")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" checked={scope === "esim"} onChange={() => setScope("esim")} />
              {t("console.claims.scopeEsim", { amount: format.dzd(shown.esimShareDzdMinor) })}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" checked={scope === "order"} onChange={() => setScope("order")} />
              {t("console.claims.scopeOrder", { amount: format.dzd(shown.order.chargeDzdMinor) })}
            </label>
          </fieldset>
          <Button type="submit" isLoading={decide.isPending && decide.variables?.kind === "refund"}>
            {t("console.claims.refundButton", { amount: format.dzd(amount) })}
          </Button>
        </form>
      ) : (
        <p className={CARD}>{t("console.claims.notRefundable")}</p>
      )}
      <Modal
        open={isConfirming}
        onOpenChange={setIsConfirming}
        type="warning"
        title={t("console.claims.confirmRefundTitle")}
        message={t(
          method === "store_credit" ? "console.claims.confirmRefundCredit" : "console.claims.confirmRefundTransfer",
          { amount: format.dzd(amount) },
        )}
        primaryAction={{
          label: t("console.claims.confirmRefundAction"),
          onClick: () => decide.mutate({ kind: "refund", method, scope }, { onSettled: () => setIsConfirming(false) }),
          isLoading: decide.isPending && decide.variables?.kind === "refund",
        }}
        secondaryAction={{ label: t("common.cancel"), onClick: () => setIsConfirming(false), variant: "secondary" }}
      />
      <form
        className={CARD}
        aria-label={t("console.claims.refuse")}
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate({ kind: "refuse", reason: reason.trim() });
        }}
      >
        <label className="block space-y-1">
          <span className="font-semibold text-slate-900">{t("console.claims.refuseReason")}</span>
          <textarea
            value={reason}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className="block w-full rounded-xl border border-slate-300 px-3 py-2"
          />
        </label>
        <Button type="submit" variant="danger" isLoading={decide.isPending && decide.variables?.kind === "refuse"}>
          {t("console.claims.refuse")}
        </Button>
      </form>
    </>
  );
}

/** /admin/claims/:id: a claim with its thread, its eSIM's and order's facts, and the decisions while it is open. */
export function ConsoleClaimRoute() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const { id = "" } = useParams();
  const found = useQuery(claimQuery(id));
  const shown = found.data;
  if (found.error) return <Alert>{t(errorMessageId(found.error))}</Alert>;
  if (!shown) return null;
  const { claim, item, esim, order } = shown;
  return (
    <div className="space-y-4">
      <Link to="/admin/claims" className="text-brand-800 underline underline-offset-2">
        {t("console.claims.back")}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">
        {t("console.claims.claimTitle", { number: item.orderNumber })}
      </h1>
      <p role="status" className={`${CARD} font-semibold ${item.isOverdue ? "text-red-800" : "text-slate-900"}`}>
        {claim.status === "refunded" && claim.refund?.method === "transfer" && order.owedDzdMinor > 0
          ? t("console.claims.transferOwed", { amount: format.dzd(order.owedDzdMinor) })
          : claim.status === "refunded" && claim.refund
            ? t(
                claim.refund.method === "store_credit"
                  ? "claim.status.refundedCredit"
                  : "claim.status.refundedTransfer",
                {
                  amount: format.dzd(claim.refund.amountDzdMinor),
                },
              )
            : t(CLAIM_STATUS_NAME[claim.status])}
        {" · "}
        {t("console.claims.settleBy", { date: format.dateTime(claim.settleBy) })}
        {item.isOverdue ? ` · ${t("console.claims.overdue")}` : null}
      </p>
      <dl className={`${CARD} grid grid-cols-2 gap-3 sm:grid-cols-3`}>
        <Fact label={t("console.claims.reason")}>{t(CLAIM_REASON_NAME[claim.reason])}</Fact>
        <Fact label={t("console.claims.customer")}>
          {item.email ? <bdi dir="ltr">{item.email}</bdi> : t("console.cancellations.deletedAccount")}
        </Fact>
        <Fact label={t("console.claims.order")}>
          <Link
            to={`/admin/orders/${encodeURIComponent(item.orderNumber)}`}
            className="font-mono text-brand-800 underline"
          >
            <bdi>{item.orderNumber}</bdi>
          </Link>
        </Fact>
        <Fact label={t("console.claims.esimStatus")}>{t(ESIM_STATUS_NAME[esim.status])}</Fact>
        <Fact label={t("console.claims.usage")}>
          {esim.dataTotalBytes
            ? t("console.claims.usageOf", {
                used: format.number(megabytes(esim.dataUsedBytes)),
                total: format.number(megabytes(esim.dataTotalBytes)),
              })
            : t("console.claims.usageUsed", { used: format.number(megabytes(esim.dataUsedBytes)) })}
        </Fact>
        <Fact label={t("console.claims.apn")}>{esim.apn ?? t("console.claims.apnAutomatic")}</Fact>
        <Fact label={t("console.claims.networks")}>
          {esim.networks.map((network) => `${network.name} (${network.type})`).join(", ")}
        </Fact>
        <Fact label={t("console.claims.paidAt")}>{order.paidAt ? format.dateTime(order.paidAt) : "—"}</Fact>
        <Fact label={t("console.claims.window")}>
          {t(claim.isRefundable ? "console.claims.withinWindow" : "console.claims.outsideWindow", {
            date: format.dateTime(claim.refundableUntil),
          })}
        </Fact>
      </dl>
      <ol className="space-y-2" aria-label={t("console.claims.thread")}>
        {claim.messages.map((message) => (
          <li
            key={`${message.at}-${message.author}`}
            className={`rounded-xl px-4 py-2 ${message.author === "operator" ? "ms-8 bg-brand-50" : "me-8 bg-slate-100"}`}
          >
            <p className="text-xs font-semibold text-slate-600">
              {t(message.author === "operator" ? "console.claims.fromShop" : "console.claims.fromTraveller")} ·{" "}
              {format.dateTime(message.at)}
            </p>
            <p className="whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
      {claim.status === "refused" && claim.refusalReason ? (
        <p className={CARD}>{t("claim.status.refusedReason", { reason: claim.refusalReason })}</p>
      ) : null}
      {claim.canReply ? <Decisions shown={shown} /> : null}
    </div>
  );
}
