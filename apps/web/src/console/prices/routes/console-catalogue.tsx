import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { CatalogueDestinations } from "../components/catalogue-destinations.tsx";
import { CatalogueSync } from "../components/catalogue-sync.tsx";

/** The catalogue sync and its last outcome, then every destination to hide, show or mark popular. */
export function ConsoleCatalogueRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.catalogue.title")}</h1>
      <AdminsOnly message="console.catalogue.adminsOnly">
        <div className="space-y-8">
          <CatalogueSync />
          <CatalogueDestinations />
        </div>
      </AdminsOnly>
    </>
  );
}
