import { Counter, Gauge, Histogram, Registry } from "prom-client";

// Prometheus metrics (docs/decisions/043-metrics-and-health.md). One registry per process's deps, never prom-client's
// global one: tests build several apps in one process and each must count only its own. Figures read from the
// database (orders by status, queues) are gauges the /metrics route refreshes at scrape time; the rest are counted
// where they happen.

/** Seconds; from a fast JSON answer to a slow upstream call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from payment to delivery: the simulator's second to eSIM Access's minutes, then the 10-minute alarm. */
const DELIVERY_BUCKETS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

export type UpstreamName = "esim" | "payment";

export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<"method" | "route" | "status">;
  paidToDelivered: Histogram;
  webhookRejections: Counter<"source" | "reason">;
  upstreamDuration: Histogram<"upstream" | "operation" | "outcome">;
  upstreamErrors: Counter<"upstream" | "operation">;
  upstreamBalanceUsd: Gauge;
  ordersByStatus: Gauge<"status">;
  paidUndeliveredOverdue: Gauge;
  mailOutboxDepth: Gauge;
  jobQueueDepth: Gauge;
  jobQueueOldestAge: Gauge;
  /** Order events applied, counted by the order-events-metric subscriber in the worker that ran its job. */
  orderEvents: Counter<"event">;
  /** Money movements posted, and their amounts in DZD, counted by the ledger-movements-metric subscriber. */
  ledgerMovements: Counter<"kind">;
  ledgerAmountDzd: Counter<"kind">;
  /** When the upstream balance was last learnt (ms since epoch), 0 when never. */
  upstreamBalanceAt: number;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    upstreamBalanceAt: 0,
    httpRequestDuration: new Histogram({
      name: "esim_http_request_duration_seconds",
      help: "HTTP answers by route pattern (never the raw URL) and status",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    paidToDelivered: new Histogram({
      name: "esim_order_paid_to_delivered_seconds",
      help: "Time from an order's payment to its delivery, observed by the process that delivered it",
      buckets: DELIVERY_BUCKETS,
      registers,
    }),
    webhookRejections: new Counter({
      name: "esim_webhook_rejections_total",
      help: "Webhooks answered with an error, by source (payment, esim) and reason (the error code)",
      labelNames: ["source", "reason"],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "esim_upstream_request_duration_seconds",
      help: "Calls to the eSIM upstream and the payment gateway, by operation and outcome (ok, error)",
      labelNames: ["upstream", "operation", "outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    upstreamErrors: new Counter({
      name: "esim_upstream_errors_total",
      help: "Calls to the eSIM upstream and the payment gateway that failed, by operation",
      labelNames: ["upstream", "operation"],
      registers,
    }),
    upstreamBalanceUsd: new Gauge({
      name: "esim_upstream_balance_usd",
      help: "Our prepaid balance at the eSIM upstream, as last read (absent until read once)",
      registers,
    }),
    ordersByStatus: new Gauge({
      name: "esim_orders",
      help: "Orders by status, read from the database at scrape time",
      labelNames: ["status"],
      registers,
    }),
    paidUndeliveredOverdue: new Gauge({
      name: "esim_orders_paid_undelivered_overdue",
      help: "Paid orders not delivered more than 10 minutes after payment (DELIVERY_OVERDUE_MINUTES)",
      registers,
    }),
    mailOutboxDepth: new Gauge({
      name: "esim_mail_outbox_queued",
      help: "Emails written but not sent yet",
      registers,
    }),
    jobQueueDepth: new Gauge({
      name: "esim_job_queue_depth",
      help: "Jobs waiting to run (runnable now, not locked, attempts left)",
      registers,
    }),
    jobQueueOldestAge: new Gauge({
      name: "esim_job_queue_oldest_age_seconds",
      help: "Age of the oldest job waiting to run, 0 when none waits",
      registers,
    }),
    orderEvents: new Counter({
      name: "esim_order_events_total",
      help: "Order events applied (paid, delivered, refund_recorded…), counted once each by the worker that ran its subscriber job",
      labelNames: ["event"],
      registers,
    }),
    ledgerMovements: new Counter({
      name: "esim_ledger_movements_total",
      help: "Money movements posted to the ledger (payment_captured, refund_owed, refund_sent…), by kind",
      labelNames: ["kind"],
      registers,
    }),
    ledgerAmountDzd: new Counter({
      name: "esim_ledger_amount_dzd_total",
      help: "Dinars moved by the ledger's movements, by kind",
      labelNames: ["kind"],
      registers,
    }),
  };
}

/** Records a call's duration and outcome; the error is thrown on unchanged. */
async function timeCall<T>(metrics: Metrics, upstream: UpstreamName, operation: string, call: () => Promise<T>) {
  const end = metrics.upstreamDuration.startTimer({ upstream, operation });
  try {
    const result = await call();
    end({ outcome: "ok" });
    return result;
  } catch (error) {
    end({ outcome: "error" });
    metrics.upstreamErrors.inc({ upstream, operation });
    throw error;
  }
}

/**
 * The provider with every method that returns a promise timed (the port's methods all talk to the upstream). Methods
 * run on the provider itself, not the proxy, so classes with private fields keep working. A balance read is kept as
 * the gauge's value: a scrape never has to ask the upstream.
 */
export function withUpstreamMetrics<T extends object>(provider: T, metrics: Metrics, upstream: UpstreamName): T {
  // By function, not by name: a method replaced later (a test's spy) is wrapped afresh.
  const wrapped = new WeakMap<object, unknown>();
  // A wrapper put back on the provider (a spy restored) is not wrapped again: each call is counted once.
  const wrappers = new WeakSet<object>();
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string" || property === "constructor") return value;
      if (wrappers.has(value)) return value;
      if (!wrapped.has(value)) {
        const wrapper = (...args: unknown[]) => {
          const result: unknown = value.apply(target, args);
          if (!(result instanceof Promise)) return result;
          return timeCall(metrics, upstream, property, async () => {
            const answer: unknown = await result;
            if (property === "getBalance") recordUpstreamBalance(metrics, answer);
            return answer;
          });
        };
        wrappers.add(wrapper);
        wrapped.set(value, wrapper);
      }
      return wrapped.get(value);
    },
  });
}

function recordUpstreamBalance(metrics: Metrics, answer: unknown) {
  const balanceUsdE4 = (answer as { balanceUsdE4?: unknown } | undefined)?.balanceUsdE4;
  if (typeof balanceUsdE4 !== "number") return;
  metrics.upstreamBalanceUsd.set(balanceUsdE4 / 10_000);
  metrics.upstreamBalanceAt = Date.now();
}
