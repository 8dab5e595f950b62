import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { AuditLog } from "../components/audit-log.tsx";

export function ConsoleAuditRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.audit.title")}</h1>
      <AdminsOnly>
        <AuditLog />
      </AdminsOnly>
    </>
  );
}
