import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "@esim/shared/console/audit-actions";
import { auditActionLabel, auditEntityLabel } from "@esim/ui/audit-labels";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { errorMessageId } from "../../../lib/error-messages.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { consoleFormatters } from "../../lib/format.ts";
import { useLanguage, useT } from "../../lib/i18n.ts";
import { type AuditFilter, auditLogQuery, fetchAuditCsv } from "../api/audit-log.ts";

interface FilterForm {
  action: string;
  entityType: string;
  entityId: string;
  /** YYYY-MM-DD from the date inputs, read as days in the browser's time zone. */
  from: string;
  to: string;
}

const EMPTY_FORM: FilterForm = { action: "", entityType: "", entityId: "", from: "", to: "" };

/** The form as the API's filter: blanks left out, `to` a whole day included (the API excludes its instant). */
function toFilter(form: FilterForm): AuditFilter {
  const blankToUndefined = (value: string) => (value.trim() === "" ? undefined : value.trim());
  const dayStart = (day: string, addDays = 0) => {
    if (day === "") return undefined;
    const date = new Date(`${day}T00:00:00`);
    date.setDate(date.getDate() + addDays);
    return date.toISOString();
  };
  return {
    action: blankToUndefined(form.action),
    entityType: blankToUndefined(form.entityType),
    entityId: blankToUndefined(form.entityId),
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
  };
}

/** The audit log, newest first, with its filter, "more" paging and the CSV of the same filter. */
export function AuditLog() {
  const t = useT();
  const language = useLanguage();
  const format = consoleFormatters(language);
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [exportState, setExportState] = useState<"idle" | "saving" | "failed">("idle");
  const log = useInfiniteQuery(auditLogQuery(filter));
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];

  const field = (name: keyof FilterForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter(toFilter(form));
  };

  const download = async () => {
    setExportState("saving");
    try {
      await saveFile(await fetchAuditCsv(filter, language), "audit-log.csv");
      setExportState("idle");
    } catch {
      setExportState("failed");
    }
  };

  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        aria-label={t("console.audit.filter")}
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField
          label={t("console.audit.action")}
          {...field("action")}
          options={[
            { value: "", label: t("console.audit.action.any") },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(auditActionLabel(action)) })),
          ]}
        />
        <SelectField
          label={t("console.audit.entityType")}
          {...field("entityType")}
          options={[
            { value: "", label: t("console.audit.entity.any") },
            ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(auditEntityLabel(type)) })),
          ]}
        />
        <TextField label={t("console.audit.entityId")} {...field("entityId")} />
        <TextField label={t("console.audit.from")} type="date" {...field("from")} />
        <TextField label={t("console.audit.to")} type="date" {...field("to")} />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">{t("console.audit.apply")}</Button>
          <Button variant="secondary" onClick={download} isLoading={exportState === "saving"}>
            {t("console.audit.exportCsv")}
          </Button>
        </div>
      </form>
      {exportState === "failed" ? <Alert>{t("console.audit.exportFailed")}</Alert> : null}
      {log.error ? <Alert>{t(errorMessageId(log.error))}</Alert> : null}
      {log.isPending ? <p className="text-slate-600">{t("common.loading")}</p> : null}
      {!log.isPending && entries.length === 0 && !log.error ? (
        <p className="text-slate-600">{t("console.audit.empty")}</p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{t(auditActionLabel(entry.action))}</span>
                <bdi className="text-slate-600">{format.dateTime(entry.createdAt)}</bdi>
              </div>
              <p className="mt-1 text-slate-700">
                {t(auditEntityLabel(entry.entityType))}{" "}
                {entry.entityLabel ? (
                  <bdi className="font-semibold">{entry.entityLabel}</bdi>
                ) : entry.entityId ? (
                  <bdi dir="ltr" className="font-mono text-xs">
                    {entry.entityId}
                  </bdi>
                ) : null}
                {" · "}
                {entry.operatorEmail ? <bdi>{entry.operatorEmail}</bdi> : t("console.audit.commandLine")}
                {entry.ip ? (
                  <>
                    {" · "}
                    <bdi dir="ltr">{entry.ip}</bdi>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {log.hasNextPage ? (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} isLoading={log.isFetchingNextPage}>
          {t("console.audit.more")}
        </Button>
      ) : null}
    </div>
  );
}
