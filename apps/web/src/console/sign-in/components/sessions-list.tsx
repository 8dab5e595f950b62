import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { operatorSessionsQuery, useRevokeOperatorSession } from "../api/sessions.ts";

/** The operator's live sessions, this one marked; any other can be ended from here (a lost phone, a shared PC). */
export function SessionsList() {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const sessions = useQuery(operatorSessionsQuery());
  const revoke = useRevokeOperatorSession();

  if (sessions.error) return <Alert>{t(errorMessageId(sessions.error))}</Alert>;
  if (!sessions.data) return <p className="text-slate-600">{t("common.loading")}</p>;
  return (
    <div className="space-y-3">
      {revoke.error ? <Alert>{t(errorMessageId(revoke.error))}</Alert> : null}
      <ul className="space-y-3">
        {sessions.data.map((session) => (
          <li key={session.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1 text-sm text-slate-700">
                <p className="font-semibold text-slate-900">
                  {t("console.sessions.signedInAt", { time: format.dateTime(session.createdAt) })}
                  {session.isCurrent ? (
                    <span className="ms-2 rounded-md bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {t("console.sessions.current")}
                    </span>
                  ) : null}
                </p>
                <p>{t("console.sessions.expiresAt", { time: format.dateTime(session.expiresAt) })}</p>
                {session.createdIp ? (
                  <p>
                    {t("console.sessions.ip")} <bdi dir="ltr">{session.createdIp}</bdi>
                  </p>
                ) : null}
                {session.userAgent ? <p className="break-all text-xs text-slate-500">{session.userAgent}</p> : null}
              </div>
              {session.isCurrent ? null : (
                <Button
                  variant="secondary"
                  className="min-h-11 px-3 text-sm"
                  isLoading={revoke.isPending && revoke.variables === session.id}
                  onClick={() => revoke.mutate(session.id)}
                  aria-label={t("console.sessions.revokeNamed", { time: format.dateTime(session.createdAt) })}
                >
                  {t("console.sessions.revoke")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
