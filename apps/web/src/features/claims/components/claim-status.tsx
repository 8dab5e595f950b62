import type { Claim } from "@esim/shared/claims/contracts";
import { formatDate, formatDateTime } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import { CLAIM_REASON_NAME, CLAIM_STATUS_NAME } from "@esim/ui/status-labels";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId, fieldOrErrorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { useReplyToClaim } from "../api/claims.ts";

/** One claim as its traveller follows it: status, deadline, the outcome, the thread, and a reply while it is open. */
export function ClaimStatus({ claim }: { claim: Claim }) {
  const t = useT();
  const replyId = useId();
  const [reply, setReply] = useState("");
  const send = useReplyToClaim(claim.esimId, claim.id);
  return (
    <article aria-label={t("claim.status.label", { date: formatDate(claim.openedAt) })} className="space-y-3">
      <p role="status" className="rounded-xl bg-slate-50 px-4 py-3 text-slate-800">
        <span className="font-semibold">
          {claim.status === "refunded" && claim.refund
            ? t(
                claim.refund.method === "store_credit"
                  ? "claim.status.refundedCredit"
                  : "claim.status.refundedTransfer",
                {
                  amount: isolate(formatMoney(claim.refund.amountDzdMinor, "DZD")),
                },
              )
            : t(CLAIM_STATUS_NAME[claim.status])}
        </span>
        {" · "}
        <span>{t(CLAIM_REASON_NAME[claim.reason])}</span>
      </p>
      {claim.canReply ? (
        <p className="text-sm text-slate-700">{t("claim.status.settleBy", { date: formatDate(claim.settleBy) })}</p>
      ) : null}
      {claim.isRefundable ? null : (
        <p className="text-sm text-slate-700">
          {t("claim.status.outsideWindow", { date: formatDate(claim.refundableUntil) })}
        </p>
      )}
      {claim.status === "refused" && claim.refusalReason ? (
        <p className="text-slate-800">{t("claim.status.refusedReason", { reason: claim.refusalReason })}</p>
      ) : null}
      {claim.refund?.method === "transfer" ? (
        <Link
          to={`/status/${encodeURIComponent(claim.orderId)}`}
          className="text-brand-800 underline underline-offset-2"
        >
          {t("claim.status.giveAccount")}
        </Link>
      ) : null}
      {claim.refund?.method === "store_credit" ? (
        <Link to="/profile" className="text-brand-800 underline underline-offset-2">
          {t("claim.status.seeCredit")}
        </Link>
      ) : null}
      <ol className="space-y-2" aria-label={t("claim.status.thread")}>
        {claim.messages.map((message) => (
          <li
            key={`${message.at}-${message.author}`}
            className={
              message.author === "operator"
                ? "me-8 rounded-xl bg-brand-50 px-4 py-2 text-slate-900"
                : "ms-8 rounded-xl bg-slate-100 px-4 py-2 text-slate-900"
            }
          >
            <p className="text-xs font-semibold text-slate-600">
              {t(message.author === "operator" ? "claim.status.fromShop" : "claim.status.fromYou")} ·{" "}
              {formatDateTime(message.at)}
            </p>
            <p className="whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
      {claim.canReply ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(reply.trim(), { onSuccess: () => setReply("") });
          }}
        >
          <label htmlFor={replyId} className="block text-sm font-medium text-slate-800">
            {t("claim.status.reply")}
          </label>
          <textarea
            id={replyId}
            value={reply}
            rows={2}
            onChange={(event) => setReply(event.target.value)}
            className="block w-full rounded-xl border border-slate-300 px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
          />
          {send.error ? <Alert>{t(fieldOrErrorMessageId(send.error, "message"))}</Alert> : null}
          <Button type="submit" variant="secondary" isLoading={send.isPending}>
            {t("claim.status.send")}
          </Button>
        </form>
      ) : null}
      {send.error && !claim.canReply ? <Alert>{t(errorMessageId(send.error))}</Alert> : null}
    </article>
  );
}
