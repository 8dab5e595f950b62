import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { referralSettingsQuery, referralsListQuery } from "../api/referrals.ts";
import { ReferralSettingsForm } from "../components/referral-settings-form.tsx";
import { ReferralsTable } from "../components/referrals-table.tsx";

function SettingsSection() {
  const t = useT();
  const settings = useQuery(referralSettingsQuery());
  if (settings.error) return <Alert>{t(errorMessageId(settings.error))}</Alert>;
  if (settings.data === undefined) return <p className="text-slate-600">{t("common.loading")}</p>;
  return <ReferralSettingsForm settings={settings.data} />;
}

function ListSection() {
  const t = useT();
  const list = useQuery(referralsListQuery());
  if (list.error) return <Alert>{t(errorMessageId(list.error))}</Alert>;
  if (list.data === undefined) return <p className="text-slate-600">{t("common.loading")}</p>;
  return <ReferralsTable referrals={list.data} />;
}

/** /admin/referrals: the settings (admins) and the latest referrals with their status (every operator). */
export function ConsoleReferralsRoute() {
  const t = useT();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("console.referrals.title")}</h1>
      <AdminsOnly message="console.referrals.adminsOnly">
        <SettingsSection />
      </AdminsOnly>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{t("console.referrals.list")}</h2>
        <ListSection />
      </section>
    </div>
  );
}
