import { PAYMENT_METHODS } from "@esim/shared/checkout/contracts";
import {
  ORDER_LIST_FILTER_KEYS,
  type OrderListFilter,
  orderListFilterShape,
} from "@esim/shared/console/orders-contract";
import { ORDER_STATUSES } from "@esim/shared/statuses";
import { PAYMENT_METHOD_NAME } from "@esim/ui/status-labels";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ORDER_STATUS_LABEL } from "../../components/order-labels.ts";
import { useT } from "../../lib/i18n.ts";

// The orders list's filter (decision 074) lives in the address, `?q=…&status=…&from=…&to=…&paymentMethod=…&couponCode=…
// &refundOwed=true`
// with `page`, so a filtered list can be reloaded, shared and returned to from an order. The form edits it as text.

/** The filter as the form's fields hold it: blank is "any". */
export type OrderFilterForm = Record<(typeof ORDER_LIST_FILTER_KEYS)[number], string>;

/** The form's fields as the API's filter: blanks left out, and any value the API would refuse. */
export function filterOfForm(form: OrderFilterForm): OrderListFilter {
  const filter: Record<string, string> = {};
  for (const key of ORDER_LIST_FILTER_KEYS) {
    const value = form[key].trim();
    if (value !== "" && orderListFilterShape[key].safeParse(value).success) filter[key] = value;
  }
  return filter as OrderListFilter;
}

/** The filter read from the address (a hand-edited value the API would refuse is dropped). */
export function filterOfParams(params: URLSearchParams): OrderListFilter {
  return filterOfForm(formOfFilter(Object.fromEntries(ORDER_LIST_FILTER_KEYS.map((key) => [key, params.get(key)]))));
}

export function formOfFilter(
  filter: Partial<Record<keyof OrderFilterForm, string | null | undefined>>,
): OrderFilterForm {
  return Object.fromEntries(ORDER_LIST_FILTER_KEYS.map((key) => [key, filter[key] ?? ""])) as OrderFilterForm;
}

/** The address's query for a filter and page (page 1 and blanks left out), in the order of the filter's keys. */
export function paramsOfFilter(filter: OrderListFilter, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ORDER_LIST_FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  return params;
}

/** A first day after the last: nothing to ask the API. */
export function isBadRange(form: OrderFilterForm): boolean {
  return form.from !== "" && form.to !== "" && form.from > form.to;
}

/**
 * The filter's fields beside the search box: status, days of creation (Algiers), payment method, promo code, and the
 * orders money is still owed on (a delivered order can owe part of its price back).
 */
export function OrderFilterFields({
  form,
  onChange,
}: {
  form: OrderFilterForm;
  onChange: (next: OrderFilterForm) => void;
}) {
  const t = useT();
  const field = (key: keyof OrderFilterForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...form, [key]: event.target.value }),
  });
  const badRange = isBadRange(form);
  return (
    <>
      <SelectField
        label={t("console.orders.filter.status")}
        placeholder={t("console.orders.filter.anyStatus")}
        options={ORDER_STATUSES.map((status) => ({ value: status, label: t(ORDER_STATUS_LABEL[status]) }))}
        {...field("status")}
      />
      <SelectField
        label={t("console.orders.filter.paymentMethod")}
        placeholder={t("console.orders.filter.anyPaymentMethod")}
        options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(PAYMENT_METHOD_NAME[method]) }))}
        {...field("paymentMethod")}
      />
      <TextField
        label={t("console.orders.filter.couponCode")}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        {...field("couponCode")}
      />
      <SelectField
        label={t("console.orders.filter.refundOwed")}
        placeholder={t("console.orders.filter.anyRefund")}
        options={[{ value: "true", label: t("console.orders.filter.refundOwedOnly") }]}
        {...field("refundOwed")}
      />
      <TextField label={t("console.orders.filter.from")} type="date" {...field("from")} />
      <TextField
        label={t("console.orders.filter.to")}
        type="date"
        error={badRange ? t("console.orders.filter.badRange") : null}
        {...field("to")}
      />
    </>
  );
}
