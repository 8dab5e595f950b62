/**
 * Time to recover after a worker process is killed (decision 025: every paid order delivered within 3 minutes of any
 * instance running again). An embedded PostgreSQL with the simulator's catalogue synced; N paid orders (placed through
 * POST /orders, confirmed by signed `checkout.paid` webhooks) whose profiles take a few seconds to allocate; a worker
 * process (`server.ts` with PROCESS_ROLE=worker) starts provisioning them and is killed with SIGKILL while it holds their jobs; a second
 * worker process starts at once. Reported: from the kill (and from the second worker's start) to the last order
 * delivered, with how many eSIMs and upstream orders each order ended with (must be exactly one order upstream).
 *
 * Usage: `npx tsx bench/recovery-time.ts [orders=20] [WORKER_DEAD_AFTER_SECONDS=30]`. Exits 1 over 3 minutes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { orders } from "../apps/api/src/modules/orders/orders.schema.ts";
import { payments } from "../apps/api/src/modules/payments/payments.schema.ts";
import { simulatorOrders } from "../apps/api/src/providers/providers.schema.ts";
import { findPlan, placeOrderAsNewBuyer, postPaidWebhook, startBenchStack } from "./bench-kit.ts";

const BUDGET_MS = 3 * 60_000;
const SERVER = path.resolve(import.meta.dirname, "../apps/api/src/server.ts");

function startWorkerProcess(databaseUrl: string, deadAfterSeconds: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PROCESS_ROLE: "worker",
      LOG_LEVEL: "silent",
      SIMULATOR_NOTIFY_SECONDS: "0",
      DATABASE_URL: databaseUrl,
      SIMULATOR_ALLOCATION_SECONDS: "5",
      WORKER_DEAD_AFTER_SECONDS: String(deadAfterSeconds),
    },
    stdio: "ignore",
  });
}

async function main() {
  const orderCount = Number(process.argv[2] ?? 20);
  const deadAfterSeconds = Number(process.argv[3] ?? 30);
  const stack = await startBenchStack();
  const { handle } = stack;
  const children: ChildProcess[] = [];
  try {
    const deps = createAppDeps(stack.config, handle.db);
    await syncCatalog(deps);
    // The API alone: no worker here, the worker processes below do the provisioning.
    const app = await buildApp(deps, { logger: false });
    await app.listen({ host: "127.0.0.1", port: stack.port });
    const plan = await findPlan(stack, "TR");

    const orderIds: string[] = [];
    for (let index = 0; index < orderCount; index++) {
      const placed = await placeOrderAsNewBuyer(stack, {
        planId: plan.id,
        quantity: 1 + (index % 3),
        emailPrefix: "recovery",
      });
      const [payment] = await handle.db.select().from(payments).where(eq(payments.id, placed.paymentId));
      await postPaidWebhook(stack, payment!);
      orderIds.push(placed.orderId);
    }

    const first = startWorkerProcess(stack.databaseUrl, deadAfterSeconds);
    children.push(first);
    const orderedUpstream = async () =>
      (await handle.db.select().from(simulatorOrders).where(inArray(simulatorOrders.transactionId, orderIds))).length;
    while ((await orderedUpstream()) < Math.min(orderCount, 5)) await sleep(50);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const killedAt = Date.now();
    const ordersOrderedBeforeKill = await orderedUpstream();
    children.push(startWorkerProcess(stack.databaseUrl, deadAfterSeconds));
    const secondStartedAt = Date.now();

    let delivered = 0;
    while (Date.now() - killedAt < BUDGET_MS + 60_000) {
      const rows = await handle.db.select().from(orders).where(inArray(orders.id, orderIds));
      delivered = rows.filter((row) => row.status === "delivered").length;
      if (delivered === orderCount) break;
      await sleep(100);
    }
    const recoveredAt = Date.now();
    const upstream = await handle.db
      .select()
      .from(simulatorOrders)
      .where(inArray(simulatorOrders.transactionId, orderIds));
    const doubled = upstream.length - new Set(upstream.map((row) => row.transactionId)).size;

    console.info(
      `\n${orderCount} paid orders; worker killed after ordering ${ordersOrderedBeforeKill} upstream; allocation 5 s; WORKER_DEAD_AFTER_SECONDS=${deadAfterSeconds}\n`,
    );
    console.info(
      "| delivered | kill → all delivered | second worker start → all delivered | upstream orders twice | budget |",
    );
    console.info("|---|---|---|---|---|");
    console.info(
      `| ${delivered}/${orderCount} | ${((recoveredAt - killedAt) / 1000).toFixed(1)} s | ${((recoveredAt - secondStartedAt) / 1000).toFixed(1)} s | ${doubled} | ≤ ${BUDGET_MS / 1000} s |`,
    );
    if (delivered < orderCount || doubled > 0 || recoveredAt - killedAt > BUDGET_MS) process.exitCode = 1;
    await app.close();
  } finally {
    for (const child of children) child.kill("SIGKILL");
    await stack.close();
  }
}

await main();
