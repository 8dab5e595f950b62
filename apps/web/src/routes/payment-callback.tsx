import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePayment } from "../features/payments/api/get-payment.ts";
import { type CallbackState, PaymentCallbackView } from "../features/payments/components/payment-callback-view.tsx";
import { usePaymentWindowReturn } from "../features/payments/hooks/use-payment-window-return.ts";
import { RESULT_PATH_OF_STATUS } from "../features/payments/payment-result-path.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";
import { passOnQuery } from "../lib/query-string.ts";

/**
 * /payment-callback?paymentId=: asks the server for the payment (a `status` in the address is ignored: the
 * redirect proves nothing), refreshes every 3 s while pending, then goes to /success or /failure.
 */
export function PaymentCallbackRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const payment = usePayment(paymentId);
  usePaymentWindowReturn(paymentId, () => void payment.refetch());
  const status = payment.data?.status;

  useEffect(() => {
    if (!payment.data || status === "pending") return;
    const query = passOnQuery(params, {
      status: undefined,
      paymentId: payment.data.id,
      orderId: payment.data.orderId,
    });
    navigate(`${RESULT_PATH_OF_STATUS[payment.data.status]}${query}`, { replace: true });
  }, [payment.data, status, params, navigate]);

  const state: CallbackState = !paymentId
    ? "error"
    : payment.data
      ? status === "pending"
        ? "pending"
        : "success"
      : payment.isError
        ? "error"
        : "verifying";

  return (
    <PaymentCallbackView
      state={state}
      errorMessage={paymentId ? t(errorMessageId(payment.error)) : t("callback.missingPayment")}
      onRefresh={() => void payment.refetch()}
      isRefreshing={payment.isFetching}
    />
  );
}
