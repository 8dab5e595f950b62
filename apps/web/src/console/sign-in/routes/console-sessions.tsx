import { useT } from "../../lib/i18n.ts";
import { SessionsList } from "../components/sessions-list.tsx";

export function ConsoleSessionsRoute() {
  const t = useT();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t("console.sessions.title")}</h1>
      <SessionsList />
    </>
  );
}
