import { useQuery } from "@tanstack/react-query";
import { Alert } from "../components/ui/alert.tsx";
import { operatorMeQuery } from "../features/admin/api/operator.ts";
import { CouponsAdmin } from "../features/admin/components/coupons-admin.tsx";
import { useT } from "../lib/i18n.ts";

/** Admins only: a support operator who opens the address is told so (the API answers them 403 anyway). */
export function AdminCouponsRoute() {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.coupons.title")}</h1>
      {me.data === undefined ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : me.data.role === "admin" ? (
        <CouponsAdmin />
      ) : (
        <Alert>{t("admin.coupons.adminsOnly")}</Alert>
      )}
    </>
  );
}
