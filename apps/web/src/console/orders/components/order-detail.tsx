import type { ConsoleOrderDetail } from "@esim/shared/console/orders-contract";
import { ESIM_STATUS_NAME, paymentMethodName } from "@esim/ui/status-labels";
import { type ReactNode, useId } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { IccidText } from "../../../components/ui/iccid-text.tsx";
import { ATTENTION_LABEL, chargeLabel, gatewayLabel, PAYMENT_STATUS_LABEL } from "../../components/order-labels.ts";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { RawForSupport } from "../../components/raw-for-support.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";
import { useConsolePlanName } from "../../lib/plan-name.ts";
import { OrderActions } from "./order-actions.tsx";
import { OrderEsimCancel } from "./order-esim-cancel.tsx";
import { OrderMargin } from "./order-margin.tsx";
import { OrderRefundsPanel } from "./order-refunds-panel.tsx";
import { OrderTimeline } from "./order-timeline.tsx";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** One order for the operator: what it is, where it stands, what can be done, and everything that happened to it. */
export function OrderDetail({
  order,
  isAdmin,
  format,
}: {
  order: ConsoleOrderDetail;
  isAdmin: boolean;
  format: ConsoleFormatters;
}) {
  const t = useT();
  const planName = useConsolePlanName();
  const none = "—";
  const { payment, provisioning } = order;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {t("console.orders.detailTitle")} <bdi className="font-mono">{order.number}</bdi>
        </h1>
        <OrderStatusBadge status={order.status} rejectedBy={order.rejectedBy} />
      </div>
      {order.attention ? (
        <Alert>
          <strong>{t(ATTENTION_LABEL[order.attention.kind])}</strong>
          {order.attention.reason ? (
            <span className="block">
              <bdi>{order.attention.reason}</bdi>
            </span>
          ) : null}
        </Alert>
      ) : null}

      <Section title={t("console.orders.actions")}>
        <OrderActions order={order} isAdmin={isAdmin} format={format} />
      </Section>

      <Section title={t("console.orders.refund.title")}>
        <OrderRefundsPanel order={order} isAdmin={isAdmin} format={format} />
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t("console.orders.summary")}>
          <Facts
            rows={[
              [t("console.orders.field.customer"), <bdi key="email">{order.customer.email}</bdi>],
              [t("console.orders.field.name"), <bdi key="name">{order.customer.name}</bdi>],
              [
                t("console.orders.field.plan"),
                <span key="plan">
                  <bdi>{planName(order.plan)}</bdi> × <bdi>{format.number(order.quantity)}</bdi>
                </span>,
              ],
              [t(chargeLabel(order.status)), <bdi key="charge">{format.dzd(order.chargeDzdMinor)}</bdi>],
              [t("console.orders.field.coupon"), order.couponCode ? <bdi key="coupon">{order.couponCode}</bdi> : none],
              [t("console.orders.field.createdAt"), <bdi key="created">{format.dateTime(order.createdAt)}</bdi>],
              [
                t("console.orders.field.paidAt"),
                order.paidAt ? <bdi key="paid">{format.dateTime(order.paidAt)}</bdi> : none,
              ],
              [
                t("console.orders.field.deliveredAt"),
                order.deliveredAt ? <bdi key="delivered">{format.dateTime(order.deliveredAt)}</bdi> : none,
              ],
            ]}
          />
        </Section>
        <Section title={t("console.orders.payment")}>
          <Facts
            rows={[
              [t("console.orders.field.paymentStatus"), t(PAYMENT_STATUS_LABEL[payment.status])],
              [
                t("console.orders.field.paymentId"),
                <bdi key="id" className="font-mono text-xs">
                  {payment.id}
                </bdi>,
              ],
              [
                t("console.orders.field.gateway"),
                // The gateway by its name, the method in the words the buyer chose it by.
                <bdi key="gw">{`${t(gatewayLabel(payment.provider))} · ${paymentMethodName(t, payment.method)}`}</bdi>,
              ],
              [
                t("console.orders.field.checkout"),
                payment.providerReference ? (
                  <bdi key="ref" className="font-mono text-xs">
                    {payment.providerReference}
                  </bdi>
                ) : (
                  none
                ),
              ],
              [t("console.orders.field.amount"), <bdi key="amount">{format.dzd(payment.amountDzdMinor)}</bdi>],
              ...(order.paidBy
                ? [
                    [
                      t("console.orders.field.paidBy"),
                      <PaidBy key="paidBy" paidBy={order.paidBy} format={format} />,
                    ] as [string, ReactNode],
                  ]
                : []),
            ]}
          />
        </Section>
        {isAdmin ? (
          <Section title={t("console.margins.margin")}>
            <OrderMargin number={order.number} format={format} />
          </Section>
        ) : null}
        <Section title={t("console.orders.provisioning")}>
          <Facts
            rows={[
              [t("console.orders.field.attempts"), format.number(provisioning.attempts)],
              [
                t("console.orders.field.lastError"),
                provisioning.lastError ? (
                  <span key="err">
                    {t("console.orders.lastErrorSummary")}
                    <RawForSupport text={provisioning.lastError} />
                  </span>
                ) : (
                  none
                ),
              ],
              [
                t("console.orders.field.upstreamOrder"),
                provisioning.upstreamOrderNo ? <bdi key="up">{provisioning.upstreamOrderNo}</bdi> : none,
              ],
              [
                t("console.orders.field.job"),
                provisioning.job
                  ? provisioning.job.isRunning
                    ? t("console.orders.jobRunning")
                    : t("console.orders.jobQueued", {
                        attempts: format.number(provisioning.job.attempts),
                        max: format.number(provisioning.job.maxAttempts),
                        time: format.dateTime(provisioning.job.runAt),
                      })
                  : none,
              ],
            ]}
          />
        </Section>
        <Section title={t("console.orders.esims")}>
          {order.esims.length === 0 ? (
            <p className="text-sm text-slate-600">{t("console.orders.noEsims")}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {order.esims.map((esim) => (
                <li key={esim.id} className="rounded-xl bg-slate-50 p-3">
                  <IccidText iccid={esim.iccid} hasPrefix className="block text-xs break-all text-slate-900" />
                  <span className="text-slate-700">
                    <bdi>{t(ESIM_STATUS_NAME[esim.status])}</bdi>
                    {esim.dataTotalBytes !== null
                      ? ` · ${t("console.orders.usage", {
                          used: format.number(mb(esim.dataUsedBytes)),
                          total: format.number(mb(esim.dataTotalBytes)),
                        })}`
                      : null}
                  </span>
                  <OrderEsimCancel order={order} esim={esim} format={format} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title={t("console.orders.timeline")}>
        <OrderTimeline items={order.timeline} format={format} />
      </Section>
    </div>
  );
}

/** Who paid the order and how: the customer online (with store credit, if used), a relative's link, credit, auto top-up. */
function PaidBy({ paidBy, format }: { paidBy: NonNullable<ConsoleOrderDetail["paidBy"]>; format: ConsoleFormatters }) {
  const t = useT();
  const amount = `\u2068${format.dzd(paidBy.creditDzdMinor)}\u2069`;
  if (paidBy.kind === "payLink") {
    return (
      <span>
        {t("console.orders.paidBy.payLink", {
          time: `\u2068${paidBy.linkCreatedAt ? format.dateTime(paidBy.linkCreatedAt) : ""}\u2069`,
        })}
        <span className="block text-xs text-slate-600">
          {paidBy.payerEmail
            ? t("console.orders.paidBy.receipt", { email: `\u2068${paidBy.payerEmail}\u2069` })
            : t("console.orders.paidBy.noReceipt")}
        </span>
      </span>
    );
  }
  if (paidBy.kind === "autoTopUp") return <span>{t("console.orders.paidBy.autoTopUp")}</span>;
  if (paidBy.kind === "storeCredit") return <span>{t("console.orders.paidBy.storeCredit")}</span>;
  return (
    <span>
      {paidBy.creditDzdMinor > 0
        ? t("console.orders.paidBy.customerWithCredit", { amount })
        : t("console.orders.paidBy.customer")}
    </span>
  );
}
