/**
 * Mixed traffic over two instances (decision 048): the shop as deployed (scale-out/: Debian's PostgreSQL, two
 * `web` instances and one `worker` of the compiled build) under a blend of what a shop sees, every kind spread over
 * both web instances as a round-robin load balancer would:
 * - anonymous catalogue reads (a destination search, a destination's plans, the storefront's home page HTML) and
 *   signed-in reads (/auth/me, /esims, /orders, /orders/:id of 40 seeded users, each with its own client address):
 *   closed loops, one autocannon per kind per instance, the mix set by each kind's connections;
 * - writes at a steady rate (open loop): sign-in code requests for new emails from new addresses (one in ten asks
 *   again for the previous email once its answer is in, within the minute: the expected answer is 429
 *   CODE_RESEND_TOO_SOON), and orders placed on one instance whose signed `checkout.paid` webhook the gateway posts to
 *   the other a moment later, so the worker delivers them.
 * Per kind: answers per second, p50/p99 (after a warm-up), errors (transport failures and unexpected statuses: must be
 * 0) and expected non-2xx answers apart. Afterwards, in the database: every paid order delivered, each bought upstream
 * once. Exits 1 otherwise.
 *
 * Usage: `npm run build && npx tsx bench/mixed-traffic.ts [seconds=60] [orders/s=2] [codes/s=4]` (about 2 minutes).
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { sha256Hex } from "../apps/api/src/lib/secrets.ts";
import { seededSessionToken, seedScaleData } from "../apps/api/src/test/scale-seed.ts";
import { type Instance, SERVER_COMMAND, sharedEnvironment, startInstance } from "../scale-out/instances.ts";
import { startPostgresServer } from "../scale-out/postgres-server.ts";
import {
  call,
  countUpstreamOrders,
  findPlanId,
  placeOrder,
  postPaidWebhook,
  type Traveller,
  waitForDelivery,
} from "../scale-out/shop-client.ts";
import { API, percentile } from "./bench-kit.ts";

const seconds = Number(process.argv[2] ?? 60);
const ordersPerSecond = Number(process.argv[3] ?? 2);
const codesPerSecond = Number(process.argv[4] ?? 4);
const WARM_UP_SECONDS = 5;
/** monitorEventLoopDelay's samples include its own timer's interval: taken off to leave the delay. */
const DELAY_RESOLUTION_MS = 10;
/** The gateway's callback comes after the buyer has paid on its page: a moment after the order. */
const PAYMENT_DELAY_MS = 500;
const DELIVERY_TIMEOUT_MS = 90_000;
const SIGNED_IN_USERS = 40;
/** One in this many code requests asks again for the previous email within the minute. */
const REPEAT_CODE_EVERY = 10;

interface Buyer extends Traveller {
  token: string;
  orderIds: string[];
}

/** What one kind of request got: latencies after the warm-up, and every answer's status by class. */
interface KindTally {
  label: string;
  latenciesMs: number[];
  ok: number;
  /** Non-2xx answers that are the right answer to what was asked (explained in the report). */
  expected: Map<number, number>;
  /** Unexpected statuses and transport failures (timeouts, resets). */
  errors: number;
  errorSamples: string[];
}

function newTally(label: string): KindTally {
  return { label, latenciesMs: [], ok: 0, expected: new Map(), errors: 0, errorSamples: [] };
}

function record(
  tally: KindTally,
  options: { status: number; latencyMs: number; isCounted: boolean; isExpected?: boolean },
) {
  if (options.status >= 200 && options.status < 300) tally.ok++;
  else if (options.isExpected) tally.expected.set(options.status, (tally.expected.get(options.status) ?? 0) + 1);
  else {
    tally.errors++;
    if (tally.errorSamples.length < 3) tally.errorSamples.push(`status ${options.status}`);
  }
  if (options.isCounted) tally.latenciesMs.push(options.latencyMs);
}

function failure(tally: KindTally, error: unknown) {
  tally.errors++;
  if (tally.errorSamples.length < 3) tally.errorSamples.push(String(error));
}

function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

console.info(`Instances run: ${SERVER_COMMAND.join(" ")}`);
const loadBefore = loadavg();
const server = await startPostgresServer();
const instances: Instance[] = [];
const database = new pg.Pool({ connectionString: server.urlOf("esim"), max: 4 });
database.on("error", () => {});
try {
  server.createDatabase("esim");
  const environment = sharedEnvironment(server.urlOf("esim"));
  // The first migrates, the others wait for its advisory lock (decision 042): started together, as deployed.
  instances.push(
    ...(await Promise.all([
      startInstance({ name: "web A", role: "web", environment }),
      startInstance({ name: "web B", role: "web", environment }),
      startInstance({ name: "worker", role: "worker", environment }),
    ])),
  );
  const webs = instances.filter((instance) => instance.role === "web");
  const planId = await findPlanId(database, "TR");

  // Signed-in buyers with a history: a small seeded load (scale-seed.ts), its sessions still valid.
  await seedScaleData(database, { users: 200, orders: 2000, now: new Date(), tag: "mixed" });
  const tokens = new Map<string, string>();
  for (let index = 2; index <= 200; index += 2)
    tokens.set(sha256Hex(seededSessionToken("mixed", index)), seededSessionToken("mixed", index));
  const { rows } = await database.query<{ tokenHash: string; email: string; orderIds: string[] }>(
    `select s.token_hash as "tokenHash", u.email,
            array(select o.id from orders o where o.user_id = u.id order by o.created_at desc limit 20) as "orderIds"
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = any($1::text[]) and s.expires_at > now() + interval '1 hour'
      order by u.email limit $2`,
    [[...tokens.keys()], SIGNED_IN_USERS],
  );
  const buyers: Buyer[] = rows
    .filter((row) => row.orderIds.length > 0)
    .map((row) => ({
      email: row.email,
      address: randomAddress(),
      token: tokens.get(row.tokenHash)!,
      orderIds: row.orderIds,
    }));
  if (buyers.length === 0) throw new Error("no seeded buyer with a valid session and an order");
  const anonymousAddresses = Array.from({ length: 500 }, randomAddress);

  // The load generator shares the two cores: its own CPU and event-loop delay say how much of a p99 is its own.
  const generatorDelay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  generatorDelay.enable();
  const generatorCpu = process.cpuUsage();
  const trafficStartedAt = new Date();
  const startedAt = performance.now();
  const countFrom = startedAt + WARM_UP_SECONDS * 1000;
  const endAt = startedAt + seconds * 1000;

  // Reads: one autocannon per kind per instance; connections per instance set the mix.
  let turn = 0;
  const anonymous = () => ({ "x-forwarded-for": anonymousAddresses[turn++ % anonymousAddresses.length]! });
  const signedIn = (buyer: Buyer) => ({ "x-forwarded-for": buyer.address, authorization: `Bearer ${buyer.token}` });
  const nextBuyer = () => buyers[turn++ % buyers.length]!;
  const reads: { label: string; connections: number; next: () => { path: string; headers: Record<string, string> } }[] =
    [
      {
        label: "GET /destinations?q=tur",
        connections: 2,
        next: () => ({ path: `${API}/destinations?q=tur`, headers: anonymous() }),
      },
      {
        label: "GET /destinations/TR/packages",
        connections: 2,
        next: () => ({ path: `${API}/destinations/TR/packages`, headers: anonymous() }),
      },
      {
        label: "GET /fr/esim (home page HTML)",
        connections: 1,
        next: () => ({ path: "/fr/esim", headers: anonymous() }),
      },
      {
        label: "GET /auth/me",
        connections: 1,
        next: () => ({ path: `${API}/auth/me`, headers: signedIn(nextBuyer()) }),
      },
      { label: "GET /esims", connections: 1, next: () => ({ path: `${API}/esims`, headers: signedIn(nextBuyer()) }) },
      { label: "GET /orders", connections: 1, next: () => ({ path: `${API}/orders`, headers: signedIn(nextBuyer()) }) },
      {
        label: "GET /orders/:id",
        connections: 1,
        next: () => {
          const buyer = nextBuyer();
          return { path: `${API}/orders/${buyer.orderIds[turn % buyer.orderIds.length]}`, headers: signedIn(buyer) };
        },
      },
    ];
  const tallies = new Map<string, KindTally>();
  // Answers by instance: the proof that the traffic was spread.
  const byInstance = new Map<string, number>(webs.map((web) => [web.name, 0]));
  const answeredBy = (web: Instance) => byInstance.set(web.name, byInstance.get(web.name)! + 1);
  const readRuns = reads.flatMap((read) => {
    const tally = newTally(read.label);
    tallies.set(read.label, tally);
    return webs.map(async (web) => {
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon(
          {
            url: web.url,
            connections: read.connections,
            duration: seconds,
            requests: [{ setupRequest: (request) => ({ ...request, ...read.next() }) }],
          },
          (error, finished) => (error ? reject(error) : resolve(finished)),
        );
        run.on("response", (_client, status, _bytes, latencyMs) => {
          answeredBy(web);
          record(tally, { status, latencyMs, isCounted: performance.now() >= countFrom });
        });
      });
      // No answer at all, so no status above: autocannon's errors, its timeouts (10 s) among them.
      if (result.errors > 0) {
        failure(
          tally,
          `${result.timeouts} timeouts, ${result.errors - result.timeouts} connection errors on ${web.name}`,
        );
        tally.errors += result.errors - 1;
      }
    });
  });

  // Writes: steady rates, each request on the next instance in turn.
  const codes = newTally("POST /auth/code (sign-in code)");
  const orders = newTally("POST /orders");
  const webhooks = newTally("POST /webhooks/payments/sandbox");
  for (const tally of [codes, orders, webhooks]) tallies.set(tally.label, tally);
  const paidOrderIds: string[] = [];
  const pending: Promise<void>[] = [];
  const timed = async <T>(
    tally: KindTally,
    web: Instance,
    work: (web: Instance) => Promise<T>,
    status: (result: T) => number,
    isExpected?: (status: number) => boolean,
  ) => {
    const started = performance.now();
    try {
      const result = await work(web);
      answeredBy(web);
      const code = status(result);
      record(tally, {
        status: code,
        latencyMs: performance.now() - started,
        isCounted: started >= countFrom,
        isExpected: isExpected?.(code),
      });
      return result;
    } catch (error) {
      failure(tally, error);
      return undefined;
    }
  };

  let previous: { traveller: Traveller; answered: Promise<unknown> } | undefined;
  const requestCode = async (index: number) => {
    const repeated = index % REPEAT_CODE_EVERY === REPEAT_CODE_EVERY - 1 ? previous : undefined;
    const traveller: Traveller = repeated?.traveller ?? {
      email: `mixed-${randomUUID()}@example.com`,
      address: randomAddress(),
    };
    // Asking again once the first answer is in, as a person does: sent at once, on the other instance, the second
    // request could be served first under load and get the code, leaving the 429 to the first.
    await repeated?.answered;
    const answered = timed(
      codes,
      webs[index % webs.length]!,
      (web) => call(web, { path: "/auth/code", traveller, body: { email: traveller.email, language: "fr" } }),
      (result) => result.status,
      (status) => repeated !== undefined && status === 429,
    );
    previous = { traveller, answered };
    await answered;
  };

  const buy = async (index: number) => {
    const buyer = buyers[index % buyers.length]!;
    // placeOrder throws on any answer but 200: an error here, there is no expected refusal of an order.
    const placed = await timed(
      orders,
      webs[index % webs.length]!,
      (web) =>
        placeOrder(web, { token: buyer.token, traveller: buyer, packageId: planId, clientReference: randomUUID() }),
      () => 200,
    );
    if (!placed) return;
    await sleep(PAYMENT_DELAY_MS);
    const { orderId } = placed;
    // The gateway calls back on the other instance. Its time includes the gateway's own lookup of the payment.
    const isTaken = await timed(
      webhooks,
      webs[(index + 1) % webs.length]!,
      (web) => postPaidWebhook(database, web, orderId),
      (taken) => (taken ? 200 : 500),
    );
    if (isTaken) paidOrderIds.push(orderId);
  };

  const steady = async (perSecond: number, send: (index: number) => Promise<void>) => {
    if (perSecond <= 0) return;
    for (let index = 0; ; index++) {
      const at = startedAt + (index * 1000) / perSecond;
      if (at >= endAt) return;
      await sleep(Math.max(0, at - performance.now()));
      pending.push(send(index));
    }
  };

  await Promise.all([...readRuns, steady(codesPerSecond, requestCode), steady(ordersPerSecond, buy)]);
  await Promise.all(pending);
  const loadAfter = loadavg();
  generatorDelay.disable();
  const generatorCpuSeconds =
    Object.values(process.cpuUsage(generatorCpu)).reduce((sum, micros) => sum + micros, 0) / 1e6;

  const statuses = await waitForDelivery(database, paidOrderIds, DELIVERY_TIMEOUT_MS);
  const undelivered = paidOrderIds.filter((id) => statuses.get(id) !== "delivered");
  const upstream = await countUpstreamOrders(database, paidOrderIds);
  const boughtTwice = paidOrderIds.filter((id) => (upstream.get(id) ?? 0) > 1);
  const { rows: paidInDatabase } = await database.query<{ paid: number; paidUndelivered: number }>(
    `select count(*)::int as paid, count(*) filter (where o.status <> 'delivered')::int as "paidUndelivered"
       from orders o join payments p on p.order_id = o.id
      where p.status = 'successful' and o.created_at >= $1`,
    [trafficStartedAt],
  );

  const countedSeconds = seconds - WARM_UP_SECONDS;
  const delayMs = (share: number) =>
    Math.max(0, generatorDelay.percentile(share) / 1e6 - DELAY_RESOLUTION_MS).toFixed(1);
  console.info(
    `\n${seconds} s of traffic (the first ${WARM_UP_SECONDS} s a warm-up, left out of the rates and latencies), over ${webs.length} web instances and a worker; ` +
      `${buyers.length} signed-in buyers; writes: ${ordersPerSecond} orders/s (each paid by a webhook ${PAYMENT_DELAY_MS} ms later, on the other instance), ${codesPerSecond} code requests/s`,
  );
  console.info(
    `load average before ${loadBefore.map((value) => value.toFixed(2)).join(" ")}, after ${loadAfter.map((value) => value.toFixed(2)).join(" ")}\n`,
  );
  console.info("| Kind | connections | answers/s | p50 | p99 | 2xx | expected non-2xx | errors |");
  console.info("|---|---|---|---|---|---|---|---|");
  let totalRate = 0;
  let totalErrors = 0;
  let totalExpected = 0;
  for (const tally of tallies.values()) {
    const sorted = [...tally.latenciesMs].sort((left, right) => left - right);
    const rate = tally.latenciesMs.length / countedSeconds;
    totalRate += rate;
    totalErrors += tally.errors;
    const expected = [...tally.expected].map(([status, count]) => `${count} × ${status}`).join(", ");
    totalExpected += [...tally.expected.values()].reduce((sum, count) => sum + count, 0);
    const read = reads.find((entry) => entry.label === tally.label);
    console.info(
      `| ${tally.label} | ${read ? `${read.connections} × ${webs.length}` : "open loop"} | ${rate.toFixed(rate < 10 ? 1 : 0)} | ${sorted.length ? percentile(sorted, 0.5).toFixed(1) : "–"} ms | ${sorted.length ? percentile(sorted, 0.99).toFixed(1) : "–"} ms | ${tally.ok} | ${expected || 0} | ${tally.errors}${tally.errorSamples.length ? ` (${tally.errorSamples.join("; ")})` : ""} |`,
    );
  }
  console.info(`| all | | ${Math.round(totalRate)} | | | | ${totalExpected} | ${totalErrors} |`);
  console.info(
    `\nThe load generator (this process): ${generatorCpuSeconds.toFixed(1)} s of CPU in ${seconds} s; its event-loop delay p50 ${delayMs(50)} ms, p99 ${delayMs(99)} ms (in every latency it measures)`,
  );
  console.info(
    `Answers by instance (warm-up included): ${[...byInstance].map(([name, count]) => `${name} ${count}`).join(", ")}`,
  );
  console.info(
    `\nPaid orders: ${paidOrderIds.length} (the database's paid orders of the run: ${paidInDatabase[0]?.paid}, of them not delivered: ${paidInDatabase[0]?.paidUndelivered}); delivered: ${paidOrderIds.length - undelivered.length}; ` +
      `not delivered within ${DELIVERY_TIMEOUT_MS / 1000} s: ${undelivered.length}; bought upstream more than once: ${boughtTwice.length}`,
  );
  const isSound =
    totalErrors === 0 &&
    undelivered.length === 0 &&
    boughtTwice.length === 0 &&
    paidInDatabase[0]?.paid === paidOrderIds.length &&
    paidInDatabase[0]?.paidUndelivered === 0;
  console.info(isSound ? "No errors; every paid order delivered once." : "FAILED: see above.");
  process.exitCode = isSound ? 0 : 1;
} finally {
  await Promise.all(instances.map((instance) => instance.kill("SIGTERM")));
  await database.end();
  await server.stop();
}
