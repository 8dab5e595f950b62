/**
 * Bursts of paid orders at eSIM Access's budget of 8 requests a second for the account (the upstream budget,
 * decision 052). An embedded PostgreSQL; the eSIM Access double refusing any request over 8 in a sliding second
 * (`requestsPerSecond: 8`), allocating each order's profiles 2–5 s after it is ordered and then posting eSIM Access's
 * `ORDER_STATUS` webhook to our route; our web app in this process (orders, payment and eSIM webhooks) and W worker
 * processes (`server.ts` with PROCESS_ROLE=worker and ESIM_PROVIDER=esim-access), all spending the account's budget
 * through PostgreSQL. For each burst size, N orders are placed through POST /orders, then their signed
 * `checkout.paid` webhooks are sent all at once. Reported per burst: orders delivered per second (first payment to
 * last delivery), paid → delivered p50/p95/max, the upstream's requests by kind, the busiest second it saw, and its
 * refusals (must be 0).
 *
 * With `--smdp-hints=H` each burst runs `--rounds=R` times (3 by default) as A then B: A without hints, B with H
 * `SMDP_EVENT` webhooks posted to our route during the burst (one every 250 ms, each with its own notifyId, naming an
 * eSIM delivered earlier in the run), so the cost of the upstream's frequent webhooks is measured against the same
 * machine's load (decision 086). `--order=abba` swaps the pair in every other round (A B, B A, A B…), so a load that
 * climbs or falls through the run weighs on both sides alike. Each row also gives the load average when the burst
 * started, how fast our route answered the hints, and what the queued refreshes asked the upstream after the burst;
 * the end gives each side's medians and each pair's B against A.
 *
 * Usage: `npx tsx bench/upstream-burst.ts [bursts=20,100] [workers=2] [--smdp-hints=80] [--rounds=3] [--order=abba]`.
 * Exits 1 on a refusal, more than 8 requests in a second, or an order not delivered.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import type { Config } from "../apps/api/src/config.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { workerHeartbeats } from "../apps/api/src/jobs/jobs.schema.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { esims } from "../apps/api/src/modules/esims/esims.schema.ts";
import { orders } from "../apps/api/src/modules/orders/orders.schema.ts";
import { payments } from "../apps/api/src/modules/payments/payments.schema.ts";
import { startEsimAccessDouble } from "../apps/api/src/providers/esim/esim-access/esim-access-double.ts";
import {
  API,
  findPlan,
  median,
  percentile,
  placeOrderAsNewBuyer,
  postPaidWebhook,
  startBenchStack,
} from "./bench-kit.ts";

const SERVER = path.resolve(import.meta.dirname, "../apps/api/src/server.ts");
const REQUESTS_PER_SECOND = 8;
const ALLOCATION_MIN_MS = 2_000;
const ALLOCATION_SPREAD_MS = 3_000;
/** One SMDP_EVENT hint every this often during a burst of the B runs. */
const HINT_EVERY_MS = 250;

function startWorkerProcess(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: { ...process.env, NODE_ENV: "development", PROCESS_ROLE: "worker", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

/**
 * What a request to the double was for: `esim/query` by order is buying's (the purchase's follow-up, the ready hint),
 * by eSIM (`esimTranNo`) with its `esim/usage/query` a refresh's.
 */
function kindOf(request: { path: string; body: unknown }): string {
  if (request.path !== "esim/query") return request.path;
  const body = (request.body ?? {}) as Record<string, unknown>;
  return body.esimTranNo ? "esim/query by eSIM" : body.orderNo ? "esim/query by order" : request.path;
}

/** The most arrivals within any 1000 ms. */
function busiestSecond(arrivalsMs: number[]): number {
  const sorted = [...arrivalsMs].sort((a, b) => a - b);
  let busiest = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= 1000) first++;
    busiest = Math.max(busiest, last - first + 1);
  }
  return busiest;
}

async function main() {
  const positional = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const flag = (name: string) =>
    process.argv
      .find((arg) => arg.startsWith(`--${name}=`))
      ?.split("=")
      .at(1);
  const bursts = (positional[0] ?? "20,100").split(",").map(Number);
  const workerCount = Number(positional[1] ?? 2);
  const hintCount = Number(flag("smdp-hints") ?? 0);
  const rounds = hintCount > 0 ? Number(flag("rounds") ?? 3) : 1;
  const isAbba = flag("order") === "abba";
  // Without hints, each burst once as before; with them, A (none) and B (hints) alternating, `rounds` times. B needs
  // eSIMs delivered earlier, so the first round is always A then B.
  const runs = bursts.flatMap((burst) =>
    Array.from({ length: rounds }, (_, round) => {
      const pair = hintCount > 0 ? [0, hintCount] : [0];
      return (isAbba && round % 2 === 1 ? pair.reverse() : pair).map((hints) => ({ burst, hints, round }));
    }).flat(),
  );
  const figures: { burst: number; hints: number; round: number; perSecond: number; p95Ms: number }[] = [];
  let hintFailures = 0;
  const stack = await startBenchStack();
  const children: ChildProcess[] = [];
  let webhookFailures = 0;
  const webhookPosts: Promise<void>[] = [];
  let config: Config | undefined;
  const double = await startEsimAccessDouble({
    requestsPerSecond: REQUESTS_PER_SECOND,
    balanceUsdE4: 1_000_000_000,
    allocationDelayMs: () => ALLOCATION_MIN_MS + Math.random() * ALLOCATION_SPREAD_MS,
    // eSIM Access posts ORDER_STATUS to the URL saved with webhook/save: our route, with its secret token.
    onOrderAllocated: ({ orderNo }) => {
      const url = `http://127.0.0.1:${stack.port}${API}/webhooks/esim/esim-access/${config!.ESIM_WEBHOOK_TOKEN}`;
      const post = fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ notifyType: "ORDER_STATUS", content: { orderNo, orderStatus: "GOT_RESOURCE" } }),
      }).then(
        async (response) => {
          await response.body?.cancel();
          if (!response.ok) webhookFailures++;
        },
        () => {
          webhookFailures++;
        },
      );
      webhookPosts.push(post);
    },
  });
  try {
    config = {
      ...stack.config,
      ESIM_PROVIDER: "esim-access",
      ESIM_ACCESS_BASE_URL: double.url,
      ESIM_ACCESS_ACCESS_CODE: double.accessCode,
      ESIM_ACCESS_REQUESTS_PER_SECOND: REQUESTS_PER_SECOND,
    };
    const deps = createAppDeps(config, stack.handle.db);
    const synced = await syncCatalog(deps);
    const app = await buildApp(deps, { logger: false });
    await app.listen({ host: "127.0.0.1", port: stack.port });
    for (let index = 0; index < workerCount; index++) {
      children.push(
        startWorkerProcess({
          DATABASE_URL: stack.databaseUrl,
          PUBLIC_URL: config.PUBLIC_URL,
          ESIM_PROVIDER: "esim-access",
          ESIM_ACCESS_BASE_URL: double.url,
          ESIM_ACCESS_ACCESS_CODE: double.accessCode,
          ESIM_ACCESS_REQUESTS_PER_SECOND: String(REQUESTS_PER_SECOND),
        }),
      );
    }
    for (let waited = 0; ; waited += 250) {
      const beats = await stack.handle.db.select().from(workerHeartbeats);
      if (beats.length >= workerCount) break;
      if (waited > 60_000) throw new Error(`${beats.length} of ${workerCount} workers started within 60 s`);
      await sleep(250);
    }
    // The workers' own catalogue sync at start is upstream traffic too; let it pass before measuring.
    await sleep(3_000);
    const plan = await findPlan(stack, "TR");
    console.info(
      `Catalogue synced: ${JSON.stringify(synced)}; plan ${plan.name}; ${workerCount} worker processes; ` +
        `upstream ${REQUESTS_PER_SECOND} requests/s, allocation ${ALLOCATION_MIN_MS / 1000}–${(ALLOCATION_MIN_MS + ALLOCATION_SPREAD_MS) / 1000} s then ORDER_STATUS`,
    );

    const rows: string[] = [];
    for (const { burst, hints, round } of runs) {
      const loadAtStart = loadavg()[0]!;
      const known = await stack.handle.db
        .select({ reference: esims.upstreamReference, iccid: esims.iccid })
        .from(esims);
      if (hints > 0 && known.length === 0) throw new Error("SMDP_EVENT hints need eSIMs delivered by an earlier run");
      const placed = [];
      for (let index = 0; index < burst; index++) {
        placed.push(await placeOrderAsNewBuyer(stack, { planId: plan.id, quantity: 1, emailPrefix: "burst" }));
      }
      const orderIds = placed.map((order) => order.orderId);
      const paymentRows = await stack.handle.db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.id,
            placed.map((order) => order.paymentId),
          ),
        );
      const requestsBefore = double.requests.length;
      const refusedBefore = double.refusedForRate();
      const paidAtMs = Date.now();
      await Promise.all(paymentRows.map((payment) => postPaidWebhook(stack, payment)));
      // The upstream's SMDP_EVENTs keep coming while the burst is bought, as a profile's install steps would.
      const hintAnswersMs: number[] = [];
      // Coalescing is one refresh per eSIM: the refreshes' `esim/query by eSIM` should come to about this many.
      const hintedEsims = new Set<string>();
      const hintsSent = (async () => {
        const url = `http://127.0.0.1:${stack.port}${API}/webhooks/esim/esim-access/${config!.ESIM_WEBHOOK_TOKEN}`;
        for (let index = 0; index < hints; index++) {
          const esim = known[Math.floor(Math.random() * known.length)]!;
          hintedEsims.add(esim.reference);
          const body = {
            notifyType: "SMDP_EVENT",
            notifyId: randomUUID().replaceAll("-", ""),
            content: { esimTranNo: esim.reference, iccid: esim.iccid ?? "", smdpStatus: "ENABLED" },
          };
          const sentAtMs = performance.now();
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }).catch(() => undefined);
          await response?.body?.cancel();
          hintAnswersMs.push(performance.now() - sentAtMs);
          if (!response?.ok) hintFailures++;
          await sleep(HINT_EVERY_MS);
        }
      })();

      let delivered: (typeof orders.$inferSelect)[] = [];
      const deadline = Date.now() + 10 * 60_000;
      while (Date.now() < deadline) {
        delivered = (await stack.handle.db.select().from(orders).where(inArray(orders.id, orderIds))).filter(
          (order) => order.status === "delivered",
        );
        if (delivered.length === burst) break;
        await sleep(200);
      }
      await hintsSent;
      await sleep(1_000);
      const requests = double.requests.slice(requestsBefore);
      const refused = double.refusedForRate() - refusedBefore;
      const byPath = new Map<string, number>();
      for (const request of requests) byPath.set(kindOf(request), (byPath.get(kindOf(request)) ?? 0) + 1);
      const latencies = delivered
        .map((order) => order.deliveredAt!.getTime() - order.confirmedAt!.getTime())
        .sort((a, b) => a - b);
      const lastDeliveredMs = Math.max(...delivered.map((order) => order.deliveredAt!.getTime()));
      const perSecond = delivered.length / ((lastDeliveredMs - paidAtMs) / 1000);
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      const busiest = busiestSecond(requests.map((request) => request.atMs));
      const p95Ms = percentile(latencies, 0.95);
      figures.push({ burst, hints, round, perSecond, p95Ms });
      const hintAnswers = [...hintAnswersMs].sort((a, b) => a - b);
      // The refreshes the hints queued run once buying leaves budget: let them drain before the next run, so they
      // never weigh on it, and say how long they took after the last delivery and what they asked the upstream.
      const drainFrom = double.requests.length;
      const refusedBeforeDrain = double.refusedForRate();
      let drainedAfterMs = 0;
      for (; drainedAfterMs < 120_000; drainedAfterMs += 500) {
        // A job out of attempts stays in the table and would never drain: only those still to run count.
        const waiting = await stack.handle.db.execute<{ count: number }>(
          sql`select count(*)::int as count from graphile_worker.jobs
            where task_identifier = 'esim-refresh' and attempts < max_attempts`,
        );
        if (waiting.rows[0]!.count === 0) break;
        await sleep(500);
      }
      const drainRequests = double.requests.slice(drainFrom);
      const drainByPath = new Map<string, number>();
      for (const request of drainRequests)
        drainByPath.set(kindOf(request), (drainByPath.get(kindOf(request)) ?? 0) + 1);
      const drainBusiest = busiestSecond(drainRequests.map((request) => request.atMs));
      const drainRefused = double.refusedForRate() - refusedBeforeDrain;
      rows.push(
        `| ${round + 1} | ${hints > 0 ? "B" : "A"} | ${burst} | ${hints} | ${loadAtStart.toFixed(1)} | ${delivered.length}/${burst} | ` +
          `${perSecond.toFixed(2)} | ${seconds(percentile(latencies, 0.5))} s | ${seconds(p95Ms)} s | ${seconds(latencies.at(-1)!)} s | ` +
          `${requests.length} (${[...byPath].map(([kind, count]) => `${kind} ${count}`).join(", ")}) | ${busiest} | ${refused} | ` +
          `${hints > 0 ? `${Math.round(percentile(hintAnswers, 0.5))} / ${Math.round(percentile(hintAnswers, 0.95))} ms, ${hintedEsims.size} eSIMs named` : "–"} | ` +
          `${drainRequests.length} in ${seconds(drainedAfterMs)} s${drainByPath.size > 0 ? ` (${[...drainByPath].map(([kind, count]) => `${kind} ${count}`).join(", ")})` : ""} |`,
      );
      console.info(rows.at(-1));
      if (delivered.length < burst || refused + drainRefused > 0 || busiest > REQUESTS_PER_SECOND) process.exitCode = 1;
      if (drainBusiest > REQUESTS_PER_SECOND) process.exitCode = 1;
    }
    await Promise.all(webhookPosts);
    console.info(
      "\n| round | run | burst | SMDP_EVENT hints | load average | delivered | orders/s | paid → delivered p50 | p95 | max | upstream requests | busiest second | refusals | hint answered p50 / p95, eSIMs named | after the burst: refreshes' requests |",
    );
    console.info("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const row of rows) console.info(row);
    if (hintCount > 0) {
      // Each pair is compared within itself (same minutes of the machine's load); the medians summarise the pairs.
      console.info("\n| burst | round | orders/s B / A | p95 B / A |\n|---|---|---|---|");
      const percent = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)} %`;
      for (const burst of bursts) {
        const perSecondRatios: number[] = [];
        const p95Ratios: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const a = figures.find((run) => run.burst === burst && run.round === round && run.hints === 0);
          const b = figures.find((run) => run.burst === burst && run.round === round && run.hints > 0);
          if (!a || !b) continue;
          perSecondRatios.push(b.perSecond / a.perSecond);
          p95Ratios.push(b.p95Ms / a.p95Ms);
          console.info(
            `| ${burst} | ${round + 1} | ${percent(perSecondRatios.at(-1)!)} | ${percent(p95Ratios.at(-1)!)} |`,
          );
        }
        const side = (hints: boolean) => figures.filter((run) => run.burst === burst && run.hints > 0 === hints);
        console.info(
          `| ${burst} | median | ${percent(median(perSecondRatios))} | ${percent(median(p95Ratios))} |\n\n` +
            `burst ${burst}: medians A ${median(side(false).map((run) => run.perSecond)).toFixed(2)} orders/s, p95 ` +
            `${(median(side(false).map((run) => run.p95Ms)) / 1000).toFixed(1)} s; B ${median(side(true).map((run) => run.perSecond)).toFixed(2)} orders/s, ` +
            `p95 ${(median(side(true).map((run) => run.p95Ms)) / 1000).toFixed(1)} s`,
        );
      }
    }
    console.info(`\nORDER_STATUS webhooks not accepted by our route: ${webhookFailures}`);
    if (hintCount > 0) console.info(`SMDP_EVENT hints not accepted by our route: ${hintFailures}`);
    await app.close();
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : undefined,
      ),
    );
    await double.close();
    await stack.close();
  }
}

await main();
