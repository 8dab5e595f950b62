import { type ReactNode, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CheckCircleIcon, ErrorCircleIcon } from "../components/ui/icons.tsx";
import { useSession } from "../features/auth/hooks/use-session.ts";
import { useOrder } from "../features/orders/api/get-order.ts";
import { usePayment } from "../features/payments/api/get-payment.ts";
import { PaymentCallbackView } from "../features/payments/components/payment-callback-view.tsx";
import { RESULT_PATH_OF_STATUS } from "../features/payments/payment-result-path.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";
import { passOnQuery } from "../lib/query-string.ts";

/**
 * A result page that names a payment shows what the server says of it, never what the link says (the apps open
 * /success and /failure from the gateway's App Link): while it asks, a verifying state; a payment still pending
 * goes to /payment-callback, which follows it; the other result replaces this one when they disagree. Without a
 * paymentId the page shows as it is.
 */
function VerifiedResult({ path, children }: { path: "/success" | "/failure"; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const payment = usePayment(paymentId);
  const serverPath = payment.data ? RESULT_PATH_OF_STATUS[payment.data.status] : null;

  useEffect(() => {
    if (serverPath === null || serverPath === path) return;
    navigate(`${serverPath}${passOnQuery(params, { status: undefined })}`, { replace: true });
  }, [serverPath, path, params, navigate]);

  if (paymentId === null || serverPath === path) return children;
  return (
    <PaymentCallbackView
      state={payment.isError && !payment.data ? "error" : "verifying"}
      errorMessage={t(errorMessageId(payment.error))}
      onRefresh={() => void payment.refetch()}
      isRefreshing={payment.isFetching}
    />
  );
}

/** The order behind the result page, when the address names one and the visitor is signed in. */
function useResultOrder() {
  const [params] = useSearchParams();
  const { isAuthenticated } = useSession();
  const orderId = params.get("orderId");
  return { orderId, order: useOrder(orderId, { enabled: isAuthenticated }).data };
}

/** /success: the order number and the way to follow it. Every query parameter but `promo` stays. */
export function SuccessRoute() {
  return (
    <VerifiedResult path="/success">
      <SuccessResult />
    </VerifiedResult>
  );
}

function SuccessResult() {
  const t = useT();
  const { orderId, order } = useResultOrder();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <Card className="text-center sm:p-10">
        <div className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-700">
          <CheckCircleIcon className="size-9" />
        </div>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{t("screen.success")}</h1>
        <p className="mt-2 text-slate-600">{t("result.successMessage")}</p>
        {order ? (
          <p className="mt-4 text-slate-800">
            {t("result.orderNumber")} <bdi className="font-mono font-semibold">{order.number}</bdi>
          </p>
        ) : null}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {orderId ? (
            <Link to={`/status/${encodeURIComponent(orderId)}`} className={buttonClasses("primary")}>
              {t("result.followOrder")}
            </Link>
          ) : null}
          <Link to="/esims" className={buttonClasses("secondary")}>
            {t("nav.esims")}
          </Link>
        </div>
      </Card>
    </div>
  );
}

/** /failure: "Payment failed: please try again", Retry with the same cart, and where to get help. */
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
  const retryTo = order
    ? `/summary?${new URLSearchParams({
        plan: order.plan.id,
        destination: order.destination.code,
        ...(order.quantity !== 1 ? { quantity: String(order.quantity) } : {}),
        ...(order.couponCode ? { coupon: order.couponCode } : {}),
      })}`
    : "/home";
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
          <Link to="/support" className={buttonClasses("secondary")}>
            {t("result.contactSupport")}
          </Link>
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
