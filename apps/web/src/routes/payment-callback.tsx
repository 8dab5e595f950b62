import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type CallbackState, PaymentCallbackView } from "../components/ui/payment-callback-view.tsx";
import { usePayment } from "../features/payments/api/get-payment.ts";
import { usePaymentWindowReturn } from "../features/payments/hooks/use-payment-window-return.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";
import { passOnQuery } from "../lib/query-string.ts";
import { usePaymentDestination } from "./hooks/use-payment-destination.ts";

/**
 * /payment-callback?paymentId=: asks the server for the payment (a `status` in the address is ignored: the
 * redirect proves nothing), refreshes every 3 s while pending, then goes to /success or /failure, or back to
 * /summary with the same cart when the payer cancelled on the gateway's page. While pending it offers "back to my
 * order": a payer who closed the gateway's tab pays later or cancels from the order's page.
 */
export function PaymentCallbackRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const payment = usePayment(paymentId);
  usePaymentWindowReturn(paymentId, () => void payment.refetch());
  const query = payment.data
    ? passOnQuery(params, { status: undefined, paymentId: payment.data.id, orderId: payment.data.orderId })
    : "";
  const { destination, order } = usePaymentDestination(payment.data, query);

  useEffect(() => {
    if (!destination || destination.path === "/payment-callback") return;
    navigate(destination.to, { replace: true, state: destination.state });
  }, [destination, navigate]);

  const path = destination?.path ?? null;
  const state: CallbackState = !paymentId
    ? "error"
    : payment.data
      ? path === "/payment-callback"
        ? "pending"
        : path === "/success"
          ? "success"
          : order.isError
            ? "error"
            : "verifying"
      : payment.isError
        ? "error"
        : "verifying";

  return (
    <PaymentCallbackView
      state={state}
      orderId={payment.data?.orderId ?? null}
      errorMessage={
        paymentId ? t(errorMessageId(payment.data ? order.error : payment.error)) : t("callback.missingPayment")
      }
      onRefresh={() => {
        void payment.refetch();
        if (order.isError) void order.refetch();
      }}
      isRefreshing={payment.isFetching || order.isFetching}
    />
  );
}
