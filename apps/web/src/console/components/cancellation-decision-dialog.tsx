import type { Language } from "@esim/shared/locale";
import { useId, useState } from "react";
import { Modal } from "../../components/ui/modal.tsx";
import { FIELD_CLASSES } from "../../components/ui/text-field.tsx";
import { fieldOrErrorMessageId } from "../../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";

const REASON_MAX_LENGTH = 500;

/**
 * Asks the operator for the words the customer will read (required, sent as typed), says what the decision does, and
 * confirms. The parent sends it; while it is on its way the confirm button is busy, so a double press sends it once.
 */
export function CancellationDecisionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  effect: string;
  customerLanguage: Language;
  isSending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState("");
  const trimmed = reason.trim();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setReason("");
        props.onOpenChange(open);
      }}
      type="warning"
      title={props.title}
      message={props.effect}
      primaryAction={{
        label: t("console.cancellations.confirm"),
        onClick: () => props.onConfirm(trimmed),
        disabled: trimmed.length === 0 || props.isSending,
        isLoading: props.isSending,
      }}
      secondaryAction={{
        label: t("console.cancellations.cancel"),
        variant: "secondary",
        onClick: () => props.onOpenChange(false),
      }}
    >
      <div className="mt-4 text-start">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          {t("console.cancellations.reason")}
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REASON_MAX_LENGTH}
          rows={4}
          required
          dir="auto"
          className={`${FIELD_CLASSES} py-3`}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {t("console.cancellations.reasonHint", {
            language: t(`console.cancellations.languageName.${props.customerLanguage}`),
          })}
        </p>
        {props.error ? (
          <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {t(fieldOrErrorMessageId(props.error, "reason"))}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
