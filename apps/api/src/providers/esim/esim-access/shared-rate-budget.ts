import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { UpstreamError, type UpstreamPriority } from "../esim-port.ts";

/**
 * The upstream's second, plus a margin: its clock and PostgreSQL's tick apart, and a request's answer is stamped
 * here a little after the upstream sent it (decision 052).
 */
export const BUDGET_WINDOW_MS = 1_050;
/**
 * While a request is on its way its row counts as reaching the upstream as late as this after its grant, beyond
 * the client's own timeout (15 s): a process that dies mid-request blocks its slot this long at most.
 */
const IN_FLIGHT_BOUND_MS = 20_000;
/** A request refused a slot asks again at least this often, since a slot frees when an answer comes. */
const MAX_PAUSE_MS = 100;
/** Spreads the processes that wake for the same freed slot, so they do not all queue on the lock at once. */
const MAX_JITTER_MS = 15;
/** Rows older than this are of no further use; each grant deletes its account's (an index range, a few rows). */
const KEEP_STARTS_MS = 60_000;
/**
 * Slots of the second a background request (a webhook's refresh) never takes, so a purchase arriving finds one free
 * without waiting; and while any purchase was refused a slot within the last window, background requests wait.
 */
export const BACKGROUND_RESERVE = 2;

export interface SharedRateBudgetOptions {
  db: Database;
  /** The upstream account whose budget this is (its access code's hash: never the secret itself). */
  account: string;
  /** Requests the upstream allows per second for the account. */
  perSecond: number;
  /** A request still waiting for a slot after this fails as a retryable UpstreamError (the job tries again later). */
  maxWaitMs?: number;
}

type Decision = { isGranted: true; startId: number } | { isGranted: false; waitMs: number };

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * At most `perSecond` requests of the account reach the upstream in any second, across every process and instance
 * that shares the database (web, worker, console-cli), counted in PostgreSQL by its own clock. A request may start only when
 * fewer than `perSecond` of the account's requests are in flight or answered within the last BUDGET_WINDOW_MS: a
 * request reaches the upstream between its grant and its answer, so counting it until a window after its answer holds
 * however long it took to leave (a busy event loop, a new TLS connection). Same shape as createRateLimiter. Inside one
 * process requests of one priority queue in call order, so a process asks the database one at a time per priority.
 */
export function createSharedRateBudget(options: SharedRateBudgetOptions) {
  const { db, account, perSecond } = options;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  // One line per priority: a background request waiting for spare budget must not hold up a purchase behind it.
  const queues: Record<UpstreamPriority, Promise<unknown>> = {
    buying: Promise.resolve(),
    background: Promise.resolve(),
  };

  /** One decision under the account's transaction-scoped advisory lock: grant and record a start, or say how long to wait. */
  async function tryStart(priority: UpstreamPriority): Promise<Decision> {
    const isBackground = priority === "background";
    const limit = isBackground ? Math.max(1, perSecond - BACKGROUND_RESERVE) : perSecond;
    // A purchase refused a slot leaves this mark for a window: it is how other processes' background requests know
    // buying needs the budget. Same table, another account name: pruned and indexed alike.
    const wantedBy = `${account}:buying-waits`;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upstream-budget:${account}`}, 0))`);
      // started_at is the latest moment the request may reach the upstream: its grant plus a bound while in flight,
      // the moment of its answer once answered (finish()).
      const result = await tx.execute<{ wait_ms: number | null; start_id: number | null }>(sql`
        with moment as (select clock_timestamp() as at),
        counted as (
          select started_at from upstream_request_starts
          where account = ${account} and started_at > (select at from moment) - ${seconds(BUDGET_WINDOW_MS)}
        ),
        decision as (
          select count(counted.started_at)::int as used, min(counted.started_at) as oldest, moment.at
          from moment left join counted on true
          group by moment.at
        ),
        granted as (
          insert into upstream_request_starts (account, started_at)
          select ${account}, decision.at + ${seconds(IN_FLIGHT_BOUND_MS)} from decision
          where decision.used < ${limit}
            and (not ${isBackground}::boolean or not exists (
              select 1 from upstream_request_starts wanted
              where wanted.account = ${wantedBy} and wanted.started_at > decision.at - ${seconds(BUDGET_WINDOW_MS)}
            ))
          returning id
        ),
        wanted as (
          insert into upstream_request_starts (account, started_at)
          select ${wantedBy}, decision.at from decision
          where not ${isBackground}::boolean and decision.used >= ${perSecond}
          returning 1
        ),
        pruned as (
          delete from upstream_request_starts
          where account in (${account}, ${wantedBy})
            and started_at < (select at from moment) - ${seconds(KEEP_STARTS_MS)}
          returning 1
        )
        select extract(epoch from (oldest + ${seconds(BUDGET_WINDOW_MS)} - at)) * 1000 as wait_ms,
          (select id from granted) as start_id
        from decision`);
      const row = result.rows[0]!;
      if (row.start_id !== null) return { isGranted: true, startId: Number(row.start_id) };
      return { isGranted: false, waitMs: Math.max(0, Number(row.wait_ms ?? 0)) };
    });
  }

  /** The request was answered (or failed): from now it counts one window more, not until its in-flight bound. */
  async function finish(startId: number): Promise<void> {
    try {
      await db.execute(sql`update upstream_request_starts set started_at = clock_timestamp() where id = ${startId}`);
    } catch {
      // The database is away: the row keeps its in-flight bound, which only keeps the slot longer.
    }
  }

  async function acquireSlot(priority: UpstreamPriority): Promise<number> {
    const giveUpAtMs = Date.now() + maxWaitMs;
    for (;;) {
      let decision: Decision;
      try {
        decision = await tryStart(priority);
      } catch (error) {
        // No budget can be proven without the database: nothing is sent, and the caller's job retries later.
        throw new UpstreamError("eSIM Access: the shared request budget is unavailable (database)", {
          isRetryable: true,
          upstreamCode: "RATE_BUDGET_UNAVAILABLE",
          cause: error,
        });
      }
      if (decision.isGranted) return decision.startId;
      // A background request asks at the slowest pace: it only takes what buying leaves.
      const pauseMs =
        (priority === "background" ? MAX_PAUSE_MS : Math.min(MAX_PAUSE_MS, Math.ceil(decision.waitMs) + 1)) +
        Math.floor(Math.random() * MAX_JITTER_MS);
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
    /**
     * Runs `task` once the account's budget grants it a slot; the slot counts until a window after its answer. A
     * "background" task waits while buying needs the budget and never takes its last BACKGROUND_RESERVE slots.
     */
    async run<T>(task: () => Promise<T>, priority: UpstreamPriority = "buying"): Promise<T> {
      const turn = queues[priority].then(() => acquireSlot(priority));
      // A failed turn (database down) must not fail the turns queued behind it.
      queues[priority] = turn.catch(() => {});
      const startId = await turn;
      try {
        return await task();
      } finally {
        await finish(startId);
      }
    },
  };
}
