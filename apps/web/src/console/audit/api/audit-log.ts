import { exportAuditLog, listAuditLog } from "@esim/shared/console/contracts";
import type { Language } from "@esim/shared/locale";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { callApi, fetchEndpointFile } from "../../../lib/api-client.ts";
import { consoleQueryKeys } from "../../api/query-keys.ts";
import { operatorAuth } from "../../lib/operator-session.ts";

/** The filter as the form holds it; empty fields are left out of the request. */
export interface AuditFilter {
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** ISO 8601 instants; `to` excluded. */
  from?: string | undefined;
  to?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, one page per `nextCursor`. */
export const auditLogQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: consoleQueryKeys.auditLog({ ...filter }),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      callApi(listAuditLog, {
        signal,
        auth: operatorAuth,
        query: { ...filter, before: pageParam, limit: AUDIT_PAGE_SIZE },
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/**
 * The same filter as a CSV file, fetched with the operator's bearer (a plain link could not carry it), the actions'
 * and objects' words in the console's language.
 */
export function fetchAuditCsv(filter: AuditFilter, language: Language): Promise<Blob> {
  return fetchEndpointFile(exportAuditLog, {
    query: { ...filter, language },
    auth: operatorAuth,
    accept: "text/csv",
  });
}
