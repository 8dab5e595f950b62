import { useQuery } from "@tanstack/react-query";
import { Alert } from "../components/ui/alert.tsx";
import { operatorMeQuery } from "../features/admin/api/operator.ts";
import { priceSettingsQuery } from "../features/admin/api/prices.ts";
import { PricesEditor } from "../features/admin/components/prices-editor.tsx";
import { PricesHistory } from "../features/admin/components/prices-history.tsx";
import { errorMessageId } from "../lib/error-messages.ts";
import { useT } from "../lib/i18n.ts";

/** Admins only: a support agent who opens the address is told so; the settings are never requested for them. */
export function AdminPricesRoute() {
  const t = useT();
  const me = useQuery(operatorMeQuery());
  const isAdmin = me.data?.role === "admin";
  const settings = useQuery({ ...priceSettingsQuery(), enabled: isAdmin });
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("admin.prices.title")}</h1>
      {me.data === undefined ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : !isAdmin ? (
        <Alert>{t("admin.prices.adminsOnly")}</Alert>
      ) : settings.error ? (
        <Alert>{t(errorMessageId(settings.error))}</Alert>
      ) : settings.data === undefined ? (
        <p className="text-slate-600">{t("common.loading")}</p>
      ) : (
        <div className="space-y-8">
          <PricesEditor settings={settings.data} />
          <PricesHistory />
        </div>
      )}
    </>
  );
}
