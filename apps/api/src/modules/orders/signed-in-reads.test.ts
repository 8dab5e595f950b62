import { API_BASE_PATH } from "@esim/shared/http";
import { eq, type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { recordQueries } from "../../test/query-recorder.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { buyEsim, createTopUpablePlan } from "../esims/esims.test-kit.ts";
import { createBuyingApp } from "./buying.test-kit.ts";
import { presentOrder } from "./orders.presenter.ts";
import { orders } from "./orders.schema.ts";
import { getPresentableOrder } from "./orders.service.ts";

// A signed-in screen's reads are the app's busiest requests: each round trip to PostgreSQL is latency and a pool
// connection held. At most two: the session (with its user), then the data, the catalogue's prices read from memory.
const testApp = await createBuyingApp();
const { plan } = await createTopUpablePlan(testApp);
const bought = await buyEsim(testApp, plan.id);
const recorder = recordQueries((testApp.db as unknown as { $client: pg.Pool }).$client);
afterAll(() => recorder.restore());

async function queriesOf(path: string) {
  const send = () => testApp.app.inject({ method: "GET", url: `${API_BASE_PATH}${path}`, headers: bought.headers });
  // The first read may load what every later one shares (the catalogue in memory, the session's hourly slide).
  expect((await send()).statusCode).toBe(200);
  const { result, queries } = await recorder.record(send);
  expect(result.statusCode).toBe(200);
  return { body: result.json(), queries: queries.map((query) => query.text) };
}

describe("signed-in reads: the session and the data, two queries at most", () => {
  it("GET /auth/me reads the session only", async () => {
    const { body, queries } = await queriesOf("/auth/me");
    expect(body.data.email).toBe(bought.user.email);
    expect(queries).toHaveLength(1);
  });

  it("GET /esims reads the session and the eSIMs with their plan, the prices coming from the catalogue in memory", async () => {
    const { body, queries } = await queriesOf("/esims");
    expect(body.data.available.map((esim: { id: string }) => esim.id)).toEqual([bought.esim.id]);
    expect(queries, queries.join("\n")).toHaveLength(2);
  });

  it("GET /orders reads the session and the orders with their eSIMs", async () => {
    const { body, queries } = await queriesOf("/orders");
    expect(body.data).toHaveLength(1);
    expect(body.data[0].esims.map((esim: { id: string }) => esim.id)).toEqual([bought.esim.id]);
    expect(queries, queries.join("\n")).toHaveLength(2);
  });

  it("GET /orders/:id reads the session and the order with its eSIMs", async () => {
    const { body, queries } = await queriesOf(`/orders/${bought.orderId}`);
    expect(body.data.esims.map((esim: { id: string }) => esim.id)).toEqual([bought.esim.id]);
    expect(queries, queries.join("\n")).toHaveLength(2);
  });
});

describe("signed-in lists read only what they show, and show the same", () => {
  // The lists select the summaries' columns only (not the whole rows the other reads present): each item must be
  // what the whole rows give.
  it("GET /orders answers the order as its whole view presents it", async () => {
    const { body } = await queriesOf("/orders");
    const whole = presentOrder(await getPresentableOrder(testApp.deps, bought.orderId));
    expect(body.data).toEqual([JSON.parse(JSON.stringify(whole))]);
  });

  it("GET /esims answers the eSIM as its detail, read whole, summarises it", async () => {
    const { body } = await queriesOf("/esims");
    const detail = (await queriesOf(`/esims/${bought.esim.id}`)).body.data;
    const { orderId, orderNumber, apn, bundles, cancellation, ...summary } = detail;
    expect(orderNumber).toBeDefined();
    expect(body.data.available).toEqual([summary]);
  });
});

describe("prepared reads' rows", () => {
  // The prepared reads map rows by position (db/prepared.ts), not by drizzle's mapping: the same objects, or the
  // signed-in screens would show something else than the rest of the app.
  const selection = {
    order: { id: orders.id, createdAt: orders.createdAt, confirmedAt: orders.confirmedAt, billing: orders.billing },
    package: { coverage: packages.coverage, networks: packages.networks, nameOverrides: packages.nameOverrides },
    esim: esims,
    couponCode: coupons.code,
    esimCount: sql<number>`(select count(*)::int from ${esims} e where e.order_id = ${orders.id})`,
  };
  const selectFor = (db: Database, where: SQL) =>
    db
      .select(selection)
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .innerJoin(esims, eq(esims.orderId, orders.id))
      .leftJoin(coupons, eq(coupons.id, orders.couponId))
      .where(where);

  it("are drizzle's own, dates, JSON, arrays, nulls and a left join's column alike", async () => {
    const prepared = preparedQuery("test_prepared_rows", (db) =>
      selectFor(db, eq(orders.userId, sql.placeholder("userId"))),
    );
    const expected = await selectFor(testApp.db, eq(orders.userId, bought.user.id));
    expect(expected).toHaveLength(1);
    expect(expected[0]!.couponCode).toBeNull();
    expect(await prepared(testApp.db, { userId: bought.user.id })).toEqual(expected);
  });

  it("keep drizzle's mapping where a left join nests a table: its all-null object becomes null", async () => {
    const prepared = preparedQuery("test_prepared_rows_nested_left_join", (db) =>
      db
        .select({ order: { id: orders.id }, coupon: { id: coupons.id, code: coupons.code } })
        .from(orders)
        .leftJoin(coupons, eq(coupons.id, orders.couponId))
        .where(eq(orders.userId, sql.placeholder("userId"))),
    );
    expect(await prepared(testApp.db, { userId: bought.user.id })).toEqual([
      { order: { id: bought.orderId }, coupon: null },
    ]);
  });
});
