import { useQuery } from "@tanstack/react-query";
import { Alert } from "../components/ui/alert.tsx";
import { operatorMeQuery } from "../features/admin/api/operator.ts";
import { CatalogueDestinations } from "../features/admin/components/catalogue-destinations.tsx";
import { CatalogueSync } from "../features/admin/components/catalogue-sync.tsx";
import { useT } from "../lib/i18n.ts";

/** Admins only: the catalogue sync and its last outcome, then every destination to hide, show or mark popular. */
export function AdminCatalogueRoute() {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.catalogue.title")}</h1>
      {me.data === undefined ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : me.data.role === "admin" ? (
        <div className="space-y-8">
          <CatalogueSync />
          <CatalogueDestinations />
        </div>
      ) : (
        <Alert>{t("admin.catalogue.adminsOnly")}</Alert>
      )}
    </>
  );
}
