import type pg from "pg";
import { type Database, isDatabaseUnavailable } from "../db/client.ts";

// Some work cannot wait for its usual sweep once the database is back (payments whose webhook was refused meanwhile):
// this process notices an outage where it sees one (a connection refused or dropped, whatever asked for it: a request,
// a job, the heartbeat), then asks PostgreSQL every second until it answers, and only then says the outage ended.

/** While the database is away, it is asked this often whether it is back. */
export const OUTAGE_PROBE_EVERY_MS = 1000;

export interface OutageLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OutageWatch {
  /** Whether this process takes the database as away now. */
  isDown(): boolean;
  stop(): void;
}

/**
 * Watches the handle's pool for an outage and calls `onReturn` once the database answers again. A throw of `onReturn`
 * (the database gone again) keeps the outage open and is retried on the next probe: what it does is done at least once
 * per outage, so it must be idempotent.
 */
export function watchDatabaseOutages(
  db: Database,
  options: {
    onReturn: (outage: { startedAt: Date; endedAt: Date }) => Promise<void>;
    log: OutageLog;
    probeEveryMs?: number;
  },
): OutageWatch {
  // drizzle(pool) keeps its pool as `$client` (connectDatabase made it safe to lose a connection).
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const probeEveryMs = options.probeEveryMs ?? OUTAGE_PROBE_EVERY_MS;
  let startedAt: Date | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const probe = async () => {
    timer = undefined;
    if (isStopped || !startedAt) return;
    try {
      // The pool's own connect, not the watched one: a refused probe is the outage going on, not a new one.
      const client = await connect();
      try {
        await client.query("select 1");
      } finally {
        client.release();
      }
      const endedAt = new Date();
      await options.onReturn({ startedAt, endedAt });
      options.log.info({ startedAt, endedAt }, "the database answers again after an outage");
      startedAt = undefined;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) options.log.warn({ err: error }, "after a database outage: retried");
      schedule();
    }
  };
  const schedule = () => {
    if (isStopped || timer) return;
    timer = setTimeout(() => void probe(), probeEveryMs);
    timer.unref();
  };
  const noticeOutage = (error: unknown) => {
    if (isStopped || !isDatabaseUnavailable(error)) return;
    if (!startedAt) {
      startedAt = new Date();
      options.log.warn({ err: error }, "the database is away: watching for its return");
    }
    schedule();
  };

  // Every way a pool says its server is gone: a connection refused (a request's, a transaction's, a job's), an idle
  // client dropped, a client dropped while held.
  const connect = pool.connect.bind(pool);
  const watchedConnect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) {
      return connect(((error: Error | undefined, ...rest: unknown[]) => {
        if (error) noticeOutage(error);
        callback(error, ...rest);
      }) as Parameters<typeof connect>[0]);
    }
    return connect().catch((error: unknown) => {
      noticeOutage(error);
      throw error;
    });
  }) as typeof pool.connect;
  pool.connect = watchedConnect;
  const onClientError = (error: Error) => noticeOutage(error);
  const onConnect = (client: pg.PoolClient) => client.on("error", onClientError);
  pool.on("error", onClientError);
  pool.on("connect", onConnect);

  return {
    isDown: () => startedAt !== undefined,
    stop() {
      isStopped = true;
      clearTimeout(timer);
      if (pool.connect === watchedConnect) pool.connect = connect;
      pool.off("error", onClientError);
      pool.off("connect", onConnect);
    },
  };
}
