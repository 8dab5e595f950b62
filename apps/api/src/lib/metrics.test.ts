import { describe, expect, it } from "vitest";
import { createMetrics, withUpstreamMetrics } from "./metrics.ts";

/** A provider as the real clients are written: a class with private state. */
class FakeUpstream {
  readonly name = "fake";
  #calls = 0;
  async getBalance() {
    this.#calls++;
    return { balanceUsdE4: 1_234_5000 };
  }
  async queryOrder(_orderNo: string): Promise<never> {
    this.#calls++;
    throw new Error("upstream down");
  }
  calls() {
    return this.#calls;
  }
}

/** A sample by its name in the text format (a histogram's `_count` included) and some of its labels. */
async function sampleOf(metrics: ReturnType<typeof createMetrics>, name: string, labels: Record<string, string>) {
  const metric = await metrics.registry.getSingleMetric(name.replace(/_(count|sum|bucket)$/, ""))?.get();
  return metric?.values.find(
    (value) =>
      ((value as { metricName?: string }).metricName ?? metric.name) === name &&
      Object.entries(labels).every(([label, wanted]) => String(value.labels[label]) === wanted),
  )?.value;
}

describe("withUpstreamMetrics", () => {
  it("times each call by operation and outcome, counts failures, and passes answers and errors through", async () => {
    const metrics = createMetrics();
    const upstream = withUpstreamMetrics(new FakeUpstream(), metrics, "esim");

    await expect(upstream.getBalance()).resolves.toEqual({ balanceUsdE4: 1_234_5000 });
    await expect(upstream.queryOrder("B-1")).rejects.toThrow("upstream down");
    expect(upstream.calls()).toBe(2);
    expect(upstream.name).toBe("fake");

    const durationCount = "esim_upstream_request_duration_seconds_count";
    expect(await sampleOf(metrics, durationCount, { operation: "getBalance", outcome: "ok" })).toBe(1);
    expect(await sampleOf(metrics, durationCount, { operation: "queryOrder", outcome: "error" })).toBe(1);
    expect(await sampleOf(metrics, "esim_upstream_errors_total", { upstream: "esim", operation: "queryOrder" })).toBe(
      1,
    );
    // The balance read is kept for scrapes.
    expect(await sampleOf(metrics, "esim_upstream_balance_usd", {})).toBe(1234.5);
  });

  it("keeps each app's figures apart: two apps in one process never count into each other", async () => {
    const first = createMetrics();
    const second = createMetrics();
    await withUpstreamMetrics(new FakeUpstream(), first, "payment").getBalance();
    expect(await sampleOf(first, "esim_upstream_request_duration_seconds_count", { upstream: "payment" })).toBe(1);
    expect(await sampleOf(second, "esim_upstream_request_duration_seconds_count", { upstream: "payment" })).toBe(
      undefined,
    );
  });
});
