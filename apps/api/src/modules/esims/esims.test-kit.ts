import { API_BASE_PATH } from "@esim/shared/http";
import { eq, sql } from "drizzle-orm";
import { runDueJobs } from "../../jobs/worker.ts";
import { findSimulatorPackage, getSimulatorCatalogue } from "../../providers/esim/simulator/catalogue.ts";
import { createPackage } from "../../test/factories.ts";
import { type BuyingTestApp, createPaidOrder } from "../orders/buying.test-kit.ts";
import { esims } from "./esims.schema.ts";
import { ESIM_REFRESH_TASK } from "./esims.service.ts";

/** The index (for createPackage) of the first simulator country plan that accepts top-ups. */
export function topUpCapableIndex(): number {
  const plans = getSimulatorCatalogue().filter((pkg) => !pkg.isTopUp && pkg.destination.type === "country");
  return plans.findIndex((pkg) => pkg.supportsTopUp);
}

/** A plan accepting top-ups, and its simulator TOPUP package on sale (at the simulator's data, days and cost). */
export async function createTopUpablePlan(testApp: BuyingTestApp) {
  const plan = await createPackage(testApp, { simulatorIndex: topUpCapableIndex() });
  const upstream = findSimulatorPackage(`${plan.upstreamCode}-TOPUP`);
  if (!upstream) throw new Error(`the simulator has no top-up for ${plan.upstreamCode}`);
  const topUp = await createPackage(testApp, {
    simulatorIndex: topUpCapableIndex(),
    upstreamCode: upstream.code,
    name: upstream.name,
    dataMb: upstream.dataMb,
    validityDays: upstream.validityDays,
    costUsdE4: upstream.costUsdE4,
    retailDzdMinor: 990_00,
    retailUsdMinor: 7_33,
    isTopUp: true,
    supportsTopUp: false,
  });
  return { plan, topUp };
}

/** A new buyer with one delivered eSIM of the plan, provisioned by the real simulator. */
export async function buyEsim(testApp: BuyingTestApp, packageId: string) {
  const paid = await createPaidOrder(testApp, packageId);
  await runDueJobs(testApp.deps);
  await runDueJobs(testApp.deps);
  const [esim] = await testApp.db.select().from(esims).where(eq(esims.orderId, paid.orderId));
  if (!esim) throw new Error("the order was not delivered");
  return { ...paid, esim };
}

/** Runs the eSIM refreshes webhooks queued now, without waiting their coalescing delay (the worker's real run). */
export async function runQueuedEsimRefreshes(testApp: Pick<BuyingTestApp, "db" | "deps">) {
  await testApp.db.execute(sql`
    update graphile_worker._private_jobs set run_at = now()
    where locked_at is null and key like 'esim-refresh:%'`);
  await runDueJobs(testApp.deps, { onlyTasks: [ESIM_REFRESH_TASK] });
}

export async function readEsim(testApp: BuyingTestApp, esimId: string) {
  const [row] = await testApp.db.select().from(esims).where(eq(esims.id, esimId));
  return row!;
}

export function request(
  testApp: BuyingTestApp,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { headers?: Record<string, string>; payload?: unknown } = {},
) {
  return testApp.app.inject({
    method,
    url: `${API_BASE_PATH}${path}`,
    headers: options.headers ?? {},
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}
