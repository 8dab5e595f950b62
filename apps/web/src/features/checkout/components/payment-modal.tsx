import { formatMoney } from "@esim/shared/money";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { isolate, useT } from "../../../lib/i18n.ts";
import { isPaymentModalOpen, type PayState } from "../hooks/use-pay-flow.ts";

/**
 * The payment modal: 'Redirecting to Payment', its message and Continue, with no
 * other way out (no close button, Escape or backdrop), and the amount the gateway will charge, in DA. After a
 * blocked popup or a failed order it says why and offers Retry, and Back to the summary; refused for too many unpaid
 * orders, it links to them, to pay or cancel one.
 */
export function PaymentModal({
  state,
  chargeDzdMinor,
  gatewayFeeDzdMinor = 0,
  onContinue,
  onCancel,
}: {
  state: PayState;
  /** What the gateway will charge, always in DZD, the payer's share of its fee included. */
  chargeDzdMinor: number;
  /** The gateway's fee within that charge, when the shop passes it on. */
  gatewayFeeDzdMinor?: number;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const hasProblem = state.step === "blocked" || state.step === "failed";
  return (
    <Modal
      open={isPaymentModalOpen(state)}
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
      <div className="space-y-3">
        <p className="text-center font-semibold text-slate-900">
          {t("payment.modal.amount", { amount: isolate(formatMoney(chargeDzdMinor, "DZD")) })}
        </p>
        {gatewayFeeDzdMinor > 0 ? (
          <p className="text-center text-sm text-slate-600">
            {t("payment.modal.gatewayFee", { amount: isolate(formatMoney(gatewayFeeDzdMinor, "DZD")) })}
          </p>
        ) : null}
        {state.step === "blocked" ? <Alert>{t("payment.popupBlocked")}</Alert> : null}
        {state.step === "failed" ? (
          <Alert>
            <p>{t(errorMessageId(state.error))}</p>
            {state.error instanceof ApiError && state.error.code === "UNPAID_ORDERS_LIMIT_REACHED" ? (
              <Link to="/orders" className="mt-1 inline-block font-semibold underline underline-offset-2">
                {t("checkout.unpaidOrders.link")}
              </Link>
            ) : null}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
