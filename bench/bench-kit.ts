/**
 * What the benchmarks share: a free port, an embedded PostgreSQL migrated with its job queue and the app's
 * configuration for it, buyers placing orders through POST /orders, and Chargily-signed `checkout.paid` webhooks;
 * medians and percentiles, an autocannon run after its warm-up, and servers in a child process driven from the parent.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { type Config, loadConfig } from "../apps/api/src/config.ts";
import { applyMigrations, connectDatabase, type DatabaseHandle } from "../apps/api/src/db/client.ts";
import { startEmbeddedPostgres } from "../apps/api/src/db/embedded.ts";
import { installJobQueue } from "../apps/api/src/jobs/worker.ts";
import { generateToken, sha256Hex } from "../apps/api/src/lib/secrets.ts";
import { insertUser } from "../apps/api/src/modules/account/users.repo.ts";
import { insertSession } from "../apps/api/src/modules/auth/sessions.repo.ts";
import { packages } from "../apps/api/src/modules/catalog/catalog.schema.ts";
import type { payments } from "../apps/api/src/modules/payments/payments.schema.ts";
import { checkoutWebhookFor, webhookHeaders } from "../apps/api/src/providers/payment/sandbox/sandbox-test-kit.ts";
import { freePort } from "../apps/api/src/test/free-port.ts";

export const API = "/api/v1/app";

/** The value at `share` (0.95 for p95) of values sorted ascending. */
export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

export interface BenchStack {
  handle: DatabaseHandle;
  databaseUrl: string;
  config: Config;
  /** Where the app is to listen (PUBLIC_URL points there). */
  port: number;
  /** Closes the pool, stops PostgreSQL and removes its data. */
  close(): Promise<void>;
}

/**
 * An embedded PostgreSQL in a temporary directory, migrated, with graphile-worker's schema, and the app's
 * configuration for it: local providers, no rate limit, PUBLIC_URL on a free loopback port.
 */
export async function startBenchStack(options: { poolSize?: number } = {}): Promise<BenchStack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "esim-bench-pg-"));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const handle = connectDatabase(database.url, options.poolSize ? { max: options.poolSize } : {});
  const close = async () => {
    await handle.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await applyMigrations(handle.db);
    await installJobQueue(handle.db);
    const port = await freePort();
    const config = loadConfig(
      {
        NODE_ENV: "development",
        LOG_LEVEL: "silent",
        RATE_LIMIT_PER_MINUTE: "1000000000",
        // Every buyer posts from 127.0.0.1.
        UNPAID_ORDERS_PER_ADDRESS_PER_HOUR: "1000000000",
      },
      { WEB_DIST_DIR: "/nonexistent", DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    );
    return { handle, databaseUrl: database.url, config, port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A plan of the destination after the catalogue sync. */
export async function findPlan(stack: BenchStack, destinationCode: string) {
  const [plan] = await stack.handle.db
    .select()
    .from(packages)
    .where(eq(packages.destinationCode, destinationCode))
    .limit(1);
  if (!plan) throw new Error(`no plan for ${destinationCode} after the sync`);
  return plan;
}

/**
 * A new signed-in buyer places an order for `quantity` of the plan through POST /orders (a DZD sandbox checkout):
 * the order's and its payment's ids.
 */
export async function placeOrderAsNewBuyer(
  stack: BenchStack,
  options: { planId: string; quantity: number; emailPrefix: string },
): Promise<{ orderId: string; paymentId: string }> {
  const now = new Date();
  const user = await insertUser(stack.handle.db, {
    email: `${options.emailPrefix}-${randomUUID()}@example.com`,
    name: "Bench Buyer",
    country: "DZ",
    phone: null,
    language: "fr",
    isVerified: true,
    now,
  });
  const token = generateToken();
  await insertSession(stack.handle.db, {
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + 86_400_000),
    userAgent: "bench",
    now,
  });
  const response = await fetch(`http://127.0.0.1:${stack.port}${API}/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      clientReference: randomUUID(),
      packageId: options.planId,
      quantity: options.quantity,
      currency: "DZD",
      billing: { email: user.email, name: "Bench Buyer", country: "DZ", phone: "0551234567" },
      paymentMethod: "cib",
      termsAccepted: true,
    }),
  });
  if (!response.ok) throw new Error(`POST /orders: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { order: { id: string }; payment: { id: string } } };
  return { orderId: data.order.id, paymentId: data.payment.id };
}

/** Posts the signed `checkout.paid` webhook of the payment's checkout, for its exact amount, as the sandbox would. */
export async function postPaidWebhook(stack: BenchStack, payment: typeof payments.$inferSelect): Promise<void> {
  const rawBody = checkoutWebhookFor(payment, { at: new Date() });
  const response = await fetch(`http://127.0.0.1:${stack.port}${API}/webhooks/payments/sandbox`, {
    method: "POST",
    headers: webhookHeaders(rawBody, stack.config.SANDBOX_PAYMENT_SECRET),
    body: rawBody,
  });
  if (!response.ok) throw new Error(`webhook: ${response.status} ${await response.text()}`);
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** What one autocannon run measured: failures are non-2xx answers, then errors and timeouts. */
export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Answers in the measured run (the warm-up's left out). */
  requests: number;
}

/**
 * autocannon with `options` for `seconds`, after a warm-up of `warmUpSeconds` with the same options (its figures
 * dropped: connections opened, the JIT warm). `around`, when given, is called right before and right after the
 * measured run (e.g. to read the servers' CPU time over it alone).
 */
export async function measureLoad(
  options: autocannon.Options,
  seconds: number,
  warmUpSeconds: number,
  around?: (moment: "before" | "after") => void,
): Promise<LoadFigures> {
  await autocannon({ ...options, duration: warmUpSeconds });
  around?.("before");
  const result = await autocannon({ ...options, duration: seconds });
  around?.("after");
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * Runs this script again as a child (under tsx) with `args`, for the servers a bench drives from the parent: the
 * child and the first message it sends (its ports, tokens…). `name` says who exited when it dies before that.
 */
export async function forkServers<Message>(
  script: string,
  args: string[],
  options: { name: string; cwd?: string },
): Promise<{ child: ChildProcess; message: Message }> {
  const child = fork(script, args, {
    execArgv: ["--import", "tsx"],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const message = await new Promise<Message>((resolve, reject) => {
    child.once("message", (received) => resolve(received as Message));
    child.once("exit", (code) => reject(new Error(`${options.name} exited early (${code})`)));
  });
  return { child, message };
}

/** SIGTERM to a child of forkServers, and its exit awaited (it closes its servers and databases). */
export async function stopServers(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/** The port a listening Fastify server was given (listen on port 0). */
export function portOf(server: { server: Server }): number {
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
