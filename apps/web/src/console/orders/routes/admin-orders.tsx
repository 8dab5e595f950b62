import { useSearchParams } from "react-router";
import { useT } from "../../lib/i18n.ts";
import { OrderSearch } from "../components/order-search.tsx";

/** /admin/orders?q=…&page=…: find an order (every operator). */
export function AdminOrdersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.orders.title")}</h1>
      <OrderSearch
        key={q}
        q={q}
        page={page}
        onSearch={(next) => {
          const search = new URLSearchParams();
          if (next.q) search.set("q", next.q);
          if (next.page > 1) search.set("page", String(next.page));
          setParams(search);
        }}
      />
    </>
  );
}
