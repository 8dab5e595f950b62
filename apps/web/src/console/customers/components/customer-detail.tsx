import type { CustomerDetail } from "@esim/shared/console/customers-contract";
import { countryName } from "@esim/shared/countries";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { PhoneNumber } from "../../components/phone-number.tsx";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useConsolePlanName } from "../../lib/plan-name.ts";
import { useUnblockCustomerPin } from "../api/customers.ts";
import { CustomerAutoTopUps } from "./customer-auto-top-ups.tsx";
import { CustomerCreditLoads } from "./customer-credit-loads.tsx";
import { CustomerEsims } from "./customer-esims.tsx";
import { CustomerSection } from "./customer-section.tsx";
import { CustomerSessions } from "./customer-sessions.tsx";
import { CustomerStoreCredit } from "./customer-store-credit.tsx";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Everything the console knows of one customer: profile, PIN, orders, store credit, eSIMs,
 * devices, pay-for-me links, auto top-ups, credit loads, sessions. */
export function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const { profile, pin } = customer;
  const unblock = useUnblockCustomerPin(profile.id);
  const planName = useConsolePlanName();
  const isDeleted = profile.deletedAt !== null;

  return (
    <div className="space-y-4">
      {profile.deletedAt ? (
        <Alert tone="info">{t("console.customers.deletedAlert", { time: format.dateTime(profile.deletedAt) })}</Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <CustomerSection title={t("console.customers.profile.title")}>
          <dl className="text-sm">
            <Row label={t("console.customers.profile.email")}>
              {profile.email ? <bdi className="break-all">{profile.email}</bdi> : "—"}
            </Row>
            <Row label={t("console.customers.profile.phone")}>
              {profile.phone ? <PhoneNumber e164={profile.phone} /> : "—"}
            </Row>
            <Row label={t("console.customers.profile.country")}>
              {profile.country ? countryName(profile.country, language) : "—"}
            </Row>
            <Row label={t("console.customers.profile.language")}>
              {t(`console.cancellations.languageName.${profile.language}`)}
            </Row>
            <Row label={t("console.customers.profile.currency")}>
              <bdi dir="ltr">{profile.currency}</bdi>
            </Row>
            <Row label={t("console.customers.profile.verified")}>
              {t(profile.isVerified ? "console.customers.yes" : "console.customers.no")}
            </Row>
            <Row label={t("console.customers.profile.createdAt")}>
              <bdi>{format.dateTime(profile.createdAt)}</bdi>
            </Row>
          </dl>
        </CustomerSection>

        <CustomerSection title={t("console.customers.pin.title")}>
          <p className="text-sm font-medium text-slate-900">
            {!pin.isSet
              ? t("console.customers.pin.notSet")
              : pin.isBlocked
                ? t("console.customers.pin.blocked")
                : t("console.customers.pin.attemptsLeft", { count: pin.attemptsLeft })}
          </p>
          <p className="mt-1 text-sm text-slate-600">{t("console.customers.pin.hint")}</p>
          {unblock.isSuccess ? (
            <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
              {t("console.customers.pin.unblocked")}
            </p>
          ) : null}
          {unblock.error ? <Alert>{t(errorMessageId(unblock.error))}</Alert> : null}
          {!isDeleted && pin.isSet && (pin.isBlocked || pin.attemptsLeft < 4) ? (
            <Button
              className="mt-3 min-h-11 px-3 text-sm"
              isLoading={unblock.isPending}
              onClick={() => unblock.mutate()}
            >
              {t("console.customers.pin.unblock")}
            </Button>
          ) : null}
        </CustomerSection>
      </div>

      <CustomerSection title={t("console.customers.orders.title")}>
        {customer.orders.length === 0 ? <p className="text-slate-600">{t("console.customers.orders.empty")}</p> : null}
        <ul className="divide-y divide-slate-100">
          {customer.orders.map((order) => (
            <li key={order.number} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <Link
                  to={`/admin/orders/${encodeURIComponent(order.number)}`}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  <bdi dir="ltr">{order.number}</bdi>
                </Link>{" "}
                <span className="text-slate-700">
                  <bdi>{planName(order.plan)}</bdi>
                  {order.kind === "top_up" ? ` · ${t("console.customers.orders.topUp")}` : ""}
                </span>
              </span>
              <span className="flex flex-wrap items-baseline gap-2 text-slate-700">
                <OrderStatusBadge status={order.status} rejectedBy={order.rejectedBy} />
                <bdi className="font-medium text-slate-900">{format.dzd(order.chargeDzdMinor)}</bdi>
                <bdi className="text-slate-600">{format.dateTime(order.createdAt)}</bdi>
              </span>
            </li>
          ))}
        </ul>
      </CustomerSection>

      <CustomerStoreCredit customerId={profile.id} isDeleted={isDeleted} />

      <CustomerEsims customerId={profile.id} esims={customer.esims} />

      <div className="grid gap-4 lg:grid-cols-2">
        <CustomerSection title={t("console.customers.devices.title")}>
          {customer.devices.length === 0 ? (
            <p className="text-slate-600">{t("console.customers.devices.empty")}</p>
          ) : null}
          <ul className="space-y-2">
            {customer.devices.map((device) => (
              <li key={device.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                <p className="font-semibold text-slate-900">
                  <bdi>
                    {device.model} · {device.platform} {device.osVersion}
                  </bdi>
                </p>
                <p>
                  {t("console.customers.devices.app", { version: device.appVersion })}
                  {" · "}
                  <bdi dir="ltr">{device.deviceLocale}</bdi>
                  {" · "}
                  {t(device.hasPushToken ? "console.customers.devices.push" : "console.customers.devices.noPush")}
                </p>
                <p className="text-slate-600">
                  {t("console.customers.devices.seenAt", { time: format.dateTime(device.updatedAt) })}
                </p>
              </li>
            ))}
          </ul>
        </CustomerSection>
        <CustomerSection title={t("console.customers.payLinks.title")}>
          {(customer.payLinks ?? []).length === 0 ? (
            <p className="text-slate-600">{t("console.customers.payLinks.empty")}</p>
          ) : null}
          <ul className="space-y-2">
            {customer.payLinks?.map((link) => (
              <li key={link.id} className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                <p className="font-semibold text-slate-900">
                  {t(`console.customers.payLinks.kind.${link.kind}`)} ·{" "}
                  <bdi dir="ltr">{format.dzd(link.amountDzdMinor)}</bdi>
                </p>
                <p>{t(`console.customers.payLinks.status.${link.status}`)}</p>
                <p className="text-slate-600">
                  {t("console.customers.payLinks.made", {
                    time: format.dateTime(link.createdAt),
                    until: format.dateTime(link.expiresAt),
                  })}
                  {link.paidAt
                    ? ` · ${t("console.customers.payLinks.paidAt", { time: format.dateTime(link.paidAt) })}`
                    : null}
                  {link.revokedAt
                    ? ` · ${t("console.customers.payLinks.revokedAt", { time: format.dateTime(link.revokedAt) })}`
                    : null}
                </p>
              </li>
            ))}
          </ul>
        </CustomerSection>
        <CustomerAutoTopUps customer={customer} />
        <CustomerCreditLoads loads={customer.creditLoads ?? []} />
        <CustomerSessions customerId={profile.id} sessions={customer.sessions} />
      </div>
    </div>
  );
}
