import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { priceSettingsQuery } from "../api/prices.ts";
import { PricesEditor } from "../components/prices-editor.tsx";
import { PricesHistory } from "../components/prices-history.tsx";

/** Rendered for admins only, so the settings are never requested for a support agent. */
function PricesPage() {
  const t = useT();
  const settings = useQuery(priceSettingsQuery());
  if (settings.error) return <Alert>{t(errorMessageId(settings.error))}</Alert>;
  if (settings.data === undefined) return <p className="text-slate-600">{t("common.loading")}</p>;
  return (
    <div className="space-y-8">
      <PricesEditor settings={settings.data} />
      <PricesHistory />
    </div>
  );
}

export function ConsolePricesRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.prices.title")}</h1>
      <AdminsOnly message="console.prices.adminsOnly">
        <PricesPage />
      </AdminsOnly>
    </>
  );
}
