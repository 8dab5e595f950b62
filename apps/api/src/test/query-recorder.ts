import type pg from "pg";

export interface RecordedQuery {
  text: string;
  values: unknown[];
}

export interface QueryRecorder {
  /** Runs `work` and answers every statement sent to PostgreSQL meanwhile, through the pool or a client of it. */
  record<T>(work: () => Promise<T>): Promise<{ result: T; queries: RecordedQuery[] }>;
  /** Stops wrapping clients the pool hands out from now on. */
  restore(): void;
}

/**
 * Wraps the query function of each client the pool hands out (pool.query and transactions alike), to see the statements the app
 * really sends: the query count of a request, the plans of a sweep's queries.
 */
export function recordQueries(pool: pg.Pool): QueryRecorder {
  let current: RecordedQuery[] | undefined;
  const note = (args: unknown[]) => {
    if (!current) return;
    const [first, second] = args;
    const text = typeof first === "string" ? first : (first as { text: string }).text;
    const values = (Array.isArray(second) ? second : (first as { values?: unknown[] }).values) ?? [];
    current.push({ text, values });
  };
  const wrap = <Q extends (...args: never[]) => unknown>(query: Q): Q =>
    ((...args: Parameters<Q>) => {
      note(args);
      return query(...args);
    }) as Q;
  // Clients only: pool.query checks one out and calls its query, so wrapping both would count twice.
  const wrapped = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    client.query = wrap(client.query.bind(client)) as typeof client.query;
  };
  pool.on("acquire", onAcquire);
  return {
    async record(work) {
      const queries: RecordedQuery[] = [];
      current = queries;
      try {
        return { result: await work(), queries };
      } finally {
        current = undefined;
      }
    },
    restore() {
      pool.off("acquire", onAcquire);
    },
  };
}
