/**
 * A PostgreSQL restart under traffic (decision 058): a managed database's failover or minor-version upgrade
 * stops the server for seconds. Both deployed shapes ride it out on one server: a `web` and a `worker` process
 * (decision 042) on one database, a single `all` process (`npm start`) on another. Orders are placed and paid all
 * along; PostgreSQL stops while paid orders are being provisioned and starts again on the same port and data. No
 * process exits, every answer while it is away is 503 with Retry-After (never 500), /readyz comes back to 200, and
 * every paid order is delivered exactly once (one order at the upstream each) with nobody acting.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Instance, sharedEnvironment, startInstance } from "./instances.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";
import {
  API,
  countUpstreamOrders,
  findPlanId,
  newTraveller,
  postPaidWebhookAnswer,
  signIn,
  type Traveller,
  waitForDelivery,
} from "./shop-client.ts";

/** How long PostgreSQL stays away: a failover or a minor-version upgrade takes about this long. */
const OUTAGE_MS = 12_000;
/** Every order paid before the stop is delivered within this after PostgreSQL is back. */
const DELIVERY_TIMEOUT_MS = 60_000;
/** Orders paid at once right before the stop, so that their provisioning is under way when the database goes. */
const BURST_ORDERS = 5;

/** One deployed shape: its own database on the shared server, the process taking the traffic, and all of its processes. */
interface Shop {
  name: string;
  pool: pg.Pool;
  front: Instance;
  processes: Instance[];
  planId: string;
  traveller: Traveller;
  token: string;
  /** Orders whose paid webhook was taken. */
  paid: string[];
  /** Orders placed whose paid webhook was not taken yet: the gateway sends it again later. */
  unpaid: string[];
}

/** One HTTP answer during the run, or 0 when the process could not be reached. */
interface Answer {
  instance: string;
  path: string;
  status: number;
  retryAfter: string | null;
  sentAt: number;
  answeredAt: number;
}

let server: PostgresServer;
let shops: Shop[];
const started: Instance[] = [];
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
  shops = await Promise.all([openShop("web and worker", ["web", "worker"]), openShop("single", ["all"])]);
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((instance) => instance.kill("SIGKILL")));
  await Promise.all(pools.map((pool) => pool.end()));
  await server?.stop();
});

async function openShop(name: string, roles: ("web" | "worker" | "all")[]): Promise<Shop> {
  const database = name.replaceAll(/\W/g, "_");
  server.createDatabase(database);
  const environment = sharedEnvironment(server.urlOf(database));
  const pool = new pg.Pool({ connectionString: server.urlOf(database), max: 4 });
  // The restart closes the test's own connections too: its queries wait for the server to be back.
  pool.on("error", () => {});
  pools.push(pool);
  const processes = await Promise.all(
    roles.map(async (role) => {
      const instance = await startInstance({ name: `${name} ${role}`, role, environment });
      started.push(instance);
      return instance;
    }),
  );
  const front = processes.find((instance) => instance.role !== "worker")!;
  const traveller = newTraveller(database);
  return {
    name,
    pool,
    front,
    processes,
    planId: await findPlanId(pool, "TR"),
    traveller,
    token: await signIn(traveller, front),
    paid: [],
    unpaid: [],
  };
}

/** A request as a client sends it, its answer recorded; the JSON body when there is one. */
async function send(
  answers: Answer[],
  instance: Instance,
  options: { path: string; method?: string; shop?: Shop; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.shop) {
    headers["x-forwarded-for"] = options.shop.traveller.address;
    headers.authorization = `Bearer ${options.shop.token}`;
  }
  const sentAt = Date.now();
  let status = 0;
  let retryAfter: string | null = null;
  let body: unknown;
  try {
    const response = await fetch(`${instance.url}${options.path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Refused: the process is gone (what this test is about) or not listening.
  }
  answers.push({ instance: instance.name, path: options.path, status, retryAfter, sentAt, answeredAt: Date.now() });
  return { status, body };
}

/** Places one order (paid by card, DZD); its id, or undefined when the shop could not take it. */
async function placeOrder(answers: Answer[], shop: Shop): Promise<string | undefined> {
  const { status, body } = await send(answers, shop.front, {
    path: `${API}/orders`,
    shop,
    body: {
      clientReference: randomUUID(),
      packageId: shop.planId,
      quantity: 1,
      currency: "DZD",
      billing: { email: shop.traveller.email, name: "Amina Benali", country: "DZ", phone: "0551234567" },
      paymentMethod: "cib",
      termsAccepted: true,
    },
  });
  return status === 200 ? (body as { data: { order: { id: string } } }).data.order.id : undefined;
}

/** The gateway's signed `checkout.paid` for the order; kept for a later delivery when it is not taken. */
async function payOrder(answers: Answer[], shop: Shop, orderId: string): Promise<boolean> {
  const sentAt = Date.now();
  // The gateway's webhook is built from the payment row: with the database away, it is simply sent later.
  const answer = await postPaidWebhookAnswer(shop.pool, shop.front, orderId).catch(() => undefined);
  if (answer) {
    answers.push({
      instance: shop.front.name,
      path: `${API}/webhooks/payments/sandbox`,
      ...answer,
      sentAt,
      answeredAt: Date.now(),
    });
  }
  const isTaken = answer?.status === 200;
  if (isTaken) shop.paid.push(orderId);
  return isTaken;
}

/** A traveller's reads, orders and payments, and the monitoring's /readyz, on each shape until `isRunning` says no. */
async function runTraffic(answers: Answer[], shop: Shop, isRunning: () => boolean) {
  while (isRunning()) {
    await send(answers, shop.front, { path: `${API}/auth/me`, shop });
    await send(answers, shop.front, { path: `${API}/orders`, shop });
    for (const instance of shop.processes) await send(answers, instance, { path: "/readyz" });
    const orderId = await placeOrder(answers, shop);
    if (orderId && !(await payOrder(answers, shop, orderId))) shop.unpaid.push(orderId);
    await sleep(100);
  }
}

async function undeliveredOf(shop: Shop, orderIds: string[]): Promise<string[]> {
  const { rows } = await shop.pool.query<{ id: string }>(
    "select id from orders where id = any($1::uuid[]) and status <> 'delivered'",
    [orderIds],
  );
  return rows.map((row) => row.id);
}

describe("a PostgreSQL restart under traffic", () => {
  it("is ridden out by a web and a worker process and by a single process: 503 meanwhile, every paid order delivered once", async () => {
    const answers: Answer[] = [];
    let isTrafficRunning = true;
    const traffic = Promise.all(shops.map((shop) => runTraffic(answers, shop, () => isTrafficRunning)));

    // A burst of paid orders, and the database stopped once their provisioning is under way.
    await sleep(2_000);
    const bursts = await Promise.all(
      shops.map(async (shop) => {
        const orderIds: string[] = [];
        for (let index = 0; index < BURST_ORDERS; index++) {
          const orderId = await placeOrder(answers, shop);
          if (orderId && (await payOrder(answers, shop, orderId))) orderIds.push(orderId);
        }
        return orderIds;
      }),
    );
    const burstIds = bursts.flat();
    expect(burstIds).toHaveLength(shops.length * BURST_ORDERS);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const upstream = await Promise.all(shops.map((shop, index) => countUpstreamOrders(shop.pool, bursts[index]!)));
      if (upstream.every((counts) => counts.size > 0)) break;
      await sleep(20);
    }
    const pendingAtStop = await Promise.all(shops.map((shop) => undeliveredOf(shop, shop.paid)));

    const downAt = Date.now();
    await server.shutDown("fast");
    await sleep(OUTAGE_MS);
    const restartAt = Date.now();
    await server.startAgain();
    // Within pg_isready's 100 ms poll of the moment it accepts connections again.
    const upAt = Date.now();

    // Traffic goes on a while with the database back, then the gateway sends again what was not taken.
    await sleep(5_000);
    isTrafficRunning = false;
    await traffic;
    for (const shop of shops) {
      for (const orderId of shop.unpaid) expect(await payOrder(answers, shop, orderId)).toBe(true);
    }

    expect(started.filter((instance) => !instance.isRunning()).map((instance) => instance.name)).toEqual([]);
    // Never a 500 nor a refusal: 200 or 503 with Retry-After, and only 503 while the database is away.
    const failed = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
    expect(failed).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.filter((answer) => !answer.retryAfter && answer.path !== "/readyz")).toEqual([]);
    const duringOutage = answers.filter((answer) => answer.sentAt > downAt && answer.answeredAt < restartAt);
    expect(duringOutage.length).toBeGreaterThan(10);
    expect(duringOutage.filter((answer) => answer.status !== 503)).toEqual([]);

    for (const [index, shop] of shops.entries()) {
      const statuses = await waitForDelivery(shop.pool, shop.paid, DELIVERY_TIMEOUT_MS);
      expect({ shop: shop.name, undelivered: shop.paid.filter((id) => statuses.get(id) !== "delivered") }).toEqual({
        shop: shop.name,
        undelivered: [],
      });
      const upstream = await countUpstreamOrders(shop.pool, shop.paid);
      expect(shop.paid.filter((id) => upstream.get(id) !== 1)).toEqual([]);
      const { rows } = await shop.pool.query<{ count: number }>(
        "select count(*)::int as count from esims where order_id = any($1::uuid[])",
        [shop.paid],
      );
      expect(rows[0]!.count).toBe(shop.paid.length);

      // The stall: from PostgreSQL accepting connections again to the delivery of the orders pending at the stop.
      const pending = pendingAtStop[index]!;
      const { rows: delivered } = await shop.pool.query<{ deliveredAtMs: number }>(
        `select extract(epoch from delivered_at) * 1000 as "deliveredAtMs" from orders where id = any($1::uuid[])`,
        [pending],
      );
      // An order delivered between the look and the stop did not wait for the database.
      const stallsMs = delivered.map((row) => Math.round(Number(row.deliveredAtMs) - upAt)).filter((ms) => ms > 0);
      console.info(
        `${shop.name}: ${shop.paid.length} paid orders, ${pending.length} pending at the stop; delivered after the restart in ${JSON.stringify(stallsMs.sort((a, b) => a - b))} ms`,
      );
    }

    // The in-memory catalogue listens again: a plan hidden now (the operator's console NOTIFYs the same way) leaves
    // every instance's answers at once, not at its five-minute refresh.
    for (const shop of shops) {
      await shop.pool.query("update packages set is_hidden = true where id = $1", [shop.planId]);
      await shop.pool.query("notify catalog_changed");
      const planIdsOnSale = async () => {
        const { body } = await send(answers, shop.front, { path: `${API}/destinations/TR/packages` });
        return (body as { data: { plans: { id: string }[] } }).data.plans.map((plan) => plan.id);
      };
      const deadline = Date.now() + 10_000;
      while ((await planIdsOnSale()).includes(shop.planId) && Date.now() < deadline) await sleep(100);
      expect({ shop: shop.name, isOnSale: (await planIdsOnSale()).includes(shop.planId) }).toEqual({
        shop: shop.name,
        isOnSale: false,
      });
    }

    for (const instance of started) {
      expect({ instance: instance.name, status: (await send(answers, instance, { path: "/readyz" })).status }).toEqual({
        instance: instance.name,
        status: 200,
      });
    }
  });
});
