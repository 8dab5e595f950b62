/**
 * What one Prometheus scrape costs the database at scale (decision 043): N orders loaded by SQL (default 1 M: 98 %
 * delivered, 1 % rejected, 1 % confirmed and paid an hour ago, so overdue), analysed, then the scrape's figures
 * (orders by status; then overdue, outbox and job queue in one query) read R times each on an embedded PostgreSQL,
 * and GET /metrics answered R times by the app (orders by status kept METRICS_ORDER_COUNTS_SECONDS). Median and worst.
 *
 * Usage: `npx tsx bench/metrics-scrape.ts [orders=1000000] [repeats=10]`.
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { createAppDeps } from "../apps/api/src/create-deps.ts";
import { insertUser } from "../apps/api/src/modules/account/users.repo.ts";
import { syncCatalog } from "../apps/api/src/modules/catalog/catalog.sync.ts";
import { countOrdersByStatus, readScrapeFigures } from "../apps/api/src/modules/health/health.repo.ts";
import { findPlan, median, startBenchStack } from "./bench-kit.ts";

const orderCount = Number(process.argv[2] ?? 1_000_000);
const repeats = Number(process.argv[3] ?? 10);

function summary(values: number[]): string {
  return `median ${median(values).toFixed(1)} ms, worst ${Math.max(...values).toFixed(1)} ms`;
}

const stack = await startBenchStack();
try {
  const deps = createAppDeps(stack.config, stack.handle.db);
  await syncCatalog(deps);
  const plan = await findPlan(stack, "TR");
  const user = await insertUser(stack.handle.db, {
    email: "bench-scrape@example.com",
    name: "Bench Buyer",
    country: "DZ",
    phone: null,
    language: "fr",
    isVerified: true,
    now: new Date(),
  });
  const loadStarted = performance.now();
  await stack.handle.db.execute(sql`
    insert into orders (number, user_id, client_reference, package_id, quantity, currency, unit_price_minor,
      subtotal_minor, service_fee_minor, discount_minor, coupon_discount_minor, total_minor, charge_dzd_minor,
      payment_method, billing, status, confirmed_at, delivered_at, created_at, updated_at)
    select 'BENCH-' || g, ${user.id}, 'bench-' || g, ${plan.id}, 1, 'DZD', 100000, 100000, 0, 0, 0, 100000, 100000,
      'cib', '{"email":"bench-scrape@example.com","name":"Bench Buyer","country":"DZ","phone":"0551234567"}'::jsonb,
      case when g % 100 = 0 then 'confirmed' when g % 100 = 1 then 'rejected' else 'delivered' end,
      case when g % 100 = 1 then null else now() - interval '1 hour' end,
      case when g % 100 in (0, 1) then null else now() - interval '59 minutes' end,
      now() - interval '1 hour', now()
    from generate_series(1, ${orderCount}) as g`);
  await stack.handle.db.execute(sql`analyze`);
  console.info(
    `${orderCount} orders loaded and analysed in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );

  const counts: number[] = [];
  const others: number[] = [];
  for (let index = 0; index < repeats; index++) {
    let started = performance.now();
    await countOrdersByStatus(stack.handle.db);
    counts.push(performance.now() - started);
    started = performance.now();
    await readScrapeFigures(stack.handle.db, { confirmedBefore: new Date(Date.now() - 10 * 60_000) });
    others.push(performance.now() - started);
  }
  console.info(`orders by status (group by): ${summary(counts)} over ${repeats}`);
  console.info(`the other figures (overdue, outbox, job queue; one query): ${summary(others)} over ${repeats}`);

  const app = await buildApp(deps, { logger: false });
  const scrapes: number[] = [];
  let text = "";
  for (let index = 0; index < repeats; index++) {
    const started = performance.now();
    const response = await app.inject({ method: "GET", url: "/metrics" });
    text = response.body;
    scrapes.push(performance.now() - started);
  }
  await app.close();
  console.info(
    `GET /metrics (orders by status kept ${stack.config.METRICS_ORDER_COUNTS_SECONDS} s): first ${scrapes[0]!.toFixed(1)} ms, then ${summary(scrapes.slice(1))}`,
  );
  console.info(
    text
      .split("\n")
      .filter((line) => /^esim_orders|^esim_job|^esim_mail/.test(line))
      .join("\n"),
  );
} finally {
  await stack.close();
}
