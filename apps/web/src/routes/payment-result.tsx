import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { Money } from "@esim/ui/components";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CodeText } from "../components/ui/code-text.tsx";
import { CheckCircleIcon, ErrorCircleIcon, InfoIcon } from "../components/ui/icons.tsx";
import { PaymentCallbackView } from "../components/ui/payment-callback-view.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { cartOfOrder, cartSearch } from "../features/checkout/hooks/cart-params.ts";
import { useOrder } from "../features/orders/api/get-order.ts";
import { usePayment } from "../features/payments/api/get-payment.ts";
import { WhatsAppButton } from "../features/support/whatsapp/whatsapp-button.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { type MessageId, useT } from "../lib/i18n.ts";
import { passOnQuery } from "../lib/query-string.ts";
import { usePaymentDestination } from "./hooks/use-payment-destination.ts";

/**
 * A result page that names a payment shows what the server says of it, never what the link says (the apps open
 * /success and /failure from the gateway's App Link): while it asks, a verifying state; a payment still pending
 * goes to /payment-callback, which follows it; one cancelled on the gateway's page goes back to /summary with the
 * same cart; the other result replaces this one when they disagree. Without a paymentId the page shows as it is.
 */
function VerifiedResult({ path, children }: { path: "/success" | "/failure"; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const payment = usePayment(paymentId);
  const { destination, order } = usePaymentDestination(payment.data, passOnQuery(params, { status: undefined }));

  useEffect(() => {
    if (!destination || destination.path === path) return;
    navigate(destination.to, { replace: true, state: destination.state });
  }, [destination, path, navigate]);

  if (paymentId === null || destination?.path === path) return children;
  // Once the payment is known, what can still fail is reading the cancelled payment's order.
  const failed = payment.data ? order : payment;
  return (
    <PaymentCallbackView
      state={failed.isError ? "error" : "verifying"}
      errorMessage={t(errorMessageId(failed.error))}
      onRefresh={() => {
        void payment.refetch();
        if (order.isError) void order.refetch();
      }}
      isRefreshing={payment.isFetching || order.isFetching}
    />
  );
}

/** The order behind the result page, when the address names one and the visitor is signed in. */
function useResultOrder() {
  const [params] = useSearchParams();
  const { isAuthenticated } = useSession();
  const orderId = params.get("orderId");
  const order = useOrder(orderId, { enabled: isAuthenticated });
  return { orderId, order: order.data, isOrderLoading: orderId !== null && isAuthenticated && order.isPending };
}

/** /success: the order number and the way to follow it. Every query parameter but `promo` stays. */
export function SuccessRoute() {
  return (
    <VerifiedResult path="/success">
      <SuccessResult />
    </VerifiedResult>
  );
}

/** What the success page says of the order: what happens next, which depends on its kind and status. */
function successMessageId(order: OrderSummary | undefined): MessageId {
  if (order?.status === "on_hold") return "status.onHoldMessage";
  if (order?.status === "refund_due") return "status.refundDueMessage";
  if (order?.kind === "top_up") return "result.topUpMessage";
  return "result.successMessage";
}

function SuccessResult() {
  const t = useT();
  const { orderId, order, isOrderLoading } = useResultOrder();
  // The money reached us but the order is not going ahead as it is: no celebration, a plain account.
  const isPaymentReceivedOnly = order?.status === "on_hold" || order?.status === "refund_due";
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <Card className="text-center sm:p-10">
        {isPaymentReceivedOnly ? (
          <div className="mx-auto grid size-16 place-items-center rounded-full bg-amber-50 text-amber-700">
            <InfoIcon className="size-9" />
          </div>
        ) : (
          <div className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-700">
            <CheckCircleIcon className="size-9" />
          </div>
        )}
        <h1 className="mt-5 text-2xl font-bold text-slate-900">
          {t(
            isPaymentReceivedOnly
              ? "result.receivedTitle"
              : order?.chargeDzdMinor === 0
                ? "result.freeTitle"
                : "screen.success",
          )}
        </h1>
        {/* Until the order is read, its kind is unknown: a top-up must not read that install details are coming. */}
        {isOrderLoading ? null : <p className="mt-2 text-slate-600">{t(successMessageId(order))}</p>}
        {order ? (
          <>
            <p className="mt-4 text-slate-800">
              {t("result.orderNumber")} <CodeText className="font-semibold">{order.number}</CodeText>
            </p>
            {order.chargeDzdMinor === 0 ? (
              <p className="mt-1 text-slate-800">{t("result.freeOrder")}</p>
            ) : (
              <p className="mt-1 text-slate-800">
                {t("result.amountPaid")}{" "}
                <Money amountMinor={order.chargeDzdMinor} currency="DZD" className="font-semibold" />
              </p>
            )}
          </>
        ) : null}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {orderId ? (
            <Link to={`/status/${encodeURIComponent(orderId)}`} className={buttonClasses("primary")}>
              {t("result.followOrder")}
            </Link>
          ) : null}
          {order?.kind === "top_up" && order.topUpOf ? (
            <Link to={`/details/${encodeURIComponent(order.topUpOf)}`} className={buttonClasses("secondary")}>
              {t("result.seeEsim")}
            </Link>
          ) : (
            <Link to="/esims" className={buttonClasses("secondary")}>
              {t("nav.esims")}
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}

/** /failure: "Payment failed: please try again", Retry with the same cart, and where to get help (WhatsApp with the order). */
export function FailureRoute() {
  return (
    <VerifiedResult path="/failure">
      <FailureResult />
    </VerifiedResult>
  );
}

function FailureResult() {
  const t = useT();
  const { order } = useResultOrder();
  const retryTo = order ? `/summary${cartSearch(cartOfOrder(order))}` : "/home";
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <Card className="text-center sm:p-10">
        <div className="mx-auto grid size-16 place-items-center rounded-full bg-red-50 text-red-700">
          <ErrorCircleIcon className="size-9" />
        </div>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{t("screen.failure")}</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {t("result.failureMessage")}
        </p>
        <p className="mt-2 text-sm text-slate-600">{t("result.notCharged")}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={retryTo} className={buttonClasses("primary")}>
            {t("payment.retry")}
          </Link>
          <Link
            to={order ? `/support?order=${encodeURIComponent(order.number)}` : "/support"}
            className={buttonClasses("secondary")}
          >
            {t("result.contactSupport")}
          </Link>
          <WhatsAppButton orderNumber={order?.number} />
        </div>
        <p className="mt-6 text-sm text-slate-600">
          {t("result.helpIntro")}{" "}
          <Link to="/guide" className="font-semibold text-brand-800 underline underline-offset-4">
            {t("nav.guide")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
