import type { Dashboard, DashboardWindow } from "@esim/shared/console/dashboard-contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import type { ConsoleFormatters } from "../../lib/format.ts";
import { useT } from "../../lib/i18n.ts";
import { DailySalesChart } from "./daily-sales-chart.tsx";

const CARD = "rounded-2xl bg-white p-4 ring-1 ring-slate-200";

function Section({ title, count, children }: { title: string; count?: string; children: ReactNode }) {
  return (
    <section className={CARD} aria-label={title}>
      <h3 className="flex items-center justify-between gap-2 text-base font-bold text-slate-900">
        <span>{title}</span>
        {count !== undefined ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">{count}</span>
        ) : null}
      </h3>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

function WindowCard({ title, window, format }: { title: string; window: DashboardWindow; format: ConsoleFormatters }) {
  const t = useT();
  return (
    <section className={CARD} aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-600">{title}</h3>
      <p className="mt-1 text-2xl font-bold text-slate-900">
        <span className="sr-only">{t("console.dashboard.netSales")} </span>
        <bdi>{format.dzd(window.netDzdMinor)}</bdi>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("console.dashboard.grossSales")}</dt>
        <dd className="text-end font-semibold text-slate-900">
          <bdi>{format.dzd(window.grossDzdMinor)}</bdi>
        </dd>
        <dt className="text-slate-600">{t("console.dashboard.refunds")}</dt>
        <dd className="text-end font-semibold text-slate-900">
          <bdi>{window.refundsDzdMinor > 0 ? `−${format.dzd(window.refundsDzdMinor)}` : format.dzd(0)}</bdi>
        </dd>
        <dt className="text-slate-600">{t("console.dashboard.paidOrders")}</dt>
        <dd className="text-end font-semibold text-slate-900">{format.number(window.paidOrders)}</dd>
        <dt className="text-slate-600">{t("console.dashboard.conversion")}</dt>
        <dd className="text-end font-semibold text-slate-900">
          {window.conversionRate === null ? "–" : format.percent(window.conversionRate)}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        {t("console.dashboard.checkouts", {
          paid: format.number(window.checkoutsPaid),
          started: format.number(window.checkoutsStarted),
        })}
      </p>
    </section>
  );
}

/** A queued order: its number opens it (the operator acts from the order's page). */
function OrderRow({ number, detail, isWarning = false }: { number: string; detail: string; isWarning?: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 py-1.5">
      <Link
        to={`/admin/orders/${encodeURIComponent(number)}`}
        className="inline-flex min-h-11 items-center font-mono font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        <bdi>{number}</bdi>
      </Link>
      <span className={isWarning ? "font-semibold text-red-700" : "text-slate-700"}>{detail}</span>
    </li>
  );
}

/** The shop's figures now: sales windows, the chart, and every queue an operator must empty. */
export function DashboardView({ dashboard, format }: { dashboard: Dashboard; format: ConsoleFormatters }) {
  const t = useT();
  const { sales, undelivered, provisioningFailures, pendingCancellations, refundsOwed, upstreamBalance } = dashboard;
  const none = <p className="text-slate-500">{t("console.dashboard.none")}</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {t("console.dashboard.generatedAt", { time: format.dateTime(dashboard.generatedAt) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <WindowCard title={t("console.dashboard.today")} window={sales.today} format={format} />
        <WindowCard title={t("console.dashboard.last7Days")} window={sales.last7Days} format={format} />
        <WindowCard title={t("console.dashboard.last30Days")} window={sales.last30Days} format={format} />
      </div>

      <section className={CARD} aria-labelledby="daily-sales-title">
        <h3 id="daily-sales-title" className="mb-3 text-base font-bold text-slate-900">
          {t("console.dashboard.dailySales")}
        </h3>
        <DailySalesChart days={dashboard.dailySales} format={format} />
      </section>

      <div className="grid gap-3 lg:grid-cols-2">
        <Section title={t("console.dashboard.undelivered")} count={format.number(undelivered.count)}>
          {undelivered.orders.length === 0 ? (
            none
          ) : (
            <ul className="divide-y divide-slate-100">
              {undelivered.orders.map((order) => (
                <OrderRow
                  key={order.number}
                  number={order.number}
                  detail={t("console.dashboard.waitingFor", { age: format.age(order.ageMinutes) })}
                  isWarning={order.attentionKind !== null}
                />
              ))}
            </ul>
          )}
        </Section>

        <Section title={t("console.dashboard.provisioningFailures")} count={format.number(provisioningFailures.count)}>
          {provisioningFailures.orders.length === 0 ? (
            none
          ) : (
            <ul className="divide-y divide-slate-100">
              {provisioningFailures.orders.map((order) => (
                <OrderRow
                  key={order.number}
                  number={order.number}
                  detail={t("console.dashboard.waitingFor", { age: format.age(order.ageMinutes) })}
                  isWarning
                />
              ))}
            </ul>
          )}
        </Section>

        <Section title={t("console.dashboard.pendingCancellations")} count={format.number(pendingCancellations.count)}>
          {pendingCancellations.requests.length === 0 ? (
            none
          ) : (
            <>
              <p className="mb-1">
                {t("console.dashboard.toRefund", { amount: format.dzd(pendingCancellations.refundDzdMinor) })}
              </p>
              <ul className="divide-y divide-slate-100">
                {pendingCancellations.requests.map((request) => (
                  <OrderRow
                    key={request.id}
                    number={request.orderNumber}
                    detail={`${format.dzd(request.refundDzdMinor)} · ${t("console.dashboard.waitingFor", { age: format.age(request.ageMinutes) })}`}
                  />
                ))}
              </ul>
            </>
          )}
        </Section>

        <Section title={t("console.dashboard.refundsOwed")} count={format.number(refundsOwed.count)}>
          {refundsOwed.orders.length === 0 ? (
            none
          ) : (
            <>
              <p className="mb-1">
                {t("console.dashboard.toRefund", { amount: format.dzd(refundsOwed.totalDzdMinor) })}
                {refundsOwed.overdueCount > 0 ? (
                  <span className="ms-2 font-semibold text-red-700">
                    {t("console.dashboard.overdueCount", { count: format.number(refundsOwed.overdueCount) })}
                  </span>
                ) : null}
              </p>
              <ul className="divide-y divide-slate-100">
                {refundsOwed.orders.map((order) => (
                  <OrderRow
                    key={order.number}
                    number={order.number}
                    detail={`${format.dzd(order.amountDzdMinor)} · ${
                      order.isOverdue
                        ? t("console.dashboard.overdue")
                        : t("console.dashboard.waitingFor", { age: format.age(order.ageMinutes) })
                    }`}
                    isWarning={order.isOverdue}
                  />
                ))}
              </ul>
            </>
          )}
        </Section>
      </div>

      <Section title={t("console.dashboard.upstreamBalance")}>
        {upstreamBalance.state === "known" ? (
          <div className="space-y-2">
            <p className="text-2xl font-bold text-slate-900">
              <bdi>{format.usdE4(upstreamBalance.balanceUsdE4)}</bdi>
            </p>
            {upstreamBalance.isLow ? (
              <Alert>
                {t("console.dashboard.lowBalance", { threshold: format.usdE4(upstreamBalance.lowThresholdUsdE4) })}
              </Alert>
            ) : null}
          </div>
        ) : (
          <Alert>{t("console.dashboard.balanceUnavailable")}</Alert>
        )}
      </Section>
    </div>
  );
}
