import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { PhoneNumber } from "../../components/phone-number.tsx";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { type CustomersFilter, customersQuery } from "../api/customers.ts";

const TAB =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-brand-600";

/**
 * The customer search: email, phone or name, live or deleted accounts, 20 a page. The filter lives in the address
 * (the route passes it in), so the back button and a shared link give the same list.
 */
export function CustomersSearch({
  filter,
  onFilterChange,
}: {
  filter: CustomersFilter;
  onFilterChange: (filter: CustomersFilter) => void;
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const [text, setText] = useState(filter.q);
  const customers = useQuery(customersQuery(filter));
  useEffect(() => setText(filter.q), [filter.q]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilterChange({ ...filter, q: text.trim(), page: 1 });
  };

  const tabs = [
    { state: "active", label: t("console.customers.active") },
    { state: "deleted", label: t("console.customers.deleted") },
  ] as const;

  return (
    <div className="space-y-4">
      <form
        aria-label={t("console.customers.search")}
        onSubmit={search}
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <TextField
          className="min-w-0 flex-1 basis-60"
          label={t("console.customers.searchLabel")}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit">{t("console.customers.search")}</Button>
      </form>

      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">{t("console.customers.accounts")}</legend>
        {tabs.map((tab) => (
          <button
            key={tab.state}
            type="button"
            aria-pressed={filter.state === tab.state}
            onClick={() => onFilterChange({ ...filter, state: tab.state, page: 1 })}
            className={`${TAB} ${filter.state === tab.state ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>

      {filter.state === "deleted" ? <Alert tone="info">{t("console.customers.deletionNote")}</Alert> : null}
      {customers.error ? <Alert>{t(errorMessageId(customers.error))}</Alert> : null}
      {customers.isPending ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      {customers.data && customers.data.data.length === 0 ? (
        <p className="text-slate-600">{t("console.customers.empty")}</p>
      ) : null}

      {customers.data && customers.data.data.length > 0 ? (
        <ul className="space-y-2">
          {customers.data.data.map((customer) => (
            <li key={customer.id}>
              <Link
                to={`/admin/customers/${customer.id}`}
                className="block rounded-xl bg-white p-3 ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    {customer.deletedAt
                      ? t("console.customers.deletedName")
                      : (customer.name ?? t("console.customers.noName"))}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t("console.customers.orderCount", { count: format.number(customer.orderCount) })}
                  </span>
                </span>
                <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
                  {customer.email ? <bdi className="break-all">{customer.email}</bdi> : null}
                  {customer.phone ? (
                    <span>
                      <PhoneNumber e164={customer.phone} />
                    </span>
                  ) : null}
                  <span>
                    {customer.deletedAt
                      ? t("console.customers.deletedAt", { time: format.dateTime(customer.deletedAt) })
                      : t("console.customers.since", { time: format.dateTime(customer.createdAt) })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      {customers.data && (filter.page > 1 || customers.data.hasMore) ? (
        <nav aria-label={t("console.customers.pages")} className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            disabled={filter.page <= 1}
            onClick={() => onFilterChange({ ...filter, page: filter.page - 1 })}
          >
            {t("console.customers.previous")}
          </Button>
          <span className="text-sm text-slate-700">{t("console.customers.page", { page: filter.page })}</span>
          <Button
            variant="secondary"
            className="min-h-11 px-3 text-sm"
            disabled={!customers.data.hasMore}
            onClick={() => onFilterChange({ ...filter, page: filter.page + 1 })}
          >
            {t("console.customers.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
