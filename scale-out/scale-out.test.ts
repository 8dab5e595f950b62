/**
 * The shop as deployed on several machines (decision 045): a real PostgreSQL server, two `web` instances and
 * one `worker`, each a separate process of the same build reaching the database through DATABASE_URL. A person's
 * requests and the gateway's webhooks land on either web instance, as behind a load balancer.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { CODE_MAX_TRIES } from "@esim/shared/auth/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Instance, sharedEnvironment, startInstance } from "./instances.ts";
import { type PostgresServer, startPostgresServer } from "./postgres-server.ts";
import {
  call,
  countUpstreamOrders,
  findPlanId,
  newTraveller,
  placeOrder,
  postEsimStatusWebhook,
  postPaidWebhook,
  readCode,
  signIn,
  type Traveller,
  waitForDelivery,
} from "./shop-client.ts";

const DELIVERY_TIMEOUT_MS = 60_000;
const REFRESH_TIMEOUT_MS = 30_000;

/** The traveller's eSIMs' statuses as one instance shows them, once all read `status` (or the time is up). */
async function waitForEsimStatuses(
  instance: Instance,
  who: { token: string; traveller: Traveller },
  count: number,
  status: string,
): Promise<string[]> {
  const deadline = Date.now() + REFRESH_TIMEOUT_MS;
  for (;;) {
    const esims = await call<{ data: { available: { status: string }[] } }>(instance, { path: "/esims", ...who });
    const statuses = esims.body.data.available.map((esim) => esim.status);
    if ((statuses.length === count && statuses.every((found) => found === status)) || Date.now() > deadline) {
      return statuses;
    }
    await sleep(500);
  }
}

let server: PostgresServer;
let database: pg.Pool;
let environment: Record<string, string>;
let webA: Instance;
let webB: Instance;
let worker: Instance;
let planId: string;
const started: Instance[] = [];

async function start(name: string, role: "web" | "worker"): Promise<Instance> {
  const instance = await startInstance({ name, role, environment });
  started.push(instance);
  return instance;
}

beforeAll(async () => {
  server = await startPostgresServer();
  server.createDatabase("esim");
  environment = sharedEnvironment(server.urlOf("esim"));
  database = new pg.Pool({ connectionString: server.urlOf("esim"), max: 4 });
  // The server stopping at the end closes idle connections under the pool: expected, not a failure.
  database.on("error", () => {});
  // All three start together on an empty database: one migrates under the advisory lock, the others wait for it.
  [webA, webB, worker] = await Promise.all([start("web A", "web"), start("web B", "web"), start("worker", "worker")]);
  planId = await findPlanId(database, "TR");
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((instance) => instance.kill("SIGKILL")));
  await database?.end();
  await server?.stop();
});

/** Places `count` orders for the traveller, alternating instances; a request that fails is retried on `fallback`. */
async function placeOrders(options: {
  traveller: Traveller;
  token: string;
  count: number;
  pickInstance: (index: number) => Instance;
  fallback: Instance;
  beforeEach?: (index: number) => Promise<void> | void;
  afterEach?: (index: number, orderId: string) => Promise<void>;
}) {
  const placed: { orderId: string; number: string; clientReference: string }[] = [];
  for (let index = 0; index < options.count; index++) {
    await options.beforeEach?.(index);
    const clientReference = randomUUID();
    const order = { token: options.token, traveller: options.traveller, packageId: planId, clientReference };
    const result = await placeOrder(options.pickInstance(index), order).catch(() =>
      // What a client does when its request dies with the instance: the same request again (same key) elsewhere.
      placeOrder(options.fallback, order),
    );
    placed.push({ ...result, clientReference });
    await options.afterEach?.(index, result.orderId);
  }
  return placed;
}

/** Posts each order's paid webhook to the instance picked for it; the gateway retries a failed delivery on `fallback`. */
async function payAll(orderIds: string[], pickInstance: (index: number) => Instance, fallback: Instance) {
  for (const [index, orderId] of orderIds.entries()) {
    const isTaken = await postPaidWebhook(database, pickInstance(index), orderId);
    if (!isTaken) expect(await postPaidWebhook(database, fallback, orderId)).toBe(true);
  }
}

async function expectEachDeliveredOnce(orderIds: string[]) {
  const statuses = await waitForDelivery(database, orderIds, DELIVERY_TIMEOUT_MS);
  expect(orderIds.map((id) => statuses.get(id))).toEqual(orderIds.map(() => "delivered"));
  const upstream = await countUpstreamOrders(database, orderIds);
  expect(orderIds.map((id) => upstream.get(id))).toEqual(orderIds.map(() => 1));
  const { rows } = await database.query<{ count: number }>(
    "select count(*)::int as count from esims where order_id = any($1::uuid[])",
    [orderIds],
  );
  expect(rows[0]!.count).toBe(orderIds.length);
}

describe("sessions across instances", () => {
  it("signs in with a code asked on one instance and typed on the other, and the session works on both", async () => {
    const traveller = newTraveller("session");
    const token = await signIn(traveller, webA, webB);

    for (const instance of [webA, webB]) {
      const me = await call<{ data: { email: string } }>(instance, { path: "/auth/me", token, traveller });
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(traveller.email);
    }

    expect((await call(webB, { path: "/auth/logout", token, traveller, body: {} })).status).toBe(204);
    expect((await call(webA, { path: "/auth/me", token, traveller })).status).toBe(401);
  });
});

describe("sign-in limits across instances", () => {
  it("sends at most 20 codes per client address in total, however the requests are spread", async () => {
    const address = newTraveller("limit").address;
    const statuses: number[] = [];
    for (let index = 0; index < 26; index++) {
      const traveller = { email: `limit-${index}-${randomUUID().slice(0, 8)}@example.com`, address };
      const response = await call(index % 2 === 0 ? webA : webB, {
        path: "/auth/code",
        traveller,
        body: { email: traveller.email, language: "fr" },
      });
      statuses.push(response.status);
    }
    // Counted per instance, each would have sent 13 codes: 26 in all.
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429, 429]);
  });

  it("burns a code after five wrong tries in total, however they are spread", async () => {
    const traveller = newTraveller("tries");
    expect(
      (await call(webA, { path: "/auth/code", traveller, body: { email: traveller.email, language: "fr" } })).status,
    ).toBe(200);
    const code = await readCode(webB, traveller.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers: string[] = [];
    for (let index = 0; index < CODE_MAX_TRIES; index++) {
      const response = await call<{ error: { code: string } }>(index % 2 === 0 ? webA : webB, {
        path: "/auth/verify",
        traveller,
        body: { email: traveller.email, code: wrong },
      });
      answers.push(response.body.error.code);
    }
    expect(answers.at(-1)).toBe("CODE_BURNT");
    const right = await call<{ error: { code: string } }>(webB, {
      path: "/auth/verify",
      traveller,
      body: { email: traveller.email, code },
    });
    expect(right.body.error.code).toBe("CODE_BURNT");
  });
});

describe("orders over two instances", () => {
  it("delivers once each order placed on either instance and paid through the other, and takes the upstream's webhooks on both", async () => {
    const traveller = newTraveller("spread");
    const token = await signIn(traveller, webB, webA);
    const placed = await placeOrders({
      traveller,
      token,
      count: 6,
      pickInstance: (index) => (index % 2 === 0 ? webA : webB),
      fallback: webA,
      // Each paid through the other instance as soon as it is placed: a traveller may have at most 3 orders awaiting
      // payment at once (decision 057).
      afterEach: (index, orderId) => payAll([orderId], () => (index % 2 === 0 ? webB : webA), webA),
    });
    const orderIds = placed.map((order) => order.orderId);

    await expectEachDeliveredOnce(orderIds);
    for (const instance of [webA, webB]) {
      const orders = await call<{ data: { number: string }[] }>(instance, { path: "/orders", token, traveller });
      expect(orders.body.data.map((order) => order.number).sort()).toEqual(placed.map((order) => order.number).sort());
      const esims = await call<{ data: { available: unknown[] } }>(instance, { path: "/esims", token, traveller });
      expect(esims.body.data.available).toHaveLength(6);
    }

    // Installed upstream meanwhile: each eSIM's status webhook, to either instance, updates it for both.
    await sleep(2_500);
    const { rows: delivered } = await database.query<{ iccid: string }>(
      "select iccid from esims where order_id = any($1::uuid[])",
      [orderIds],
    );
    // Each webhook is answered at once and queues the eSIM's refresh; the worker's job reads the upstream.
    const queued = [];
    for (const [index, { iccid }] of delivered.entries()) {
      queued.push(await postEsimStatusWebhook(index % 2 === 0 ? webA : webB, iccid));
    }
    expect(queued).toEqual(delivered.map(() => 1));
    for (const instance of [webA, webB]) {
      const statuses = await waitForEsimStatuses(instance, { token, traveller }, delivered.length, "Onboard");
      expect(statuses).toEqual(delivered.map(() => "Onboard"));
    }
  });

  it("loses nothing when a web instance is killed in the middle of a stream of orders", async () => {
    const traveller = newTraveller("kill-web");
    const token = await signIn(traveller, webA, webB);
    const victim = webB;
    const onLiveVictim = (instance: Instance) => (instance === victim && !victim.isRunning() ? webA : instance);
    let kill: Promise<void> | undefined;
    // Each order paid as soon as it is placed: when the kill comes, the victim is taking orders and webhooks and its
    // job runner holds the provisioning of earlier ones.
    const placed = await placeOrders({
      traveller,
      token,
      count: 12,
      pickInstance: (index) => onLiveVictim(index % 2 === 0 ? webA : victim),
      fallback: webA,
      // Killed while requests go to it: one under way fails and is sent again to the other, as a client would.
      beforeEach: (index) => {
        if (index === 6) kill = victim.kill("SIGKILL");
      },
      // The gateway retries a webhook that got no answer; the retry reaches the live instance.
      afterEach: async (index, orderId) => {
        const isTaken = await postPaidWebhook(database, onLiveVictim(index % 2 === 0 ? victim : webA), orderId);
        if (!isTaken) expect(await postPaidWebhook(database, webA, orderId)).toBe(true);
      },
    });
    await kill;
    expect(victim.isRunning()).toBe(false);
    const orderIds = placed.map((order) => order.orderId);

    await expectEachDeliveredOnce(orderIds);
    const { rows } = await database.query<{ count: number }>(
      "select count(*)::int as count from orders where client_reference = any($1::text[])",
      [placed.map((order) => order.clientReference)],
    );
    expect(rows[0]!.count).toBe(12);
    // The session opened before the kill is still good on the instance that lived.
    expect((await call(webA, { path: "/auth/me", token, traveller })).status).toBe(200);

    webB = await start("web B again", "web");
  });

  it("delivers every paid order when the worker is killed while provisioning and started again", async () => {
    const traveller = newTraveller("kill-worker");
    const token = await signIn(traveller, webA, webB);
    const placed = await placeOrders({
      traveller,
      token,
      count: 8,
      pickInstance: (index) => (index % 2 === 0 ? webA : webB),
      fallback: webA,
      // Each paid through the other instance as soon as it is placed: a traveller may have at most 3 orders awaiting
      // payment at once (decision 057).
      afterEach: (index, orderId) => payAll([orderId], () => (index % 2 === 0 ? webB : webA), webA),
    });
    const orderIds = placed.map((order) => order.orderId);

    // Killed once provisioning has begun: some orders are with the upstream, others still queued.
    const deadline = Date.now() + 20_000;
    while ((await countUpstreamOrders(database, orderIds)).size === 0 && Date.now() < deadline) await sleep(50);
    await worker.kill("SIGKILL");
    worker = await start("worker again", "worker");

    await expectEachDeliveredOnce(orderIds);
  });
});
