import { AdminsOnly } from "../features/admin/components/admins-only.tsx";
import { CouponsAdmin } from "../features/admin/components/coupons-admin.tsx";
import { useT } from "../lib/i18n.ts";

export function AdminCouponsRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.coupons.title")}</h1>
      <AdminsOnly message="admin.coupons.adminsOnly">
        <CouponsAdmin />
      </AdminsOnly>
    </>
  );
}
