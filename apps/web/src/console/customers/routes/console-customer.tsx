import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { useT } from "../../lib/i18n.ts";
import { customerQuery } from "../api/customers.ts";
import { CustomerDetailView } from "../components/customer-detail.tsx";

/** /admin/customers/:id: one customer's whole picture, for every operator. */
export function ConsoleCustomerRoute() {
  const t = useT();
  const { id = "" } = useParams();
  const customer = useQuery(customerQuery(id));
  const profile = customer.data?.profile;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="font-semibold text-brand-800 underline underline-offset-2">
          {t("console.customers.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold break-words text-slate-900">
        {profile
          ? profile.deletedAt
            ? t("console.customers.deletedName")
            : (profile.name ?? t("console.customers.noName"))
          : t("console.customers.customer")}
      </h1>
      {customer.error ? <Alert>{t(errorMessageId(customer.error))}</Alert> : null}
      {customer.data ? (
        <CustomerDetailView customer={customer.data} />
      ) : customer.isPending ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : null}
    </>
  );
}
