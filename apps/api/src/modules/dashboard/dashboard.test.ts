import { dashboardSchema } from "@esim/shared/console/dashboard-contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import * as dashboardCommand from "../../console-cli/commands/dashboard.ts";
import { CliError } from "../../console-cli/console-command.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage } from "../../test/factories.ts";
import { cancellationRequests } from "../esims/esims.schema.ts";
import { buyEsim, request } from "../esims/esims.test-kit.ts";
import { issueCreditNote } from "../invoices/index.ts";
import { getOrderMoney, postMovement } from "../ledger/index.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, createPaidOrder, readOrder } from "../orders/buying.test-kit.ts";
import { decideRefund } from "../orders/index.ts";
import { getDashboard, presentDashboard } from "./index.ts";

// What waits for the operator, from a known set of orders: one eSIM whose cancellation was asked, one paid order whose
// provisioning failed, one paid order not provisioned yet, two refunds owed (one past the 7 days promised); then the
// upstream balance against the threshold.

const testApp = await createBuyingApp();
const { clock, db, deps, simulator } = testApp;
const plan = await createPackage(testApp);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const start = clock.now().getTime();
const at = (offsetMs: number) => new Date(start + offsetMs);

// A delivered eSIM, its cancellation asked an hour later.
const cancelled = await buyEsim(testApp, plan.id);
clock.set(at(HOUR_MS));
const asked = await request(testApp, "POST", `/esims/${cancelled.esim.id}/cancellation`, {
  headers: cancelled.headers,
  payload: { reason: "Trip cancelled" },
});
if (asked.statusCode !== 200) throw new Error(`cancellation answered ${asked.statusCode}: ${asked.body}`);
const [cancellation] = await db
  .select()
  .from(cancellationRequests)
  .where(eq(cancellationRequests.esimId, cancelled.esim.id));

// Paid at +2 h, its last provisioning try fails: flagged, still confirmed.
clock.set(at(2 * HOUR_MS));
const failed = await createPaidOrder(testApp, plan.id);
await db.execute(
  sql`update graphile_worker._private_jobs set attempts = max_attempts - 1 where key = ${failed.orderId}`,
);
simulator.setFaults({ errorProbability: 1 });
await runDueJobs(deps);
simulator.setFaults("");

// Paid at +3 h, not provisioned yet (no job runs after this).
clock.set(at(3 * HOUR_MS));
const waiting = await createPaidOrder(testApp, plan.id);

/**
 * The refund owed of a decided refund on the ledger, with its credit note, as the refund flows post them (decision
 * 061): posted here unless the decision posted it already.
 */
async function oweWholeCharge(orderId: string) {
  await db.transaction(async (tx) => {
    if ((await getOrderMoney(tx, orderId)).owedDzdMinor > 0) return;
    const order = await readOrder(testApp, orderId);
    const posted = await postMovement(tx, {
      kind: "refund_owed",
      key: `test:refund-owed:${orderId}`,
      amountDzdMinor: order.chargeDzdMinor,
      orderId,
      userId: order.userId,
      cause: "upstream cannot deliver",
      actor: "operator:test",
      now: clock.now(),
    });
    const input = { amountTtcDzdMinor: order.chargeDzdMinor, reason: "upstream cannot deliver", now: clock.now() };
    await issueCreditNote(tx, { orderId, movementId: posted!.movement.id, ...input }, deps.config);
  });
}

// Refunds decided at +1 day (8 days before "now") and at +8 days (1 day before).
clock.set(at(DAY_MS));
const oldRefund = await createPaidOrder(testApp, plan.id);
await decideRefund(deps, { number: oldRefund.number, reason: "upstream cannot deliver", actor: "operator:test" });
await oweWholeCharge(oldRefund.orderId);
clock.set(at(8 * DAY_MS));
const recentRefund = await createPaidOrder(testApp, plan.id, { quantity: 2 });
await decideRefund(deps, { number: recentRefund.number, reason: "upstream cannot deliver", actor: "operator:test" });
await oweWholeCharge(recentRefund.orderId);

const NOW = at(9 * DAY_MS);
const charge = async (orderId: string) => (await readOrder(testApp, orderId)).chargeDzdMinor;

describe("getDashboard: what waits for the operator", () => {
  it("lists paid orders not delivered, longest waiting first, with their age, attempts and flag", async () => {
    clock.set(NOW);
    const { undelivered } = await getDashboard(deps);
    expect(undelivered.count).toBe(2);
    expect(undelivered.orders).toEqual([
      {
        number: failed.number,
        since: at(2 * HOUR_MS),
        ageMinutes: (9 * 24 - 2) * 60,
        provisioningAttempts: expect.any(Number),
        attentionKind: "provisioning_failed",
      },
      {
        number: waiting.number,
        since: at(3 * HOUR_MS),
        ageMinutes: (9 * 24 - 3) * 60,
        provisioningAttempts: 0,
        attentionKind: null,
      },
    ]);
  });

  it("lists provisioning failures with when and why", async () => {
    clock.set(NOW);
    const { provisioningFailures } = await getDashboard(deps);
    expect(provisioningFailures).toEqual({
      count: 1,
      orders: [
        {
          number: failed.number,
          since: at(2 * HOUR_MS),
          ageMinutes: (9 * 24 - 2) * 60,
          reason: expect.stringMatching(/^Simulated upstream error/),
        },
      ],
    });
  });

  it("lists the cancellation requests waiting for a decision with the refund they would take", async () => {
    clock.set(NOW);
    const { pendingCancellations } = await getDashboard(deps);
    expect(pendingCancellations).toEqual({
      count: 1,
      refundDzdMinor: cancellation!.refundDzdMinor,
      requests: [
        {
          id: cancellation!.id,
          orderNumber: cancelled.number,
          since: at(HOUR_MS),
          ageMinutes: (9 * 24 - 1) * 60,
          refundDzdMinor: await charge(cancelled.orderId),
        },
      ],
    });
  });

  it("lists refunds owed since they were decided, marking those past the 7 days promised", async () => {
    clock.set(NOW);
    const { refundsOwed } = await getDashboard(deps);
    const oldAmount = await charge(oldRefund.orderId);
    const recentAmount = await charge(recentRefund.orderId);
    expect(refundsOwed).toEqual({
      count: 2,
      totalDzdMinor: oldAmount + recentAmount,
      overdueCount: 1,
      orders: [
        {
          number: oldRefund.number,
          since: at(DAY_MS),
          ageMinutes: 8 * 24 * 60,
          amountDzdMinor: oldAmount,
          isOverdue: true,
        },
        {
          number: recentRefund.number,
          since: at(8 * DAY_MS),
          ageMinutes: 24 * 60,
          amountDzdMinor: recentAmount,
          isOverdue: false,
        },
      ],
    });
  });

  it("counts a refund owed exactly 7 days as not yet overdue", async () => {
    clock.set(at(8 * DAY_MS));
    const { refundsOwed } = await getDashboard(deps);
    expect(refundsOwed.overdueCount).toBe(0);
    expect(refundsOwed.orders.map((order) => order.isOverdue)).toEqual([false, false]);
  });
});

describe("getDashboard: the upstream balance", () => {
  it("warns when the balance is under UPSTREAM_LOW_BALANCE_USD ($100 by default), not at it", async () => {
    clock.set(NOW);
    expect(deps.config.UPSTREAM_LOW_BALANCE_USD).toBe(100);

    await simulator.setBalance(999_999);
    expect((await getDashboard(deps)).upstreamBalance).toEqual({
      state: "known",
      balanceUsdE4: 999_999,
      lowThresholdUsdE4: 1_000_000,
      isLow: true,
    });

    await simulator.setBalance(1_000_000);
    expect((await getDashboard(deps)).upstreamBalance).toEqual({
      state: "known",
      balanceUsdE4: 1_000_000,
      lowThresholdUsdE4: 1_000_000,
      isLow: false,
    });
  });

  it("reads the upstream's own balance, which goes down as orders are placed there", async () => {
    clock.set(NOW);
    await simulator.setBalance(5_000_000);
    // Straight to the upstream: running the worker here would also deliver the order this file keeps waiting.
    await simulator.orderProfiles({
      transactionId: "dashboard-balance-order",
      packageCode: plan.upstreamCode,
      count: 2,
      unitPriceUsdE4: plan.costUsdE4,
    });
    expect((await getDashboard(deps)).upstreamBalance).toMatchObject({
      balanceUsdE4: 5_000_000 - 2 * plan.costUsdE4,
    });
  });

  it("reports an upstream that does not answer as unavailable and still gives every other figure", async () => {
    clock.set(NOW);
    simulator.setFaults({ errorProbability: 1 });
    try {
      const figures = await getDashboard(deps);
      expect(figures.upstreamBalance).toEqual({
        state: "unavailable",
        reason: "Simulated upstream error",
        lowThresholdUsdE4: 1_000_000,
      });
      expect(figures.refundsOwed.count).toBe(2);
      expect(dashboardSchema.parse(presentDashboard(figures)).upstreamBalance.state).toBe("unavailable");
    } finally {
      simulator.setFaults("");
    }
  });
});

describe("npm run console -- dashboard", () => {
  async function runCommand(args: string[]) {
    const lines: string[] = [];
    await dashboardCommand.run({ deps, args, print: (line) => lines.push(line) });
    return lines.join("\n");
  }

  it("refuses arguments", async () => {
    await expect(runCommand(["--today"])).rejects.toBeInstanceOf(CliError);
  });

  it("prints the sales, the daily series, what waits and the balance with its warning", async () => {
    clock.set(NOW);
    await simulator.setBalance(123_4567);

    const output = await runCommand([]);

    expect(output).toContain("(Africa/Algiers)");
    expect(output).toMatch(/today\s+0 paid {2}gross\s+0 DA {2}refunds\s+0 DA {2}net\s+0 DA {2}conversion no checkout/);
    expect(output).toMatch(/last 30 days\s+\d+ paid/);
    expect(output.match(/^ {2}\d{4}-\d{2}-\d{2} /gm)).toHaveLength(30);
    expect(output).toContain("Paid, not delivered (2):");
    expect(output).toMatch(new RegExp(`${failed.number} .*waiting 8 d 22 h .*provisioning_failed`));
    expect(output).toContain("Provisioning failures (1):");
    expect(output).toContain(`Cancellation requests waiting (1,`);
    expect(output).toMatch(/Refunds owed \(2, .*; 1 past the 7 days promised\)/);
    expect(output).toMatch(new RegExp(`${oldRefund.number} .*owed 8 d 0 h {2}OVERDUE`));
    expect(output).toContain("Upstream balance: $123.45  (warning under $100)");

    await simulator.setBalance(50_0000);
    expect(await runCommand([])).toContain(
      "Upstream balance: $50  LOW: under $100, top the account up before orders are refused",
    );
  });
});

describe("GET /api/v1/admin/dashboard", () => {
  it("answers a support agent the figures the console-cli command prints, in the shared contract's shape", async () => {
    await createPaidOrder(testApp, plan.id);
    const { headers } = await createSignedInOperator(testApp, "support");
    const response = await testApp.app.inject({ method: "GET", url: "/api/v1/admin/dashboard", headers });
    expect(response.statusCode).toBe(200);
    const { data } = z.object({ data: dashboardSchema }).parse(response.json());
    expect(data.sales.today.paidOrders).toBeGreaterThanOrEqual(1);
    expect(data).toEqual(presentDashboard(await getDashboard(testApp.deps)));
  });
});
