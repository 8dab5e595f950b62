import { spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../../db/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { UpstreamError } from "../esim-port.ts";
import { RATE_LIMIT_ERROR, startEsimAccessDouble } from "./esim-access-double.ts";
import { BACKGROUND_RESERVE, BUDGET_WINDOW_MS, createSharedRateBudget } from "./shared-rate-budget.ts";

const database = await createTestDatabase();
afterAll(() => database.close());

const HAMMER = path.resolve(import.meta.dirname, "../../../test/upstream-hammer.ts");

/** The most arrivals within any 1000 ms. */
function busiestSecond(arrivalsMs: number[]): number {
  const arrivals = [...arrivalsMs].sort((a, b) => a - b);
  let busiest = 0;
  for (let first = 0, last = 0; last < arrivals.length; last++) {
    while (arrivals[last]! - arrivals[first]! >= 1000) first++;
    busiest = Math.max(busiest, last - first + 1);
  }
  return busiest;
}

/** Runs upstream-hammer.ts as its own Node process; answers its outcome counts ({ ok: 60 } or with error codes). */
function hammer(env: Record<string, string>): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", HAMMER], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`hammer exited ${code}: ${output}`));
      resolve(JSON.parse(output.trim().split("\n").at(-1)!) as Record<string, number>);
    });
  });
}

async function hammerFromTwoProcesses(budget: "shared" | "process") {
  const double = await startEsimAccessDouble({ requestsPerSecond: 8 });
  try {
    const env = {
      DATABASE_URL: database.url,
      DOUBLE_URL: double.url,
      ACCESS_CODE: double.accessCode,
      CALLS: "60",
      BUDGET: budget,
      // Both processes are loaded (tsx compiles for a second or two) before the burst begins.
      START_AT_MS: String(Date.now() + 4_000),
    };
    const outcomes = await Promise.all([hammer(env), hammer(env)]);
    return {
      outcomes,
      refused: double.refusedForRate(),
      busiest: busiestSecond(double.requests.map((request) => request.atMs)),
      total: double.requests.length,
    };
  } finally {
    await double.close();
  }
}

describe("the eSIM Access request budget shared through PostgreSQL", () => {
  it("keeps two worker processes hammering the upstream at 8 requests a second together: no refusal", async () => {
    const { outcomes, refused, busiest, total } = await hammerFromTwoProcesses("shared");

    expect(outcomes).toEqual([{ ok: 60 }, { ok: 60 }]);
    expect(refused).toBe(0);
    expect(total).toBe(120);
    expect(busiest).toBeLessThanOrEqual(8);
  }, 60_000);

  it("is what prevents the refusals: two limiters counting each in its own process exceed the account's budget", async () => {
    const { outcomes, refused, busiest } = await hammerFromTwoProcesses("process");

    expect(refused).toBeGreaterThan(0);
    expect(busiest).toBeGreaterThan(8);
    expect(outcomes.reduce((sum, counts) => sum + (counts[RATE_LIMIT_ERROR.errorCode] ?? 0), 0)).toBe(refused);
  }, 60_000);

  it("spaces the starts by PostgreSQL's clock with a margin, and keeps only recent ones", async () => {
    const budget = createSharedRateBudget({ db: database.db, account: "spacing", perSecond: 3 });
    await database.db.execute(sql`
      insert into upstream_request_starts (account, started_at) values ('spacing', now() - interval '5 minutes')`);
    await Promise.all(Array.from({ length: 7 }, () => budget.run(async () => {})));

    const starts = await database.db.execute<{ at_ms: number }>(sql`
      select extract(epoch from started_at) * 1000 as at_ms from upstream_request_starts
      where account = 'spacing' order by started_at`);
    const startsMs = starts.rows.map((row) => Number(row.at_ms));
    expect(startsMs).toHaveLength(7);
    // The 4th start comes a full window (with its margin) after the 1st, the 7th after the 4th.
    expect(startsMs[3]! - startsMs[0]!).toBeGreaterThanOrEqual(BUDGET_WINDOW_MS);
    expect(startsMs[6]! - startsMs[3]!).toBeGreaterThanOrEqual(BUDGET_WINDOW_MS);
  });

  it("counts a request slow to leave (a busy process, a new connection) until a second after its answer", async () => {
    const budget = createSharedRateBudget({ db: database.db, account: "slow-leaver", perSecond: 2 });
    const arrivalsMs: number[] = [];
    const request = (leaveAfterMs: number) =>
      budget.run(async () => {
        await sleep(leaveAfterMs);
        arrivalsMs.push(Date.now());
      });

    await Promise.all([request(600), request(0), request(0), request(0)]);

    expect(busiestSecond(arrivalsMs)).toBeLessThanOrEqual(2);
  });

  it("lets buying go first: a background request waits while purchases need the budget, in any process", async () => {
    const buyingProcess = createSharedRateBudget({ db: database.db, account: "priority", perSecond: 4 });
    const webhookProcess = createSharedRateBudget({ db: database.db, account: "priority", perSecond: 4 });
    const started: string[] = [];
    const start = (budget: typeof buyingProcess, name: string, priority: "buying" | "background") =>
      budget.run(async () => {
        started.push(name);
      }, priority);

    // A burst of purchases has taken this second; refreshes are asked first, eight more purchases right behind them.
    await Promise.all(Array.from({ length: 4 }, (_, index) => start(buyingProcess, `buy-${index}`, "buying")));
    await Promise.all([
      start(webhookProcess, "refresh-a", "background"),
      start(buyingProcess, "refresh-b", "background"),
      ...Array.from({ length: 8 }, (_, index) => start(buyingProcess, `buy-${4 + index}`, "buying")),
    ]);

    expect(started.slice(0, 12).every((name) => name.startsWith("buy-"))).toBe(true);
    expect(started.slice(12).sort()).toEqual(["refresh-a", "refresh-b"]);
  }, 30_000);

  it("never gives background requests the last slots of a second", async () => {
    const budget = createSharedRateBudget({ db: database.db, account: "background-only", perSecond: 4 });
    const arrivalsMs: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        budget.run(async () => {
          arrivalsMs.push(Date.now());
        }, "background"),
      ),
    );
    expect(busiestSecond(arrivalsMs)).toBeLessThanOrEqual(4 - BACKGROUND_RESERVE);
  }, 30_000);

  it("fails a request as retryable, sending nothing, when the database cannot be reached", async () => {
    const lost = connectDatabase(database.url, { max: 1 });
    await lost.close();
    const budget = createSharedRateBudget({ db: lost.db, account: "lost", perSecond: 8 });
    let isSent = false;

    const error = await budget
      .run(async () => {
        isSent = true;
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: true, upstreamCode: "RATE_BUDGET_UNAVAILABLE" });
    expect(isSent).toBe(false);
  });
});
