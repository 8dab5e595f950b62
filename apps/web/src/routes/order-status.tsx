import { isAwaitingPayment } from "@esim/shared/statuses";
import { Link, useParams } from "react-router";
import { DestinationFlag } from "../components/flags/destination-flag.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CodeText } from "../components/ui/code-text.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { PaymentModal } from "../features/checkout/components/payment-modal.tsx";
import { cartOfOrder, cartSearch } from "../features/checkout/hooks/cart-params.ts";
import { useOrder } from "../features/orders/api/get-order.ts";
import { CreditNoteLinks } from "../features/orders/components/credit-note-links.tsx";
import { InvoiceButton } from "../features/orders/components/invoice-button.tsx";
import { OrderEsims } from "../features/orders/components/order-esims.tsx";
import { isPayersOrTimesEnd, OrderProgress } from "../features/orders/components/order-progress.tsx";
import { OrderRefund } from "../features/orders/components/order-refund.tsx";
import { UnpaidOrderActions } from "../features/orders/components/unpaid-order-actions.tsx";
import { useIsSlow } from "../features/orders/hooks/use-is-slow.ts";
import { errorMessageId } from "../lib/error-messages.ts";
import { useLanguage, useT } from "../lib/i18n.ts";
import { usePlanText } from "../lib/plan-text.ts";
import { usePayNow } from "./hooks/use-pay-now.ts";

/**
 * /status/:id: the order's progress, refreshed while it is being paid or prepared, then its eSIMs. An order awaiting
 * payment offers to pay it now or cancel it; one that ended unpaid (cancelled, expired) offers to buy the plan again.
 */
export function OrderStatusRoute() {
  const t = useT();
  const language = useLanguage();
  const { data: planData, validity, advice } = usePlanText();
  const { id = "" } = useParams();
  const order = useOrder(id, { isFollowing: true });
  const data = order.data;
  const isSlow = useIsSlow(data?.createdAt, data?.status === "confirmed");
  const payNow = usePayNow({ orderId: data?.id, queryId: id });
  const isAwaiting = data !== undefined && isAwaitingPayment(data.status);
  const canBuyAgain = data?.status === "rejected" && isPayersOrTimesEnd(data.rejectedBy);
  return (
    <Page title={t("screen.status")} hasBack backTo="/esims">
      {order.isPending ? (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      ) : !data ? (
        <Alert>{t(errorMessageId(order.error))}</Alert>
      ) : (
        <div className="space-y-4">
          <Card>
            <p className="text-sm text-slate-600">
              {t("result.orderNumber")} <CodeText className="font-semibold text-slate-900">{data.number}</CodeText>
            </p>
            <div className="mt-3 flex items-center gap-4">
              <DestinationFlag destination={data.destination} size="lg" />
              <div>
                <p className="text-lg font-semibold text-slate-900">{data.destination.names[language]}</p>
                <p className="text-slate-700">
                  {t("plan.title", { data: planData(data.plan), validity: validity(data.plan.validityDays) })}
                </p>
                {data.kind === "top_up" ? (
                  <p className="text-sm text-slate-600">{t("cart.topUpLine")}</p>
                ) : (
                  <p className="text-sm text-slate-700">{advice(data.plan).sentence}</p>
                )}
              </div>
            </div>
          </Card>
          <Card>
            <OrderProgress
              status={data.status}
              isSlow={isSlow}
              isTopUp={data.kind === "top_up"}
              rejectedBy={data.rejectedBy}
              couponCode={data.couponCode}
            />
            {isAwaiting ? (
              <div className="mt-4">
                <UnpaidOrderActions order={data} queryId={id} onPayNow={payNow.ask} />
              </div>
            ) : null}
            {canBuyAgain ? (
              <Link to={`/cart${cartSearch(cartOfOrder(data))}`} className={buttonClasses("primary", "mt-4 w-full")}>
                {t("status.buyAgain")}
              </Link>
            ) : null}
          </Card>
          <PaymentModal
            state={payNow.state}
            chargeDzdMinor={data.chargeDzdMinor - data.creditAppliedDzdMinor}
            onContinue={payNow.pay}
            onCancel={payNow.cancel}
          />
          {data.hasInvoice || data.status === "on_hold" ? <OrderRefund orderId={data.id} /> : null}
          {data.hasInvoice ? <InvoiceButton orderId={data.id} orderNumber={data.number} /> : null}
          <CreditNoteLinks orderId={data.id} hasInvoice={data.hasInvoice} />
          {data.status === "delivered" ? <OrderEsims esims={data.esims} isTopUp={data.kind === "top_up"} /> : null}
        </div>
      )}
    </Page>
  );
}
