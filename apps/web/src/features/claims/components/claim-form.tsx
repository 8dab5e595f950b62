import { CLAIM_MESSAGE_MAX_LENGTH, CLAIM_REASONS, type ClaimReason } from "@esim/shared/claims/contracts";
import { REFUND_CHOICES, type RefundChoice } from "@esim/shared/orders/refunds";
import { CLAIM_REASON_NAME } from "@esim/ui/status-labels";
import { useEffect, useId, useState } from "react";
import { useFocusFirstInvalid } from "../../../components/forms/use-focus-first-invalid.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId, fieldOrErrorMessageId } from "../../../lib/error-messages.ts";
import { type MessageId, useT } from "../../../lib/i18n.ts";
import { useOpenClaim } from "../api/claims.ts";
import { REFUND_PREFERENCE_LABEL } from "../lib/claim-words.ts";

/** The claim itself: what happens (one of the reasons), the traveller's words, and how a refund would come back. */
export function ClaimForm({ esimId, onFiled }: { esimId: string; onFiled: () => void }) {
  const t = useT();
  const messageId = useId();
  const reasonErrorId = useId();
  const messageErrorId = useId();
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [message, setMessage] = useState("");
  const [refundPreference, setRefundPreference] = useState<RefundChoice>("store_credit");
  const open = useOpenClaim(esimId);
  // Only a field the server named is marked; the others were fine.
  const fieldError = (field: string): MessageId | null =>
    open.error instanceof ApiError && open.error.fields[field] ? fieldOrErrorMessageId(open.error, field) : null;
  const reasonError = fieldError("reason");
  const messageError = fieldError("message");
  // A refusal (drawn once the answer is in) takes the focus to the first faulty field, or to the message.
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  useEffect(() => {
    if (open.error) focusFirstInvalid();
  }, [open.error, focusFirstInvalid]);
  return (
    <form
      ref={formRef}
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        open.mutate(
          // The server names a missing reason (CLAIM_REASON_REQUIRED) beside the field.
          { reason: reason as ClaimReason, message: message.trim(), refundPreference },
          { onSuccess: onFiled },
        );
      }}
    >
      <p className="text-slate-700">{t("claim.form.intro")}</p>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-slate-900">{t("claim.form.reason")}</legend>
        {CLAIM_REASONS.map((option) => (
          <label key={option} className="flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200">
            <input
              type="radio"
              name="claim-reason"
              value={option}
              checked={reason === option}
              onChange={() => setReason(option)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? reasonErrorId : undefined}
              className="size-4 accent-brand-700"
            />
            <span>{t(CLAIM_REASON_NAME[option])}</span>
          </label>
        ))}
        {reasonError ? (
          <p id={reasonErrorId} className="text-sm text-red-700">
            {t(reasonError)}
          </p>
        ) : null}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={messageId} className="block font-semibold text-slate-900">
          {t("claim.form.message")}
        </label>
        <textarea
          id={messageId}
          value={message}
          rows={4}
          maxLength={CLAIM_MESSAGE_MAX_LENGTH}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? messageErrorId : undefined}
          className="block w-full rounded-xl border border-slate-300 px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
        />
        {messageError ? (
          <p id={messageErrorId} className="text-sm text-red-700">
            {t(messageError)}
          </p>
        ) : null}
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-slate-900">{t("claim.form.refundPreference")}</legend>
        {REFUND_CHOICES.map((option) => (
          <label key={option} className="flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200">
            <input
              type="radio"
              name="claim-refund-preference"
              value={option}
              checked={refundPreference === option}
              onChange={() => setRefundPreference(option)}
              className="size-4 accent-brand-700"
            />
            <span>{t(REFUND_PREFERENCE_LABEL[option])}</span>
          </label>
        ))}
      </fieldset>
      {/* A refusal that marks none of these fields is said here (a field this form does not show included). */}
      {open.error && !reasonError && !messageError ? (
        <Alert isErrorSummary>{t(errorMessageId(open.error))}</Alert>
      ) : null}
      <Button type="submit" fullWidth isLoading={open.isPending}>
        {t("claim.form.submit")}
      </Button>
    </form>
  );
}
