import { AdminsOnly } from "../../components/admins-only.tsx";
import { useT } from "../../lib/i18n.ts";
import { TeamList } from "../components/team-list.tsx";

export function ConsoleTeamRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.team.title")}</h1>
      <AdminsOnly>
        <TeamList />
      </AdminsOnly>
    </>
  );
}
