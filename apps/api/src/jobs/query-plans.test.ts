import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { settlePayment } from "../flows/settle-payment.ts";
import { esims } from "../modules/esims/esims.schema.ts";
import { refreshEsim, sendDueEsimAlerts, syncStaleEsims } from "../modules/esims/index.ts";
import { createSignedInOperator } from "../modules/operators/operators.test-kit.ts";
import { createBuyingApp, postPaymentWebhook, signedCheckoutWebhook } from "../modules/orders/buying.test-kit.ts";
import { flagOverdueDeliveries } from "../modules/orders/index.ts";
import { orders } from "../modules/orders/orders.schema.ts";
import { reconcileStalePayments } from "../modules/payments/index.ts";
import { payments } from "../modules/payments/payments.schema.ts";
import { createPackage } from "../test/factories.ts";
import { type RecordedQuery, recordQueries } from "../test/query-recorder.ts";
import { seededUpstreamProfile, seedScaleData } from "../test/scale-seed.ts";
import { cleanUpExpiredRows } from "./clean-up.ts";

// Every query a webhook or a background sweep sends, captured as the app sends it, must find its rows through an
// index on a database of a busy shop: a sequential scan of a big table costs a second per event at a million
// orders (bench/scale-queries.ts measures that size). The seed is small enough for a test and large enough that
// PostgreSQL's planner prefers an index when there is one.
const BIG_TABLES = new Set([
  "users",
  "sessions",
  "sign_in_codes",
  "orders",
  "payments",
  "invoices",
  "esims",
  "esim_bundles",
  "order_events",
]);

const testApp = await createBuyingApp();
const { deps, clock } = testApp;
const pool = (testApp.db as unknown as { $client: pg.Pool }).$client;
const quiet = { warn() {}, error() {}, info() {} };
const recorder = recordQueries(pool);
afterAll(() => recorder.restore());

const admin = await createSignedInOperator(testApp, "admin");

beforeAll(async () => {
  for (const simulatorIndex of [0, 1, 2, 3]) await createPackage(testApp, { simulatorIndex });
  await seedScaleData(pool, { users: 20_000, orders: 50_000, now: clock.now(), tag: "plans" });
}, 60_000);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Plan Rows"?: number;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

function seqScansOf(node: PlanNode): string[] {
  const own =
    node["Node Type"] === "Seq Scan" && BIG_TABLES.has(node["Relation Name"] ?? "") ? [node["Relation Name"]!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScansOf)];
}

// Statements without a plan of their own (transaction control, locks, graphile-worker's functions).
const isPlannable = (query: RecordedQuery) =>
  /^\s*(select|update|delete|insert|with)\b/i.test(query.text) && !/graphile_worker\.|pg_advisory/i.test(query.text);

/** The big tables each captured query reads in full, with the query: empty when every one uses an index. */
async function sequentialScans(queries: RecordedQuery[]): Promise<string[]> {
  const found: string[] = [];
  const client = await pool.connect();
  try {
    for (const query of queries.filter(isPlannable)) {
      const explained = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
        `explain (format json) ${query.text}`,
        query.values,
      );
      const tables = seqScansOf(explained.rows[0]!["QUERY PLAN"][0]!.Plan);
      if (tables.length > 0) found.push(`${tables.join(", ")} ← ${query.text}`);
    }
  } finally {
    client.release();
  }
  return found;
}

async function plansOf(work: () => Promise<unknown>) {
  const { queries } = await recorder.record(work);
  expect(queries.filter(isPlannable).length).toBeGreaterThan(0);
  return sequentialScans(queries);
}

async function seededEsim() {
  const [row] = await testApp.db
    .select({ esim: esims, upstreamOrderNo: orders.upstreamOrderNo })
    .from(esims)
    .innerJoin(orders, eq(orders.id, esims.orderId))
    .where(eq(esims.status, "In Use"))
    .limit(1);
  return row!;
}

function postEsimWebhook(content: Record<string, unknown>) {
  return testApp.app.inject({
    method: "POST",
    url: `/api/v1/app/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`,
    payload: { notifyType: "DATA_USAGE", content },
  });
}

describe("queries of webhooks and sweeps on a seeded database (20 000 users, 50 000 orders)", () => {
  it("finds the eSIMs an eSIM webhook names by reference, ICCID or upstream order number through indexes", async () => {
    const { esim, upstreamOrderNo } = await seededEsim();
    // The upstream answers for the seeded eSIM, so the webhook's whole path runs: the update and the alerts' check.
    const profile = seededUpstreamProfile(esim, {
      upstreamOrderNo,
      usedBytes: esim.dataTotalBytes ?? 0,
      now: clock.now(),
    });
    vi.spyOn(testApp.simulator, "queryProfile").mockImplementation(async (reference) => ({ ...profile, reference }));
    for (const content of [
      { esimTranNo: esim.upstreamReference },
      { iccid: esim.iccid },
      { orderNo: upstreamOrderNo },
      { esimTranNo: esim.upstreamReference, iccid: esim.iccid, orderNo: upstreamOrderNo },
    ]) {
      let queued = 0;
      const scans = await plansOf(async () => {
        const response = await postEsimWebhook(content);
        queued = response.json().data.queued;
        // The refresh the webhook queued: the update and the alerts' check.
        await refreshEsim(deps, { esimId: esim.id, log: quiet });
      });
      expect(queued, JSON.stringify(content)).toBeGreaterThan(0);
      expect(scans, JSON.stringify(content)).toEqual([]);
    }
    vi.restoreAllMocks();
  });

  it("finds the payment of a Chargily webhook and marks its order paid through indexes", async () => {
    const [pending] = await testApp.db.select().from(payments).where(eq(payments.status, "pending")).limit(1);
    const webhook = await signedCheckoutWebhook(testApp, { paymentId: pending!.id });
    let status = 0;
    const scans = await plansOf(async () => {
      status = (await postPaymentWebhook(testApp, webhook)).statusCode;
    });
    expect(status).toBe(200);
    expect(scans).toEqual([]);
  });

  it("runs the money sweep (overdue deliveries, stale payments) through indexes", async () => {
    expect(await plansOf(() => flagOverdueDeliveries(deps, { log: quiet }))).toEqual([]);
    expect(await plansOf(() => reconcileStalePayments(deps, { log: quiet, settlePayment }))).toEqual([]);
  });

  it("runs the 15-minute sweeps (expired rows, stale eSIMs, expiry alerts) through indexes", async () => {
    expect(await plansOf(() => cleanUpExpiredRows(deps.db, clock.now()))).toEqual([]);
    expect(await plansOf(() => syncStaleEsims(deps, { log: quiet }))).toEqual([]);
    expect(await plansOf(() => sendDueEsimAlerts(deps))).toEqual([]);
  });

  it("finds the due expiry alerts without reading the eSIMs already alerted", async () => {
    // A busy day: 150 eSIMs expire within the next 12 hours and the sweep alerts them; then 20 more expire later in
    // the day. The next sweep must read those 20 only, not walk again past every eSIM alerted since morning.
    const now = clock.now();
    const shapeExpiries = (count: number, fromMinutes: number) =>
      pool.query(
        `update esims set expires_at = $1::timestamptz + make_interval(mins => $2 + (row_number % 600)::int)
        from (select id, row_number() over (order by id) as row_number from esims
          where status in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended') and expires_at > $1::timestamptz + interval '2 days'
          order by id limit $3) picked
        where esims.id = picked.id`,
        [now, fromMinutes, count],
      );
    await shapeExpiries(150, 1);
    await pool.query("analyze esims");
    const { queries } = await recorder.record(() => sendDueEsimAlerts(deps));
    const findDue = queries.find(isPlannable)!;
    await shapeExpiries(20, 22 * 60);
    await pool.query("analyze esims");

    // Run for real (a select): the rows each node actually read, not the planner's guess.
    const explained = await pool.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
      `explain (analyze, format json) ${findDue.text}`,
      findDue.values,
    );
    const plan = explained.rows[0]!["QUERY PLAN"][0]!.Plan;
    const esimScans = (node: PlanNode): PlanNode[] => [
      ...(node["Relation Name"] === "esims" ? [node] : []),
      ...(node.Plans ?? []).flatMap(esimScans),
    ];
    const scans = esimScans(plan);
    expect(seqScansOf(plan)).toEqual([]);
    const esimsRead = scans.reduce((sum, node) => sum + node["Actual Rows"]! * node["Actual Loops"]!, 0);
    // The 20 get their expiry alert (the sweep's count also has usage alerts of some of them).
    const expiryAlerts = async () =>
      (
        await pool.query<{ count: number }>(
          "select count(*)::int as count from esim_bundles where expiry_alert_sent_at is not null",
        )
      ).rows[0]!.count;
    const alertedBefore = await expiryAlerts();
    await sendDueEsimAlerts(deps);
    expect((await expiryAlerts()) - alertedBefore).toBe(20);
    expect(esimsRead).toBeLessThanOrEqual(20);
    // Through the index of due eSIMs (in order, or as a bitmap then sorted), planned for a handful of rows.
    expect(scans.map((node) => node["Node Type"])).toEqual([expect.stringMatching(/^(Index Scan|Bitmap Heap Scan)$/)]);
    expect(scans[0]!["Plan Rows"]).toBeLessThanOrEqual(100);
  });

  it("searches, filters and exports the console's customers and orders through indexes", async () => {
    const consoleGet = async (path: string) => {
      const response = await testApp.app.inject({
        method: "GET",
        url: `${ADMIN_API_BASE_PATH}${path}`,
        headers: admin.headers,
      });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      return response;
    };
    const customers = [
      "/customers",
      `/customers?q=${encodeURIComponent("scale 1234")}`,
      `/customers?q=${encodeURIComponent("plans-1234@")}`,
      `/customers?q=${encodeURIComponent("+213 555 12 34 56")}`,
    ];
    for (const path of customers) {
      expect(await plansOf(() => consoleGet(path)), path).toEqual([]);
    }
    const found = await consoleGet(`/orders?q=${encodeURIComponent("cplans-1234")}`);
    expect(found.json().data.length).toBeGreaterThan(0);
    const orderLists = [
      "/orders",
      "/orders?page=3",
      `/orders?q=${encodeURIComponent("SCplans-4321")}`,
      `/orders?q=${encodeURIComponent("0555 12 34 56")}`,
      `/orders?q=${encodeURIComponent("scale-plans-77@example.com")}`,
      "/orders?status=refunded&from=2026-01-01&to=2026-06-30&paymentMethod=cib",
      "/orders?couponCode=NOSUCHCODE",
      "/orders/export.csv?status=confirmed&from=2026-11-01",
    ];
    for (const path of orderLists) {
      expect(await plansOf(() => consoleGet(path)), path).toEqual([]);
    }
  });
});
