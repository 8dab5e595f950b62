import { useSearchParams } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { filterOfParams, paramsOfFilter } from "../components/order-list-filters.tsx";
import { OrderSearch } from "../components/order-search.tsx";

/** /admin/orders?q=…&status=…&from=…&to=…&paymentMethod=…&couponCode=…&page=…: the orders list (every operator). */
export function ConsoleOrdersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filter = filterOfParams(params);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.orders.title")}</h1>
      <OrderSearch
        key={paramsOfFilter(filter, 1).toString()}
        filter={filter}
        page={page}
        onSearch={(next) => setParams(paramsOfFilter(next.filter, next.page))}
      />
    </>
  );
}
