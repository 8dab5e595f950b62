import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { operatorMeQuery } from "../../api/operator.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { orderDetailQuery } from "../api/orders.ts";
import { OrderDetail } from "../components/order-detail.tsx";

/** /admin/orders/:number: one order, its actions and its timeline (every operator; refunds for admins). */
export function ConsoleOrderRoute() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const { number = "" } = useParams();
  const me = useQuery(operatorMeQuery());
  const order = useQuery(orderDetailQuery(number));
  return (
    <>
      <p className="mb-3">
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t("console.orders.back")}
        </Link>
      </p>
      {order.error ? <Alert>{t(errorMessageId(order.error))}</Alert> : null}
      {order.data ? (
        <OrderDetail order={order.data} isAdmin={me.data?.role === "admin"} format={format} />
      ) : order.isPending ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : null}
    </>
  );
}
