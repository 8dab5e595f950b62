import { AUDIT_EXPORT_MAX_ROWS, type AuditEntryView } from "@esim/shared/console/contracts";
import type { Language } from "@esim/shared/locale";
import { auditActionLabel, auditEntityLabel } from "@esim/ui/audit-labels";
import { serverTranslator } from "@esim/ui/server-i18n";
import type { DbOrTx } from "../../db/client.ts";
import { toCsv } from "../../lib/csv.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AuditFilter, insertAuditEntry, listAuditEntries, type NewAuditEntry } from "./audit.repo.ts";

export type { AuditFilter, NewAuditEntry };

/** Who made a change, for its audit entry: a console operator and their address, or the command line (both null). */
export interface AuditActor {
  operatorId: string | null;
  ip: string | null;
}

export const COMMAND_LINE_ACTOR: AuditActor = { operatorId: null, ip: null };

const DEFAULT_PAGE_SIZE = 50;

/**
 * Writes one audit entry with the caller's transaction handle, so the entry exists exactly when the change it
 * records commits. The table refuses later updates and deletes.
 */
export async function recordAudit(tx: DbOrTx, entry: NewAuditEntry): Promise<void> {
  await insertAuditEntry(tx, entry);
}

type ListedRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

function presentAuditEntry({ entry, operatorEmail, entityLabel }: ListedRow): AuditEntryView {
  return {
    id: entry.id,
    operatorId: entry.operatorId,
    operatorEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityLabel,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** One page of the filtered log, newest first; `nextCursor` is set only when more rows match. */
export async function listAuditLog(
  deps: Pick<AppDeps, "db">,
  options: { filter: AuditFilter; limit: number | undefined },
): Promise<{ data: AuditEntryView[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listAuditEntries(deps.db, options.filter, limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    data: page.map(presentAuditEntry),
    nextCursor: hasMore ? String(page.at(-1)!.entry.seq) : null,
  };
}

const CSV_COLUMNS = [
  "created_at",
  "operator_id",
  "operator_email",
  "action",
  "action_words",
  "entity_type",
  "entity_words",
  "entity_id",
  "entity_name",
  "before",
  "after",
  "ip",
] as const;

/**
 * The filtered log as CSV by `toCsv` (header line, newest first, at most AUDIT_EXPORT_MAX_ROWS rows): the log holds
 * text typed by others (emails, reasons), defused there. Each action and object has its words in `language` beside
 * its code, and a promo code or an operator its name beside its id.
 */
export async function exportAuditLogCsv(
  deps: Pick<AppDeps, "db">,
  options: { filter: AuditFilter; language: Language },
): Promise<string> {
  const t = serverTranslator(options.language);
  const rows = await listAuditEntries(deps.db, options.filter, AUDIT_EXPORT_MAX_ROWS);
  const records = rows.map((row) => {
    const view = presentAuditEntry(row);
    return [
      view.createdAt,
      view.operatorId,
      view.operatorEmail,
      view.action,
      t(auditActionLabel(view.action)),
      view.entityType,
      t(auditEntityLabel(view.entityType)),
      view.entityId,
      view.entityLabel,
      view.before === null ? null : JSON.stringify(view.before),
      view.after === null ? null : JSON.stringify(view.after),
      view.ip,
    ];
  });
  return toCsv([CSV_COLUMNS, ...records]);
}
