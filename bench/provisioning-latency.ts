/**
 * Paid webhook → delivered: our own overhead (budget, decision 025: p95 ≤ 500 ms past the simulator's allocation time,
 * at 10 and at 50 webhooks/s). One process runs the app listening on loopback with its worker (WORKER_CONCURRENCY
 * unless given) on an embedded PostgreSQL with the simulator's catalogue synced; the simulator allocates each order's
 * profiles after a random 0–1 s. N orders are placed through POST /orders (sandbox checkouts), then their signed
 * `checkout.paid` webhooks are sent at a steady rate. Each order's latency is its `delivered_at` minus the moment its
 * webhook was sent; its overhead is that latency minus the simulator's allocation time for it (`ready_at` −
 * `created_at` of its simulator order): the webhook, job pickup, upstream order, polling and the delivered transaction.
 *
 * Usage: `npx tsx bench/provisioning-latency.ts [orders=100] [webhooks per second=10] [worker concurrency]`.
 * Exits 1 when over budget.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { SIMULATOR_PROVISIONING_TIMING } from "../apps/api/src/flows/provision-order.ts";
import { startWorker } from "../apps/api/src/jobs/worker.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { orders } from "../apps/api/src/modules/orders/orders.schema.ts";
import { payments } from "../apps/api/src/modules/payments/payments.schema.ts";
import type { EsimProvider } from "../apps/api/src/providers/esim/esim-port.ts";
import { createSimulatorEsimProvider } from "../apps/api/src/providers/esim/simulator/simulator-esim-provider.ts";
import { simulatorOrders } from "../apps/api/src/providers/providers.schema.ts";
import { findPlan, percentile, placeOrderAsNewBuyer, postPaidWebhook, startBenchStack } from "./bench-kit.ts";

const BUDGET_OVERHEAD_P95_MS = 500;

async function main() {
  const orderCount = Number(process.argv[2] ?? 100);
  const perSecond = Number(process.argv[3] ?? 10);
  const concurrencyArgument = process.argv[4] ? Number(process.argv[4]) : undefined;
  const stack = await startBenchStack({ poolSize: Number(process.env.POOL ?? 10) });
  const { handle, config } = stack;
  try {
    const now = () => new Date();
    const base = createSimulatorEsimProvider({ db: handle.db, now, allocationSeconds: 0 });
    // Each order's profiles appear after a random 0–1 s, as the upstream's would after a few seconds.
    const esim: EsimProvider = {
      ...base,
      orderProfiles: (input) =>
        createSimulatorEsimProvider({ db: handle.db, now, allocationSeconds: Math.random() }).orderProfiles(input),
    };
    const deps = createAppDeps(config, handle.db, { esim });
    const synced = await syncCatalog(deps);
    const app = await buildApp(deps, { logger: false });
    await app.listen({ host: "127.0.0.1", port: stack.port });
    const concurrency = concurrencyArgument ?? config.WORKER_CONCURRENCY;
    const pollEveryMs = Number(process.env.POLL_MS ?? SIMULATOR_PROVISIONING_TIMING.pollEveryMs);
    const worker = await startWorker(deps, { concurrency, timing: { ...SIMULATOR_PROVISIONING_TIMING, pollEveryMs } });
    const plan = await findPlan(stack, "TR");
    console.info(`Catalogue synced: ${JSON.stringify(synced)}; plan ${plan.name}`);

    const placed: { orderId: string; paymentId: string }[] = [];
    for (let index = 0; index < orderCount; index++) {
      placed.push(await placeOrderAsNewBuyer(stack, { planId: plan.id, quantity: 1, emailPrefix: "bench" }));
    }

    const paymentRows = await handle.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          placed.map((order) => order.paymentId),
        ),
      );
    const sentAt = new Map<string, number>();
    const gapMs = 1000 / perSecond;
    const posts: Promise<void>[] = [];
    const startedAt = Date.now();
    for (const [index, payment] of paymentRows.entries()) {
      sentAt.set(payment.orderId!, Date.now());
      posts.push(postPaidWebhook(stack, payment));
      await sleep(Math.max(0, startedAt + (index + 1) * gapMs - Date.now()));
    }
    await Promise.all(posts);

    const orderIds = placed.map((order) => order.orderId);
    const deadline = Date.now() + 60_000;
    let delivered: (typeof orders.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      delivered = (await handle.db.select().from(orders).where(inArray(orders.id, orderIds))).filter(
        (order) => order.status === "delivered",
      );
      if (delivered.length === orderIds.length) break;
      await sleep(100);
    }
    await worker.stop();
    await app.close();

    const allocations = await handle.db
      .select()
      .from(simulatorOrders)
      .where(inArray(simulatorOrders.transactionId, orderIds));
    const allocationMs = new Map(
      allocations.map((row) => [row.transactionId, row.readyAt.getTime() - row.createdAt.getTime()]),
    );
    const latencies = delivered
      .map((order) => order.deliveredAt!.getTime() - sentAt.get(order.id)!)
      .sort((a, b) => a - b);
    const overheads = delivered
      .map((order) => order.deliveredAt!.getTime() - sentAt.get(order.id)! - (allocationMs.get(order.id) ?? 0))
      .sort((a, b) => a - b);
    // Where the overhead goes: webhook → confirmed, confirmed → ordered upstream, profiles ready → delivered.
    const upstream = new Map(allocations.map((row) => [row.transactionId, row]));
    const stage = (measure: (order: (typeof delivered)[number]) => number) =>
      delivered.map(measure).sort((a, b) => a - b);
    const webhookStage = stage((order) => order.confirmedAt!.getTime() - sentAt.get(order.id)!);
    const pickupStage = stage((order) => upstream.get(order.id)!.createdAt.getTime() - order.confirmedAt!.getTime());
    const deliveryStage = stage((order) => order.deliveredAt!.getTime() - upstream.get(order.id)!.readyAt.getTime());
    const row = (values: number[]) =>
      `${percentile(values, 0.5)} ms | ${percentile(values, 0.95)} ms | ${values.at(-1)} ms`;
    console.info(
      `\n${orderCount} paid webhooks at ${perSecond}/s; simulator allocation uniform 0–1 s; worker concurrency ${concurrency}\n`,
    );
    console.info("| delivered | latency p50 | p95 | max | overhead p50 | p95 | max | budget overhead p95 |");
    console.info("|---|---|---|---|---|---|---|---|");
    console.info(
      `| ${delivered.length}/${orderCount} | ${row(latencies)} | ${row(overheads)} | ≤ ${BUDGET_OVERHEAD_P95_MS} ms |`,
    );
    console.info("\n| stage | p50 | p95 | max |\n|---|---|---|---|");
    console.info(`| webhook → order confirmed | ${row(webhookStage)} |`);
    console.info(`| confirmed → ordered upstream (job picked up) | ${row(pickupStage)} |`);
    console.info(`| profiles ready → delivered (poll, eSIMs stored) | ${row(deliveryStage)} |`);
    if (delivered.length < orderCount || percentile(overheads, 0.95) > BUDGET_OVERHEAD_P95_MS) process.exitCode = 1;
  } finally {
    await stack.close();
  }
}

await main();
