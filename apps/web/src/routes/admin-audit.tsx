import { useQuery } from "@tanstack/react-query";
import { Alert } from "../components/ui/alert.tsx";
import { operatorMeQuery } from "../features/admin/api/operator.ts";
import { AuditLog } from "../features/admin/components/audit-log.tsx";
import { useT } from "../lib/i18n.ts";

/** Admins only: a support operator who opens the address is told so rather than shown an empty page. */
export function AdminAuditRoute() {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.audit.title")}</h1>
      {me.data === undefined ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : me.data.role === "admin" ? (
        <AuditLog />
      ) : (
        <Alert>{t("admin.audit.adminsOnly")}</Alert>
      )}
    </>
  );
}
