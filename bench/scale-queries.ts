/**
 * The webhook and sweep queries at a million orders, and a user's reads on an empty database and on that one
 * (decisions 044 and 047: every webhook and sweep query an index scan, ≤ 5 ms; a user's lists within 1.5× of an empty database).
 *
 * Two embedded PostgreSQL servers, the simulator's catalogue synced in each and the same small load (20 users, 100
 * orders); the second also gets the big load (bench/seed-scale.ts: 1 M orders by default). A user of the small load
 * reads GET /esims, /orders and /orders/:id through each database's app (N sequential requests each, the two
 * alternating for three rounds), and a heavy buyer of the big load (1 000+ orders; the lists answer the latest 200). Then each query an eSIM webhook (by reference, ICCID, upstream order
 * number), a payment webhook and each sweep sends, captured as the app sends it, timed with EXPLAIN ANALYZE in a
 * transaction rolled back: B as now, A without this change's indexes (dropped in the same rolled-back transaction;
 * the names read from migrations 0015 and 0016) and, for the eSIM webhook, with its former OR across the join (for the
 * expiry sweep, without the eSIM's alert flag; a last table compares it with 0015's index alone). A and B
 * alternate, three times each; medians. The clean-up's deletes run once for real while being captured, so A and B
 * then time a delete of nothing: the scan is the cost.
 *
 * Usage: `npx tsx bench/scale-queries.ts [orders=1000000] [users=200000] [requests=300]`
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { AVAILABLE_ESIM_STATUSES } from "@esim/shared/statuses";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type pg from "pg";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { settlePayment } from "../apps/api/src/flows/settle-payment.ts";
import { cleanUpExpiredRows } from "../apps/api/src/jobs/clean-up.ts";
import { users } from "../apps/api/src/modules/account/account.schema.ts";
import { esimBundles, esims } from "../apps/api/src/modules/esims/esims.schema.ts";
import { sendDueEsimAlerts, syncStaleEsims } from "../apps/api/src/modules/esims/index.ts";
import { flagOverdueDeliveries } from "../apps/api/src/modules/orders/index.ts";
import { orders } from "../apps/api/src/modules/orders/orders.schema.ts";
import { reconcileStalePayments } from "../apps/api/src/modules/payments/index.ts";
import { payments } from "../apps/api/src/modules/payments/payments.schema.ts";
import type { EsimProvider, UpstreamProfile } from "../apps/api/src/providers/esim/esim-port.ts";
import { checkoutWebhookFor, webhookHeaders } from "../apps/api/src/providers/payment/sandbox/sandbox-test-kit.ts";
import { type RecordedQuery, recordQueries } from "../apps/api/src/test/query-recorder.ts";
import { HEAVY_USER, seededSessionToken, seededUpstreamProfile } from "../apps/api/src/test/scale-seed.ts";
import { API, median, percentile, startBenchStack } from "./bench-kit.ts";
import { loadScaleData } from "./seed-scale.ts";

const ORDERS = Number(process.argv[2] ?? 1_000_000);
const USERS = Number(process.argv[3] ?? 200_000);
const REQUESTS = Number(process.argv[4] ?? 300);
const ROUNDS = 3;
const quiet = { warn() {}, error() {}, info() {} };
const log = (message: string) => console.info(`  ${message}`);

// A: without the indexes of migration 0015 (decision 044) and 0016 (the expiry sweep's, decision 047).
const MIGRATIONS = ["0015_scale-indexes.sql", "0016_expiry-alert-index.sql"].map((name) =>
  path.join(import.meta.dirname, "../apps/api/src/db/migrations", name),
);
const NEW_INDEXES = MIGRATIONS.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/CREATE INDEX "([^"]+)"/g)].map((match) => match[1]!),
);
const dropNewIndexes = NEW_INDEXES.map((name) => `drop index if exists "${name}"`);
// Before decision 047: 0015's index of available eSIMs by expiry, and the sweep without the eSIM's alert flag.
const before047 = [
  `drop index "esims_expiry_alert_due_idx"`,
  `create index "esims_available_expires_idx" on "esims" ("expires_at") where "status" in ('New', 'Onboard', 'In Use')`,
];
const EXPIRY_FLAG = / and "esims"\."expiry_alert_sent_at" is null/;
const EXPIRY_LIMIT = 500;

const stack = await startBenchStack({ poolSize: 6 });
// The empty database: the same small load, nothing else; its app and the big one's answer in alternating rounds.
const emptyStack = await startBenchStack({ poolSize: 6 });
try {
  const now = new Date();
  // The upstream answers for whichever eSIM is asked about, so a webhook's whole path runs (update, alerts check).
  let profile: UpstreamProfile | undefined;
  const baseDeps = createAppDeps(stack.config, stack.handle.db);
  const simulator = baseDeps.esim;
  const esimProvider = new Proxy(simulator, {
    get: (target, key) =>
      key === "queryProfile"
        ? async (reference: string) => (profile ? { ...profile, reference } : undefined)
        : Reflect.get(target, key),
  }) as EsimProvider;
  const deps = createAppDeps(stack.config, stack.handle.db, { esim: esimProvider });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const emptyApp = await buildApp(createAppDeps(emptyStack.config, emptyStack.handle.db), { logger: false });
  await emptyApp.ready();

  console.info("Small load, into both databases (the user whose reads are compared):");
  for (const target of [stack, emptyStack]) {
    await loadScaleData(target.handle, target.databaseUrl, { orders: 100, users: 20, tag: "small", now, log });
  }
  console.info(`Big load (${ORDERS} orders, ${USERS} users):`);
  const big = await loadScaleData(stack.handle, stack.databaseUrl, {
    orders: ORDERS,
    users: USERS,
    tag: "big",
    now,
    log,
  });
  console.info(`  loaded ${JSON.stringify(big.counts)} in ${big.seconds.toFixed(0)} s`);

  // The small load's user 2: a heavy buyer of that load (orders 97, …), a handful of orders; same rows in both.
  const orderOf = async (target: typeof stack, number: string) =>
    (await target.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]!.id;
  const readsOf = (token: string, orderId: string) => [
    { label: "GET /esims", url: `${API}/esims`, token },
    { label: "GET /orders", url: `${API}/orders`, token },
    { label: "GET /orders/:id", url: `${API}/orders/${orderId}`, token },
  ];
  type Figures = Map<string, { times: number[]; items: number }>;
  async function timeReads(into: Figures, target: typeof app, reads: ReturnType<typeof readsOf>) {
    for (const read of reads) {
      const figure = into.get(read.label) ?? { times: [], items: 0 };
      into.set(read.label, figure);
      for (let index = 0; index < REQUESTS + 20; index++) {
        const started = performance.now();
        const response = await target.inject({
          method: "GET",
          url: read.url,
          headers: { authorization: `Bearer ${read.token}` },
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${read.label}: ${response.statusCode} ${response.body}`);
        if (index >= 20) figure.times.push(elapsed);
        const data = response.json().data;
        figure.items = Array.isArray(data)
          ? data.length
          : data.available
            ? data.available.length + data.expired.length
            : 1;
      }
    }
  }
  const userToken = seededSessionToken("small", HEAVY_USER);
  const emptyReads = readsOf(userToken, await orderOf(emptyStack, "SCsmall-97"));
  const loadedReads = readsOf(userToken, await orderOf(stack, "SCsmall-97"));
  const heavyReads = readsOf(seededSessionToken(big.tag, HEAVY_USER), await orderOf(stack, `SC${big.tag}-97`));
  const emptyFigures: Figures = new Map();
  const loadedFigures: Figures = new Map();
  const heavyFigures: Figures = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    await timeReads(emptyFigures, emptyApp, emptyReads);
    await timeReads(loadedFigures, app, loadedReads);
    await timeReads(heavyFigures, app, heavyReads);
  }
  const summary = (figure: { times: number[] }) => {
    const sorted = [...figure.times].sort((left, right) => left - right);
    return { median: median(sorted), p95: percentile(sorted, 0.95) };
  };

  console.info(
    `\nA user's reads (${ROUNDS} rounds alternating the databases, ${REQUESTS} sequential requests each through the app after 20 of warm-up), ms:\n`,
  );
  console.info(
    "| Read | user's items | empty database median / p95 | at 1 M orders median / p95 | ratio of medians | heavy buyer of the big load (items) median / p95 |",
  );
  console.info("|---|---|---|---|---|---|");
  for (const { label } of emptyReads) {
    const empty = summary(emptyFigures.get(label)!);
    const loaded = summary(loadedFigures.get(label)!);
    const heavy = summary(heavyFigures.get(label)!);
    console.info(
      `| ${label} | ${emptyFigures.get(label)!.items} | ${empty.median.toFixed(2)} / ${empty.p95.toFixed(2)} | ${loaded.median.toFixed(2)} / ${loaded.p95.toFixed(2)} | ${(loaded.median / empty.median).toFixed(2)}× | ${heavy.median.toFixed(2)} / ${heavy.p95.toFixed(2)} (${heavyFigures.get(label)!.items}) |`,
    );
  }
  await emptyApp.close();

  // The webhooks' and sweeps' queries, captured as the app sends them.
  const pool = stack.handle.pool;
  const recorder = recordQueries(pool);
  const [target] = await stack.handle.db
    .select({ esim: esims, upstreamOrderNo: orders.upstreamOrderNo })
    .from(esims)
    .innerJoin(orders, eq(orders.id, esims.orderId))
    .where(and(eq(esims.status, "In Use"), eq(orders.number, `SC${big.tag}-${ORDERS - 3}`)))
    .limit(1);
  const fallback =
    target ??
    (
      await stack.handle.db
        .select({ esim: esims, upstreamOrderNo: orders.upstreamOrderNo })
        .from(esims)
        .innerJoin(orders, eq(orders.id, esims.orderId))
        .where(eq(esims.status, "In Use"))
        .limit(1)
    )[0]!;
  const { esim, upstreamOrderNo } = fallback;
  // The seed gives every eSIM an ICCID; the webhook's lookup by ICCID is one of the queries measured.
  if (!esim.iccid) throw new Error("The seeded eSIM has no ICCID: the lookup by ICCID cannot be measured");
  profile = seededUpstreamProfile(esim, {
    upstreamOrderNo,
    usedBytes: Math.floor((esim.dataTotalBytes ?? 0) / 2),
    now,
  });
  const esimWebhook = (content: Record<string, unknown>) => async () => {
    const response = await app.inject({
      method: "POST",
      url: `${API}/webhooks/esim/simulator/${stack.config.ESIM_WEBHOOK_TOKEN}`,
      payload: { notifyType: "DATA_USAGE", content },
    });
    if (response.statusCode !== 200) throw new Error(`eSIM webhook: ${response.statusCode}`);
  };
  const [pending] = await stack.handle.db.select().from(payments).where(eq(payments.status, "pending")).limit(1);
  const paymentWebhook = async () => {
    const rawBody = checkoutWebhookFor(pending!, { at: now });
    await app.inject({
      method: "POST",
      url: `${API}/webhooks/payments/sandbox`,
      headers: webhookHeaders(rawBody, stack.config.SANDBOX_PAYMENT_SECRET),
      payload: rawBody,
    });
  };
  const work: { label: string; run: () => Promise<unknown> }[] = [
    { label: "eSIM webhook, by upstream reference", run: esimWebhook({ esimTranNo: esim.upstreamReference }) },
    { label: "eSIM webhook, by ICCID", run: esimWebhook({ iccid: esim.iccid }) },
    { label: "eSIM webhook, by upstream order number", run: esimWebhook({ orderNo: upstreamOrderNo }) },
    { label: "payment webhook (checkout.paid)", run: paymentWebhook },
    { label: "overdue deliveries sweep", run: () => flagOverdueDeliveries(deps, { log: quiet }) },
    { label: "stale payments sweep", run: () => reconcileStalePayments(deps, { log: quiet, settlePayment }) },
    { label: "clean-up sweep", run: () => cleanUpExpiredRows(deps.db, now) },
    { label: "stale eSIMs sweep", run: () => syncStaleEsims(deps, { log: quiet }) },
    { label: "expiry alerts sweep", run: () => sendDueEsimAlerts(deps) },
  ];
  const isPlannable = (query: RecordedQuery) =>
    /^\s*(select|update|delete|insert|with)\b/i.test(query.text) && !/graphile_worker\.|pg_advisory/i.test(query.text);
  const captured: { label: string; query: RecordedQuery; before?: RecordedQuery }[] = [];
  const seen = new Set<string>();
  for (const { label, run } of work) {
    const { queries } = await recorder.record(run);
    for (const query of queries.filter(isPlannable)) {
      if (seen.has(query.text)) continue;
      seen.add(query.text);
      captured.push({ label, query });
    }
  }
  recorder.restore();
  // The expiry sweep's query before decision 047.
  const formerExpirySweep = (after: Date, until: Date) => {
    const latest = stack.handle.db
      .select({ id: esimBundles.id, expiryAlertSentAt: esimBundles.expiryAlertSentAt })
      .from(esimBundles)
      .where(eq(esimBundles.esimId, esims.id))
      .orderBy(desc(esimBundles.appliedAt), desc(esimBundles.createdAt), desc(esimBundles.id))
      .limit(1)
      .as("latest_bundle");
    return stack.handle.db
      .select({ esimId: esims.id, bundleId: latest.id })
      .from(esims)
      .innerJoin(users, eq(users.id, esims.userId))
      .innerJoinLateral(latest, sql`true`)
      .where(
        and(
          inArray(esims.status, [...AVAILABLE_ESIM_STATUSES]),
          gt(esims.expiresAt, after),
          lte(esims.expiresAt, until),
          isNull(latest.expiryAlertSentAt),
          isNull(users.deletedAt),
          isNotNull(users.email),
        ),
      )
      .orderBy(esims.expiresAt)
      .limit(EXPIRY_LIMIT);
  };
  // The eSIM webhook's lookup as it was: one OR across the join.
  const formerLookup = stack.handle.db
    .select({ esim: esims })
    .from(esims)
    .innerJoin(orders, eq(orders.id, esims.orderId))
    .where(
      or(
        inArray(esims.upstreamReference, [esim.upstreamReference]),
        inArray(esims.iccid, [esim.iccid]),
        inArray(orders.upstreamOrderNo, [upstreamOrderNo ?? ""]),
      ),
    )
    .limit(200)
    .toSQL();
  for (const entry of captured) {
    if (/ union /i.test(entry.query.text)) entry.before = { text: formerLookup.sql, values: formerLookup.params };
    // The expiry sweep's query as it was: due by the latest bundle's flag alone, read through a lateral join; the same
    // window (the captured query's two dates).
    if (EXPIRY_FLAG.test(entry.query.text)) {
      const [after, until] = entry.query.values.filter((value) => typeof value === "string" && /^\d{4}-/.test(value));
      const former = formerExpirySweep(new Date(after as string), new Date(until as string)).toSQL();
      entry.before = { text: former.sql, values: former.params };
    }
  }
  const expirySweep = captured.find((entry) => EXPIRY_FLAG.test(entry.query.text));
  if (!expirySweep) throw new Error("the expiry sweep's query was not captured");

  interface Timing {
    ms: number;
    scans: string;
  }
  interface PlanNode {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    Plans?: PlanNode[];
  }
  const scansOf = (node: PlanNode): string[] => [
    ...(node["Relation Name"]
      ? [`${node["Node Type"]} ${node["Relation Name"]}${node["Index Name"] ? ` (${node["Index Name"]})` : ""}`]
      : node["Index Name"]
        ? [`${node["Node Type"]} (${node["Index Name"]})`]
        : []),
    ...(node.Plans ?? []).flatMap(scansOf),
  ];
  async function timeQuery(query: RecordedQuery, setup: string[]): Promise<Timing> {
    const client: pg.PoolClient = await pool.connect();
    try {
      await client.query("begin");
      for (const statement of setup) await client.query(statement);
      // An insert replayed may hit the row the first run wrote: no figure for it (an insert reads no table anyway).
      const result = await client
        .query(`explain (analyze, format json) ${query.text}`, query.values)
        .catch((error: { code?: string }) => {
          if (error.code === "23505") return undefined;
          throw error;
        });
      if (!result) return { ms: Number.NaN, scans: "(replayed insert conflicts)" };
      const [explained] = result.rows[0]["QUERY PLAN"] as {
        Plan: PlanNode;
        "Execution Time": number;
        "Planning Time": number;
      }[];
      return {
        ms: explained!["Execution Time"] + explained!["Planning Time"],
        scans: [...new Set(scansOf(explained!.Plan))].join(", "),
      };
    } finally {
      await client.query("rollback");
      client.release();
    }
  }

  console.info(
    `\nWebhook and sweep queries at ${ORDERS} orders: planning + execution (EXPLAIN ANALYZE, rolled back), medians of ${ROUNDS}, A and B alternating:\n`,
  );
  console.info("| Work | Query | A: before (ms) | B: now (ms) | B's scans |");
  console.info("|---|---|---|---|---|");
  let slowest = 0;
  for (const entry of captured) {
    const before: number[] = [];
    const after: number[] = [];
    let scans = "";
    for (let round = 0; round < ROUNDS; round++) {
      before.push((await timeQuery(entry.before ?? entry.query, dropNewIndexes)).ms);
      const timing = await timeQuery(entry.query, []);
      after.push(timing.ms);
      scans = timing.scans;
    }
    if (!Number.isNaN(median(after))) slowest = Math.max(slowest, median(after));
    const short = entry.query.text.replace(/"/g, "").replace(/\s+/g, " ").slice(0, 90);
    console.info(
      `| ${entry.label} | \`${short}…\` | ${median(before).toFixed(2)} | ${median(after).toFixed(2)} | ${scans || "none"} |`,
    );
  }
  console.info(`\nSlowest query now: ${slowest.toFixed(2)} ms (goal ≤ 5 ms).`);

  // The expiry sweep before decision 047 (0015's index, the flag on the bundle only) and now, in two states: the
  // backlog (the seed's eSIMs expiring within a day were never alerted; the capture's run alerted one batch of 500),
  // and the steady state (every eSIM due now alerted, the next sweep a quarter of an hour later).
  async function compareExpirySweeps(state: string, before: RecordedQuery, after: RecordedQuery) {
    console.info(
      `\nExpiry-alert sweep, ${state}: medians of ${ROUNDS}, alternating (0015's index rebuilt in the rolled-back transaction for A):\n`,
    );
    console.info("| Tree | ms (rounds) | scans |");
    console.info("|---|---|---|");
    const rounds = { before: [] as Timing[], now: [] as Timing[] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.before.push(await timeQuery(before, before047));
      rounds.now.push(await timeQuery(after, []));
    }
    for (const [label, timings] of [
      ["A: before decision 047 (flag on the bundle only)", rounds.before],
      ["B: now (flag on the eSIM, partial index)", rounds.now],
    ] as const) {
      const times = timings.map((timing) => timing.ms);
      console.info(
        `| ${label} | ${median(times).toFixed(2)} (${times.map((ms) => ms.toFixed(2)).join(" / ")}) | ${timings.at(-1)!.scans} |`,
      );
    }
  }
  await compareExpirySweeps("backlog (one batch of 500 alerted)", expirySweep.before!, expirySweep.query);

  let clock = new Date();
  const sweepDeps = createAppDeps(stack.config, stack.handle.db, { esim: esimProvider, now: () => clock });
  let drained = 0;
  for (let batch = 0; batch < 100; batch++) {
    const decided = await sendDueEsimAlerts(sweepDeps);
    if (decided === 0) break;
    drained += decided;
  }
  const due = await pool.query<{ count: number }>(
    `select count(*)::int as count from esims where status in ('New', 'Onboard', 'In Use') and expiry_alert_sent_at is null
      and expires_at > $1 and expires_at <= $2`,
    [clock.toISOString(), new Date(clock.getTime() + 24 * 3_600_000).toISOString()],
  );
  console.info(`\n  backlog drained: ${drained} alerts decided; ${due.rows[0]!.count} eSIMs still due within the day`);
  clock = new Date(clock.getTime() + 15 * 60_000);
  const [capturedAfter, capturedUntil] = expirySweep.query.values.filter(
    (value) => typeof value === "string" && /^\d{4}-/.test(value),
  );
  const window = { after: clock.toISOString(), until: new Date(clock.getTime() + 24 * 3_600_000).toISOString() };
  const dueNext = await pool.query<{ count: number }>(
    `select count(*)::int as count from esims where status in ('New', 'Onboard', 'In Use') and expiry_alert_sent_at is null
      and expires_at > $1 and expires_at <= $2`,
    [window.after, window.until],
  );
  const alertedNext = await pool.query<{ count: number }>(
    `select count(*)::int as count from esims where status in ('New', 'Onboard', 'In Use')
      and expires_at > $1 and expires_at <= $2`,
    [window.after, window.until],
  );
  console.info(
    `  a quarter of an hour later: ${dueNext.rows[0]!.count} eSIMs due, ${alertedNext.rows[0]!.count} available ones expiring within the day`,
  );
  const steadyNow = {
    text: expirySweep.query.text,
    values: expirySweep.query.values.map((value) =>
      value === capturedAfter ? window.after : value === capturedUntil ? window.until : value,
    ),
  };
  const steadyFormer = formerExpirySweep(new Date(window.after), new Date(window.until)).toSQL();
  await compareExpirySweeps(
    "steady state (all due alerted, the next sweep 15 minutes later)",
    { text: steadyFormer.sql, values: steadyFormer.params },
    steadyNow,
  );
  await app.close();
} finally {
  await stack.close();
  await emptyStack.close();
}
