import { useSearchParams } from "react-router";
import { useT } from "../../lib/i18n.ts";
import type { CustomersFilter } from "../api/customers.ts";
import { CustomersSearch } from "../components/customers-search.tsx";

/** The filter read from the address (?q=&state=deleted&page=2); anything malformed falls back to the default. */
function readFilter(params: URLSearchParams): CustomersFilter {
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    state: params.get("state") === "deleted" ? "deleted" : "active",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** /admin/customers: every operator (support answers customers from here). */
export function ConsoleCustomersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const change = (next: CustomersFilter) => {
    const query = new URLSearchParams();
    if (next.q) query.set("q", next.q);
    if (next.state === "deleted") query.set("state", "deleted");
    if (next.page > 1) query.set("page", String(next.page));
    setParams(query);
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.customers.title")}</h1>
      <CustomersSearch filter={filter} onFilterChange={change} />
    </>
  );
}
