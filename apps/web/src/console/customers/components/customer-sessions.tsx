import type { CustomerDetail } from "@esim/shared/console/customers-contract";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { useRevokeCustomerSession } from "../api/customers.ts";
import { CustomerSection } from "./customer-section.tsx";

/** The customer's live sessions; ending one (a lost or shared phone) signs that device out. Audited. */
export function CustomerSessions({
  customerId,
  sessions,
}: {
  customerId: string;
  sessions: CustomerDetail["sessions"];
}) {
  const t = useT();
  const format = consoleFormatters(useLanguage());
  const revoke = useRevokeCustomerSession(customerId);
  return (
    <CustomerSection title={t("console.customers.sessions.title")}>
      {revoke.isSuccess ? (
        <p role="status" className="mb-2 text-sm font-medium text-emerald-800">
          {t("console.customers.sessions.revoked")}
        </p>
      ) : null}
      {revoke.error ? <Alert>{t(errorMessageId(revoke.error))}</Alert> : null}
      {sessions.length === 0 ? <p className="text-slate-600">{t("console.customers.sessions.empty")}</p> : null}
      <ul className="space-y-2">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
          >
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-slate-900">
                {t("console.customers.sessions.signedInAt", { time: format.dateTime(session.createdAt) })}
              </p>
              <p>
                {t("console.customers.sessions.lastUsedAt", { time: format.dateTime(session.lastUsedAt) })}
                {" · "}
                {t("console.customers.sessions.expiresAt", { time: format.dateTime(session.expiresAt) })}
              </p>
              {session.userAgent ? <p className="break-all text-xs text-slate-500">{session.userAgent}</p> : null}
            </div>
            <Button
              variant="secondary"
              className="min-h-11 px-3 text-sm"
              isLoading={revoke.isPending && revoke.variables === session.id}
              onClick={() => revoke.mutate(session.id)}
              aria-label={t("console.customers.sessions.revokeNamed", { time: format.dateTime(session.createdAt) })}
            >
              {t("console.customers.sessions.revoke")}
            </Button>
          </li>
        ))}
      </ul>
    </CustomerSection>
  );
}
