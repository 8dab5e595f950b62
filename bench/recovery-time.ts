/**
 * Time to recover after a worker process is killed (issue 13: every paid order delivered within 3 minutes of any
 * instance running again). An embedded PostgreSQL with the simulator's catalogue synced; N paid orders (placed through
 * POST /orders, confirmed by signed `checkout.paid` webhooks) whose profiles take a few seconds to allocate; a worker
 * process (`jobs/worker-main.ts`) starts provisioning them and is killed with SIGKILL while it holds their jobs; a second
 * worker process starts at once. Reported: from the kill (and from the second worker's start) to the last order
 * delivered, with how many eSIMs and upstream orders each order ended with (must be exactly one order upstream).
 *
 * Usage: `npx tsx bench/recovery-time.ts [orders=20] [WORKER_DEAD_AFTER_SECONDS=30]`. Exits 1 over 3 minutes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { toMajor } from "@esim/shared/money";
import { eq, inArray } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { applyMigrations, connectDatabase } from "../apps/api/src/db/client.ts";
import { startEmbeddedPostgres } from "../apps/api/src/db/embedded.ts";
import { orders, packages, payments, simulatorOrders } from "../apps/api/src/db/schema.ts";
import { installJobQueue } from "../apps/api/src/jobs/worker.ts";
import { generateToken, sha256Hex } from "../apps/api/src/lib/secrets.ts";
import { insertUser } from "../apps/api/src/modules/account/users.repo.ts";
import { insertSession } from "../apps/api/src/modules/auth/sessions.repo.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { toWebhookBody } from "../apps/api/src/providers/payment/chargily/chargily-event.ts";
import { signWebhookBody } from "../apps/api/src/providers/payment/chargily/chargily-webhook.ts";

const API = "/api/v1/app";
const BUDGET_MS = 3 * 60_000;
const WORKER_MAIN = path.resolve(import.meta.dirname, "../apps/api/src/jobs/worker-main.ts");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

function startWorkerProcess(databaseUrl: string, deadAfterSeconds: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", WORKER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "silent",
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
  const dataDir = await mkdtemp(path.join(tmpdir(), "esim-bench-pg-"));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const handle = connectDatabase(database.url);
  const port = await freePort();
  const children: ChildProcess[] = [];
  try {
    await applyMigrations(handle.db);
    await installJobQueue(handle.db);
    const config = loadConfig(
      { NODE_ENV: "development", LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "1000000000" },
      { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    );
    const deps = createAppDeps(config, handle.db);
    await syncCatalog(deps);
    // The API alone: no worker here, the worker processes below do the provisioning.
    const app = await buildApp(deps, { logger: false });
    await app.listen({ host: "127.0.0.1", port });
    const [plan] = await handle.db.select().from(packages).where(eq(packages.destinationCode, "TR")).limit(1);
    if (!plan) throw new Error("no plan for TR after the sync");

    const orderIds: string[] = [];
    for (let index = 0; index < orderCount; index++) {
      const now = new Date();
      const user = await insertUser(handle.db, {
        email: `recovery-${randomUUID()}@example.com`,
        name: "Bench Buyer",
        country: "DZ",
        phone: null,
        language: "fr",
        isVerified: true,
        now,
      });
      const token = generateToken();
      await insertSession(handle.db, {
        tokenHash: sha256Hex(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        userAgent: "bench",
        now,
      });
      const placed = await fetch(`http://127.0.0.1:${port}${API}/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          clientReference: randomUUID(),
          packageId: plan.id,
          quantity: 1 + (index % 3),
          currency: "DZD",
          billing: { email: user.email, name: "Bench Buyer", country: "DZ", phone: "0551234567" },
          paymentMethod: "cib",
        }),
      });
      if (!placed.ok) throw new Error(`POST /orders: ${placed.status} ${await placed.text()}`);
      const { data } = (await placed.json()) as { data: { order: { id: string }; payment: { id: string } } };
      const [payment] = await handle.db.select().from(payments).where(eq(payments.id, data.payment.id));
      const rawBody = toWebhookBody({
        eventId: `evt_${randomUUID().replaceAll("-", "")}`,
        type: "checkout.paid",
        checkout: {
          id: payment!.providerReference!,
          isLivemode: false,
          amount: toMajor(payment!.amountMinor),
          status: "paid",
          locale: "fr",
          description: null,
          metadata: { paymentId: payment!.id },
          successUrl: config.PUBLIC_URL,
          failureUrl: config.PUBLIC_URL,
          webhookEndpoint: null,
          paymentMethod: payment!.method,
          createdAt: now,
          updatedAt: now,
          pageUrl: payment!.checkoutUrl ?? "",
        },
        at: now,
      });
      const paid = await fetch(`http://127.0.0.1:${port}${API}/webhooks/payments/sandbox`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          signature: signWebhookBody(rawBody, config.SANDBOX_PAYMENT_SECRET),
        },
        body: rawBody,
      });
      if (!paid.ok) throw new Error(`webhook: ${paid.status}`);
      orderIds.push(data.order.id);
    }

    const first = startWorkerProcess(database.url, deadAfterSeconds);
    children.push(first);
    const orderedUpstream = async () =>
      (await handle.db.select().from(simulatorOrders).where(inArray(simulatorOrders.transactionId, orderIds))).length;
    while ((await orderedUpstream()) < Math.min(orderCount, 5)) await sleep(50);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const killedAt = Date.now();
    const ordersOrderedBeforeKill = await orderedUpstream();
    children.push(startWorkerProcess(database.url, deadAfterSeconds));
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
    await handle.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
