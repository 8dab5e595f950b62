import type { ConsoleOrderSummary, OrderListFilter } from "@esim/shared/console/orders-contract";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { ATTENTION_LABEL } from "../../components/order-labels.ts";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { type ConsoleFormatters, consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useConsolePlanName } from "../../lib/plan-name.ts";
import { orderSearchQuery } from "../api/orders.ts";
import { filterOfForm, formOfFilter, isBadRange, OrderFilterFields } from "./order-list-filters.tsx";
import { OrdersExport } from "./orders-export.tsx";

/**
 * The orders list: one search box (a name, an email, a phone, part of an order number, an ICCID or a payment id) with
 * the filter's fields, the matching orders newest first a page at a time, and the export of them all. The filter and
 * page live in the address so "back" from an order returns here and a filtered list can be shared.
 */
export function OrderSearch({
  filter,
  page,
  onSearch,
}: {
  filter: OrderListFilter;
  page: number;
  onSearch: (next: { filter: OrderListFilter; page: number }) => void;
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [form, setForm] = useState(() => formOfFilter(filter));
  const results = useQuery(orderSearchQuery(filter, page));
  const hasFilter = Object.keys(filter).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBadRange(form)) return;
    onSearch({ filter: filterOfForm(form), page: 1 });
  };

  return (
    <div className="space-y-4">
      <form
        aria-label={t("console.orders.filters")}
        onSubmit={submit}
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField
          className="sm:col-span-2 lg:col-span-3"
          label={t("console.orders.searchLabel")}
          type="search"
          value={form.q}
          onChange={(event) => setForm({ ...form, q: event.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
        <OrderFilterFields form={form} onChange={setForm} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit" className="sm:min-w-32">
            {t("console.orders.searchButton")}
          </Button>
          {hasFilter ? (
            <Button
              variant="secondary"
              onClick={() => {
                setForm(formOfFilter({}));
                onSearch({ filter: {}, page: 1 });
              }}
            >
              {t("console.orders.filter.reset")}
            </Button>
          ) : null}
        </div>
      </form>

      <OrdersExport filter={filter} />

      {results.error ? <Alert>{t(errorMessageId(results.error))}</Alert> : null}
      {results.data ? (
        results.data.data.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">{t("console.orders.empty")}</p>
        ) : (
          <ul aria-label={t("console.orders.results")} className="space-y-2">
            {results.data.data.map((order) => (
              <OrderRow key={order.number} order={order} format={format} />
            ))}
          </ul>
        )
      ) : results.isPending ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : null}

      {results.data && (page > 1 || results.data.hasMore) ? (
        <nav aria-label={t("console.orders.pages")} className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onSearch({ filter, page: page - 1 })}>
            {t("console.orders.previous")}
          </Button>
          <p className="text-sm text-slate-700">{t("console.orders.page", { page: format.number(page) })}</p>
          <Button
            variant="secondary"
            disabled={!results.data.hasMore}
            onClick={() => onSearch({ filter, page: page + 1 })}
          >
            {t("console.orders.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function OrderRow({ order, format }: { order: ConsoleOrderSummary; format: ConsoleFormatters }) {
  const t = useT();
  const planName = useConsolePlanName();
  return (
    <li>
      <Link
        to={`/admin/orders/${order.number}`}
        className="grid gap-1 rounded-2xl bg-white p-4 ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-3 focus-visible:outline-brand-600 sm:grid-cols-[10rem_1fr_auto] sm:items-center sm:gap-4"
      >
        <span className="flex flex-wrap items-center gap-2">
          <bdi className="font-mono font-semibold text-brand-800">{order.number}</bdi>
        </span>
        <span className="min-w-0 text-sm text-slate-700">
          <bdi className="block truncate font-medium text-slate-900">{order.email}</bdi>
          {/* Each value isolated: in Arabic the date stays whole, after the plan's name, not split around it. */}
          <span className="block">
            <bdi>{planName(order.plan)}</bdi> × <bdi>{format.number(order.quantity)}</bdi> ·{" "}
            <bdi>{format.dateTime(order.createdAt)}</bdi>
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2 sm:justify-end">
          <bdi className="text-sm font-semibold text-slate-900">{format.dzd(order.chargeDzdMinor)}</bdi>
          <OrderStatusBadge status={order.status} rejectedBy={order.rejectedBy} />
          {order.attentionKind ? (
            <span className="rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-200">
              {t(ATTENTION_LABEL[order.attentionKind])}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
