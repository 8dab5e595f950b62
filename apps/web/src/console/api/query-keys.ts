/** Every console query sits below this key, so signing out drops them all at once. */
export const CONSOLE_QUERY_KEY = ["admin"] as const;

export const consoleQueryKeys = {
  me: [...CONSOLE_QUERY_KEY, "me"] as const,
  dashboard: [...CONSOLE_QUERY_KEY, "dashboard"] as const,
  sessions: [...CONSOLE_QUERY_KEY, "sessions"] as const,
  auditLog: (filter: Record<string, string | undefined>) => [...CONSOLE_QUERY_KEY, "audit-log", filter] as const,
};

/** The cancellations and refunds queue: the refunds area reads it, an order's refund refreshes it. */
export const cancellationQueueKey = [...CONSOLE_QUERY_KEY, "cancellations"] as const;
