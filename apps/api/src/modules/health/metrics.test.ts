import { API_BASE_PATH } from "@esim/shared/http";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createAppDeps } from "../../create-deps.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { buildMonitoringApp } from "../../monitoring-app.ts";
import { createPackage } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { buyEsim } from "../esims/esims.test-kit.ts";
import { mailOutbox } from "../mail-outbox/mail-outbox.schema.ts";
import { createBuyingApp, createPaidOrder, postPaymentWebhook } from "../orders/buying.test-kit.ts";
import { metricsAccess } from "./health.service.ts";

// Orders by status read at every scrape here; production keeps them a minute (METRICS_ORDER_COUNTS_SECONDS).
const testApp = await createBuyingApp({ config: { METRICS_ORDER_COUNTS_SECONDS: 0 } });
const plan = await createPackage(testApp);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics, parsed: one sample per line of Prometheus' text format. */
async function scrape(headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await testApp.app.inject({ method: "GET", url: "/metrics", headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/plain");
  return response.body
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sample of this name whose labels include these (0 when there is none yet). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
  return found?.value ?? 0;
}

/** How much each of these samples grew between two scrapes. */
function growth(before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}): number {
  return sampleValue(after, name, labels) - sampleValue(before, name, labels);
}

afterEach(() => {
  testApp.simulator.setFaults({ errorProbability: 0 });
});

describe("GET /metrics after one purchase", () => {
  it("counts the order delivered, its paid-to-delivered time and the order route's answer", async () => {
    const before = await scrape();
    const bought = await buyEsim(testApp, plan.id);
    const after = await scrape();

    expect(growth(before, after, "esim_orders", { status: "delivered" })).toBe(1);
    expect(growth(before, after, "esim_order_paid_to_delivered_seconds_count")).toBe(1);
    // The route pattern, never the raw address.
    expect(
      growth(before, after, "esim_http_request_duration_seconds_count", {
        method: "POST",
        route: `${API_BASE_PATH}/orders`,
        status: "200",
      }),
    ).toBe(1);
    expect(
      growth(before, after, "esim_http_request_duration_seconds_count", {
        method: "POST",
        route: `${API_BASE_PATH}/webhooks/payments/:provider`,
        status: "200",
      }),
    ).toBe(1);
    expect(
      growth(before, after, "esim_upstream_request_duration_seconds_count", {
        upstream: "esim",
        operation: "orderProfiles",
        outcome: "ok",
      }),
    ).toBe(1);
    expect(
      growth(before, after, "esim_upstream_request_duration_seconds_count", {
        upstream: "payment",
        operation: "createCheckout",
        outcome: "ok",
      }),
    ).toBe(1);
    expect(after.some((sample) => JSON.stringify(sample.labels).includes(bought.orderId))).toBe(false);

    // The balance: read upstream by the first scrape and kept, not asked again at every scrape.
    expect(sampleValue(after, "esim_upstream_balance_usd")).toBe(sampleValue(before, "esim_upstream_balance_usd"));
    expect(growth(before, after, "esim_upstream_request_duration_seconds_count", { operation: "getBalance" })).toBe(0);
    // A read of the balance elsewhere (the operator's dashboard) is what the next scrape shows.
    const balance = await testApp.deps.esim.getBalance();
    expect(sampleValue(await scrape(), "esim_upstream_balance_usd")).toBe(balance.balanceUsdE4 / 10_000);
    expect(balance.balanceUsdE4 / 10_000).toBeLessThan(sampleValue(before, "esim_upstream_balance_usd"));
  });

  it("shows a paid order not delivered after 10 minutes, and the job waiting to deliver it", async () => {
    await createPaidOrder(testApp, plan.id);
    await testApp.db.execute(sql`update graphile_worker._private_jobs set run_at = now() - interval '30 seconds'`);
    const fresh = await scrape();
    expect(sampleValue(fresh, "esim_orders_paid_undelivered_overdue")).toBe(0);
    expect(sampleValue(fresh, "esim_job_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(fresh, "esim_job_queue_oldest_age_seconds")).toBeGreaterThanOrEqual(30);

    testApp.clock.advance(11 * 60_000);
    expect(sampleValue(await scrape(), "esim_orders_paid_undelivered_overdue")).toBe(1);

    await runDueJobs(testApp.deps);
    await runDueJobs(testApp.deps);
    const delivered = await scrape();
    expect(sampleValue(delivered, "esim_orders_paid_undelivered_overdue")).toBe(0);
    expect(sampleValue(delivered, "esim_orders", { status: "confirmed" })).toBe(0);
  });

  it("shows the emails waiting in the outbox", async () => {
    const queued = async () =>
      (
        await testApp.db.execute<{ count: number }>(
          sql`select count(*)::int as count from mail_outbox where status = 'queued'`,
        )
      ).rows[0]!.count;
    const before = await queued();
    expect(sampleValue(await scrape(), "esim_mail_outbox_queued")).toBe(before);
    await testApp.db.insert(mailOutbox).values({
      key: `metrics-test:${Date.now()}`,
      messageId: "<metrics-test@esim.localhost>",
      to: "someone@example.com",
      subject: "A waiting email",
      text: "…",
      html: "<p>…</p>",
    });
    expect(sampleValue(await scrape(), "esim_mail_outbox_queued")).toBe(before + 1);
  });

  it("counts an upstream error by operation", async () => {
    const before = await scrape();
    testApp.simulator.setFaults({ errorProbability: 1 });
    await createPaidOrder(testApp, plan.id);
    await runDueJobs(testApp.deps);
    const after = await scrape();
    expect(growth(before, after, "esim_upstream_errors_total", { upstream: "esim", operation: "orderProfiles" })).toBe(
      1,
    );
    expect(
      growth(before, after, "esim_upstream_request_duration_seconds_count", {
        upstream: "esim",
        operation: "orderProfiles",
        outcome: "error",
      }),
    ).toBe(1);
  });
});

describe("a worker process's own figures", () => {
  it("are served by its monitoring listener, apart from the web process's", async () => {
    // A worker process: the same database, deps (and so metrics) of its own.
    const workerDeps = createAppDeps(testApp.deps.config, testApp.db);
    const monitoring = await buildMonitoringApp(workerDeps);
    try {
      const webBefore = await scrape();
      await createPaidOrder(testApp, plan.id);
      await runDueJobs(workerDeps);
      await runDueJobs(workerDeps);
      const live = await monitoring.inject({ method: "GET", url: "/livez" });
      expect(live.statusCode).toBe(200);
      const worker = await monitoring.inject({ method: "GET", url: "/metrics" });
      expect(worker.statusCode).toBe(200);
      expect(worker.body).toMatch(/^esim_order_paid_to_delivered_seconds_count 1$/m);
      expect(growth(webBefore, await scrape(), "esim_order_paid_to_delivered_seconds_count")).toBe(0);
    } finally {
      await monitoring.close();
      await workerDeps.mailer.close();
    }
  });
});

describe("the orders-by-status count", () => {
  it("is kept METRICS_ORDER_COUNTS_SECONDS between scrapes: it scans the whole orders table", async () => {
    const deps = createAppDeps({ ...testApp.deps.config, METRICS_ORDER_COUNTS_SECONDS: 60 }, testApp.db);
    const app = await buildApp(deps, { logger: false });
    try {
      const delivered = async () => {
        const response = await app.inject({ method: "GET", url: "/metrics" });
        return Number(/^esim_orders\{status="delivered"\} (\d+)$/m.exec(response.body)?.[1]);
      };
      const before = await delivered();
      await buyEsim(testApp, plan.id);
      expect(await delivered()).toBe(before);
      expect(sampleValue(await scrape(), "esim_orders", { status: "delivered" })).toBe(before + 1);
    } finally {
      await app.close();
      await deps.mailer.close();
    }
  });
});

describe("webhook rejections", () => {
  it("counts each refused webhook by source and reason", async () => {
    const before = await scrape();
    const forged = await postPaymentWebhook(testApp, {
      rawBody: JSON.stringify({ id: "evt_forged", type: "checkout.paid", data: {} }),
      headers: { "content-type": "application/json", signature: "0".repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    const wrongToken = await testApp.app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/webhooks/esim/simulator/not-the-secret-token-at-all`,
      payload: { notifyType: "ORDER_STATUS", content: {} },
    });
    expect(wrongToken.statusCode).toBe(404);
    const after = await scrape();
    expect(
      growth(before, after, "esim_webhook_rejections_total", {
        source: "payment",
        reason: "webhook_signature_invalid",
      }),
    ).toBe(1);
    expect(growth(before, after, "esim_webhook_rejections_total", { source: "esim", reason: "route_not_found" })).toBe(
      1,
    );
  });
});

describe("who may read /metrics", () => {
  it("asks for METRICS_TOKEN as a bearer token when it is set", async () => {
    const token = "metrics-token-of-this-test-0123456789";
    const guarded = await createTestApp({ config: { METRICS_TOKEN: token } });
    const without = await guarded.app.inject({ method: "GET", url: "/metrics" });
    expect(without.statusCode).toBe(401);
    expect(without.body).not.toContain("esim_orders");
    const wrong = await guarded.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-token-of-another-0123456789" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("esim_orders{");
  });

  it("is hidden in production without a token, open on a laptop", () => {
    const config = testApp.deps.config;
    expect(metricsAccess({ config: { ...config, NODE_ENV: "production", METRICS_TOKEN: undefined } }, undefined)).toBe(
      "hidden",
    );
    expect(metricsAccess({ config: { ...config, NODE_ENV: "development", METRICS_TOKEN: undefined } }, undefined)).toBe(
      "allowed",
    );
  });
});
