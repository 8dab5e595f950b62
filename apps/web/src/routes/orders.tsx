import type { OrderSummary } from "@esim/shared/checkout/contracts";
import { formatDate } from "@esim/shared/format";
import { formatMoney } from "@esim/shared/money";
import type { OrderStatus } from "@esim/shared/statuses";
import { Link } from "react-router";
import { DestinationFlag } from "../components/flags/destination-flag.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { CodeText } from "../components/ui/code-text.tsx";
import { ChevronEndIcon } from "../components/ui/icons.tsx";
import { Page } from "../components/ui/page.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useOrders } from "../features/orders/api/list-orders.ts";
import { InvoiceButton } from "../features/orders/components/invoice-button.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { type MessageId, useLanguage, useT } from "../lib/i18n.ts";
import { usePlanText } from "../lib/plan-text.ts";

const STATUS_LABEL: Record<OrderStatus, MessageId> = {
  not_paid: "orders.status.notPaid",
  pending: "orders.status.pending",
  confirmed: "orders.status.confirmed",
  delivered: "orders.status.delivered",
  rejected: "orders.status.rejected",
  on_hold: "orders.status.onHold",
  refund_due: "orders.status.refundDue",
  refunded: "orders.status.refunded",
};

/**
 * A rejected order says how it ended: a declined card, a payment its payer cancelled on the gateway's page, a checkout
 * that lapsed, an order its payer cancelled.
 */
const REJECTED_LABEL: Record<NonNullable<OrderSummary["rejectedBy"]>, MessageId> = {
  payment_failed: "orders.status.rejected",
  payment_canceled: "orders.status.paymentCanceled",
  checkout_lapsed: "orders.status.expired",
  customer_cancelled: "orders.status.cancelled",
};

function statusLabelOf(order: Pick<OrderSummary, "status" | "rejectedBy">): MessageId {
  return order.status === "rejected" && order.rejectedBy
    ? REJECTED_LABEL[order.rejectedBy]
    : STATUS_LABEL[order.status];
}

const STATUS_TONE: Record<OrderStatus, string> = {
  not_paid: "bg-slate-100 text-slate-700",
  pending: "bg-amber-50 text-amber-800",
  confirmed: "bg-sky-50 text-sky-800",
  delivered: "bg-emerald-50 text-emerald-800",
  rejected: "bg-red-50 text-red-700",
  on_hold: "bg-amber-50 text-amber-800",
  refund_due: "bg-amber-50 text-amber-800",
  refunded: "bg-slate-100 text-slate-700",
};

/**
 * /orders: every order of the account, newest first, each with its status, the amount charged (always DZD, whatever
 * the prices were shown in) and, once paid, its invoice.
 */
export function OrdersRoute() {
  const t = useT();
  const language = useLanguage();
  const { data: planData, validity } = usePlanText();
  const orders = useOrders();
  return (
    <Page title={t("screen.orders")} hasBack backTo="/profile">
      {orders.isPending ? (
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner label={t("common.loading")} />
        </div>
      ) : !orders.data ? (
        <Alert>{t(errorMessageId(orders.error))}</Alert>
      ) : orders.data.length === 0 ? (
        <Card>
          <p className="text-slate-700">{t("orders.empty")}</p>
          <Link to="/home" className={buttonClasses("primary", "mt-4 w-full")}>
            {t("cart.browse")}
          </Link>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label={t("screen.orders")}>
          {orders.data.map((order) => (
            <li key={order.id}>
              <Card>
                <Link
                  to={`/status/${encodeURIComponent(order.id)}`}
                  className="-m-2 flex items-center gap-4 rounded-xl p-2 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
                >
                  <DestinationFlag destination={order.destination} />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-semibold text-slate-900">{order.destination.names[language]}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[order.status]}`}>
                        {t(statusLabelOf(order))}
                      </span>
                    </span>
                    <span className="block text-sm text-slate-700">
                      {order.kind === "top_up" ? `${t("details.bundleTopUp")} · ` : ""}
                      {t("plan.title", { data: planData(order.plan), validity: validity(order.plan.validityDays) })}
                    </span>
                    <span className="block text-sm text-slate-600">
                      <CodeText>{order.number}</CodeText> ·{" "}
                      <bdi dir="ltr" className="whitespace-nowrap">
                        {formatDate(order.createdAt)}
                      </bdi>{" "}
                      ·{" "}
                      <bdi dir="ltr" className="whitespace-nowrap">
                        {formatMoney(order.chargeDzdMinor, "DZD")}
                      </bdi>
                    </span>
                  </span>
                  <ChevronEndIcon className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
                </Link>
                {order.hasInvoice ? (
                  <div className="mt-3 border-t border-slate-100 pt-3">
                    <InvoiceButton orderId={order.id} orderNumber={order.number} />
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
