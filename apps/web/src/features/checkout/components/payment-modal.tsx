import { Alert } from "../../../components/ui/alert.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../../lib/i18n.ts";
import type { PayState } from "../hooks/use-pay-flow.ts";

/**
 * The payment modal of the product description: 'Redirecting to Payment', its message and Continue, with no
 * other way out (no close button, Escape or backdrop). After a blocked popup or a failed order it says why
 * and offers Retry, and Back to the summary.
 */
export function PaymentModal({
  state,
  onContinue,
  onCancel,
}: {
  state: PayState;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const hasProblem = state.step === "blocked" || state.step === "failed";
  return (
    <Modal
      open={state.step !== "idle"}
      onOpenChange={() => {}}
      isDismissable={false}
      type={hasProblem ? "error" : "info"}
      title={t("payment.modal.title")}
      message={t("payment.modal.message")}
      primaryAction={{
        label: hasProblem ? t("payment.retry") : t("payment.modal.continue"),
        onClick: onContinue,
        isLoading: state.step === "creating",
      }}
      secondaryAction={hasProblem ? { label: t("common.back"), onClick: onCancel } : undefined}
    >
      {state.step === "blocked" ? <Alert>{t("payment.popupBlocked")}</Alert> : null}
      {state.step === "failed" ? <Alert>{t(errorMessageId(state.error))}</Alert> : null}
    </Modal>
  );
}
