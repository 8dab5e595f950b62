/** Every console query sits below this key, so signing out drops them all at once. */
export const ADMIN_QUERY_KEY = ["admin"] as const;

export const adminQueryKeys = {
  me: [...ADMIN_QUERY_KEY, "me"] as const,
  dashboard: [...ADMIN_QUERY_KEY, "dashboard"] as const,
  sessions: [...ADMIN_QUERY_KEY, "sessions"] as const,
  auditLog: (filter: Record<string, string | undefined>) => [...ADMIN_QUERY_KEY, "audit-log", filter] as const,
};

/** The cancellations and refunds queue: the refunds area reads it, an order's refund refreshes it. */
export const cancellationQueueKey = [...ADMIN_QUERY_KEY, "cancellations"] as const;
