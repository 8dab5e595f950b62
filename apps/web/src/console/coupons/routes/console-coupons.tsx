import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { CouponsConsole } from "../components/coupons-console.tsx";

export function ConsoleCouponsRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.coupons.title")}</h1>
      <AdminsOnly message="console.coupons.adminsOnly">
        <CouponsConsole />
      </AdminsOnly>
    </>
  );
}
