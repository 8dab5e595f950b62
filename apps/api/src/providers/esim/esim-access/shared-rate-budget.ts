import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { UpstreamError } from "../esim-port.ts";

/**
 * The upstream counts requests by arrival; ours are stamped when the budget grants them, a few milliseconds before
 * they leave. Counting a window 50 ms longer than the upstream's second absorbs that difference (decision 052).
 */
export const BUDGET_WINDOW_MS = 1_050;
/** Spreads the processes that wake for the same freed slot, so they do not all queue on the lock at once. */
const MAX_JITTER_MS = 20;
/** Rows older than this are of no further use; each grant deletes its account's (an index range, a few rows). */
const KEEP_STARTS_MS = 60_000;

export interface SharedRateBudgetOptions {
  db: Database;
  /** The upstream account whose budget this is (its access code's hash: never the secret itself). */
  account: string;
  /** Requests the upstream allows per second for the account. */
  perSecond: number;
  /** A request still waiting for a slot after this fails as a retryable UpstreamError (the job tries again later). */
  maxWaitMs?: number;
}

interface Decision {
  isGranted: boolean;
  /** How long until the oldest start in the window leaves it (0 when granted). */
  waitMs: number;
}

/**
 * At most `perSecond` request starts for the account in any window of BUDGET_WINDOW_MS, counted in PostgreSQL by its
 * own clock, across every process and instance that shares the database (web, worker, ops). Same shape as
 * createRateLimiter. Inside one process requests queue in call order, so a process asks the database one at a time.
 */
export function createSharedRateBudget(options: SharedRateBudgetOptions) {
  const { db, account, perSecond } = options;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  let queue: Promise<unknown> = Promise.resolve();

  /** One decision under the account's transaction-scoped advisory lock: grant and record a start, or say how long to wait. */
  async function tryStart(): Promise<Decision> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upstream-budget:${account}`}, 0))`);
      const result = await tx.execute<{ used: number; wait_ms: number | null; granted: number }>(sql`
        with moment as (select clock_timestamp() as at),
        window_starts as (
          select started_at from upstream_request_starts, moment
          where account = ${account}
            and started_at > moment.at - make_interval(secs => ${BUDGET_WINDOW_MS / 1000}::double precision)
        ),
        decision as (
          select count(*)::int as used, min(started_at) as oldest, moment.at
          from moment left join window_starts on true
          group by moment.at
        ),
        granted as (
          insert into upstream_request_starts (account, started_at)
          select ${account}, decision.at from decision where decision.used < ${perSecond}
          returning 1
        ),
        pruned as (
          delete from upstream_request_starts
          where account = ${account}
            and started_at < (select at from moment) - make_interval(secs => ${KEEP_STARTS_MS / 1000}::double precision)
          returning 1
        )
        select used,
          extract(epoch from (oldest + make_interval(secs => ${BUDGET_WINDOW_MS / 1000}::double precision) - at)) * 1000
            as wait_ms,
          (select count(*)::int from granted) as granted
        from decision`);
      const row = result.rows[0]!;
      return { isGranted: Number(row.granted) > 0, waitMs: Math.max(0, Number(row.wait_ms ?? 0)) };
    });
  }

  async function acquireSlot(): Promise<void> {
    const giveUpAtMs = Date.now() + maxWaitMs;
    for (;;) {
      let decision: Decision;
      try {
        decision = await tryStart();
      } catch (error) {
        // No budget can be proven without the database: nothing is sent, and the caller's job retries later.
        throw new UpstreamError("eSIM Access: the shared request budget is unavailable (database)", {
          isRetryable: true,
          upstreamCode: "RATE_BUDGET_UNAVAILABLE",
          cause: error,
        });
      }
      if (decision.isGranted) return;
      const pauseMs = Math.ceil(decision.waitMs) + 1 + Math.floor(Math.random() * MAX_JITTER_MS);
      if (Date.now() + pauseMs > giveUpAtMs) {
        throw new UpstreamError(`eSIM Access: no request slot within ${maxWaitMs} ms`, {
          isRetryable: true,
          upstreamCode: "RATE_BUDGET_BUSY",
        });
      }
      await sleep(pauseMs);
    }
  }

  return {
    /** Runs `task` once the account's budget grants it a start. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      const turn = queue.then(acquireSlot);
      // A failed turn (database down) must not fail the turns queued behind it.
      queue = turn.catch(() => {});
      await turn;
      return task();
    },
  };
}
