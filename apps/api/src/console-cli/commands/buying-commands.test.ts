import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROVISIONING_TIMING } from "../../flows/provision-order.ts";
import { runDueJobs } from "../../jobs/worker.ts";
import { coupons } from "../../modules/coupons/coupons.schema.ts";
import { operatorAuditLog } from "../../modules/operators/operators.schema.ts";
import {
  createBuyingApp,
  createPaidOrder,
  orderBody,
  placeTestOrder,
  postPaymentWebhook,
  readOrder,
  signedCheckoutWebhook,
} from "../../modules/orders/buying.test-kit.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { CliError } from "../console-command.ts";
import * as couponBlock from "./coupon-block.ts";
import * as couponCreate from "./coupon-create.ts";
import * as orderAccept from "./order-accept.ts";
import * as orderRefund from "./order-refund.ts";
import * as orderRetry from "./order-retry.ts";
import * as orderShow from "./order-show.ts";
import * as ordersAttention from "./orders-attention.ts";
import * as refundRecord from "./refund-record.ts";

const testApp = await createBuyingApp();
const { db, deps } = testApp;
const plan = await createPackage(testApp);

async function runCommand(command: { run: typeof couponCreate.run }, args: string[]) {
  const lines: string[] = [];
  await command.run({ deps, args, print: (line) => lines.push(line) });
  return lines.join("\n");
}

async function refusal(command: { run: typeof couponCreate.run }, args: string[]): Promise<string> {
  const error = await runCommand(command, args).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

async function findCoupon(code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

describe("coupon:create", () => {
  it("refuses a missing or double discount, bad numbers, dates, unknown options and unknown plans, clearly", async () => {
    expect(await refusal(couponCreate, ["SUMMER"])).toMatch(/exactly one of --percent N or --amount DZD/);
    expect(await refusal(couponCreate, ["SUMMER", "--percent", "10", "--amount", "500"])).toMatch(/exactly one/);
    expect(await refusal(couponCreate, ["SUMMER", "--percent", "150"])).toMatch(/1 to 100/);
    expect(await refusal(couponCreate, ["SUMMER", "--percent", "ten"])).toMatch(
      /--percent "ten" is not a whole number/,
    );
    expect(await refusal(couponCreate, ["SUMMER", "--amount", "500", "--ends", "tomorrow"])).toMatch(/ISO date/);
    expect(
      await refusal(couponCreate, ["SUMMER", "--amount", "500", "--starts", "2026-08-01", "--ends", "2026-07-01"]),
    ).toMatch(/--ends must be after --starts/);
    expect(await refusal(couponCreate, ["SUMMER", "--percent", "10", "--colour", "red"])).toMatch(/Unknown option/);
    expect(
      await refusal(couponCreate, ["SUMMER", "--percent", "10", "--packages", "0b7c6f2e-7c55-4a8e-9a43-3c9a1b2f0e11"]),
    ).toMatch(/no package has the id 0b7c6f2e/);
    expect(await findCoupon("SUMMER")).toBeUndefined();
  });

  it("creates a coupon with every rule, upper-casing the code, and refuses the same code twice", async () => {
    const output = await runCommand(couponCreate, [
      "summer26",
      "--amount",
      "500",
      "--starts",
      "2026-06-01T00:00:00Z",
      "--ends",
      "2026-09-01",
      "--max-uses",
      "100",
      "--per-user",
      "2",
      "--min-order",
      "1000",
      "--packages",
      plan.id,
    ]);

    expect(output).toContain("Coupon SUMMER26 created: 500 DA off.");
    expect(await findCoupon("SUMMER26")).toMatchObject({
      kind: "amount",
      amountOffDzdMinor: 500_00,
      percentOff: null,
      startsAt: new Date("2026-06-01T00:00:00Z"),
      endsAt: new Date("2026-09-01T00:00:00Z"),
      maxUses: 100,
      maxUsesPerUser: 2,
      minOrderDzdMinor: 1000_00,
      allowedPackageIds: [plan.id],
      isBlocked: false,
    });
    expect(await refusal(couponCreate, ["SUMMER26", "--percent", "5"])).toMatch(/SUMMER26 already exists/);
    expect(output).toContain("never sells below the upstream cost");
    expect((await findCoupon("SUMMER26"))!.allowsBelowCost).toBe(false);
  });

  it("lets the operator allow a giveaway below the upstream cost with --below-cost, and says so", async () => {
    const output = await runCommand(couponCreate, ["GIVEAWAY", "--percent", "100", "--below-cost"]);
    expect(output).toContain("may sell below the upstream cost");
    expect((await findCoupon("GIVEAWAY"))!.allowsBelowCost).toBe(true);
  });
});

describe("coupon:block", () => {
  it("refuses an unknown code, then blocks a coupon so checkouts refuse it", async () => {
    expect(await refusal(couponBlock, ["NOPE"])).toMatch(/no coupon has the code NOPE/);
    await runCommand(couponCreate, ["BLOCKME", "--percent", "10"]);

    const output = await runCommand(couponBlock, ["blockme"]);

    expect(output).toContain("BLOCKME is blocked");
    expect((await findCoupon("BLOCKME"))!.isBlocked).toBe(true);
  });
});

describe("order:show", () => {
  it("refuses an unknown number, and shows status, amounts, payment, eSIMs and attention", async () => {
    expect(await refusal(orderShow, ["ES26-999999"])).toMatch(/no order has the number ES26-999999/);
    const paid = await createPaidOrder(testApp, plan.id, { quantity: 2 });
    await runDueJobs(deps);

    const output = await runCommand(orderShow, [paid.number.toLowerCase()]);

    expect(output).toContain(`Order ${paid.number}`);
    expect(output).toContain("status: delivered");
    expect(output).toContain("charged 2,980 DA");
    expect(output).toContain("successful via sandbox/edahabia");
    expect(output.match(/ {4}8988\d+ {2}New/g)).toHaveLength(2);
    // The order's history, with who did what, and its install email.
    expect(output).toMatch(/— → not_paid {2}created {2}by customer:/);
    expect(output).toMatch(/not_paid → pending {2}checkout_opened {2}by gateway:sandbox/);
    expect(output).toMatch(/pending → confirmed {2}paid {2}by gateway:sandbox: webhook checkout\.paid/);
    expect(output).toMatch(/confirmed → delivered {2}delivered {2}by worker/);
    expect(output).toContain(`email install:${paid.orderId} to ${paid.user.email}: sent`);
  });
});

describe("order:retry", () => {
  it("refuses an order that is not paid or already delivered, with the reason", async () => {
    const buyer = await createSignedInUser(testApp);
    const pending = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    expect(await refusal(orderRetry, [pending.number])).toMatch(
      /is waiting for its payment at the gateway: only a paid/,
    );
    const delivered = await createPaidOrder(testApp, plan.id);
    await runDueJobs(deps);
    expect(await refusal(orderRetry, [delivered.number])).toMatch(/is delivered: only a paid order not yet delivered/);
    expect(await refusal(orderRetry, ["ES26-999998"])).toMatch(/no order has the number/);
  });

  it("queues a flagged, undelivered paid order again, which is then delivered and unflagged", async () => {
    const paid = await createPaidOrder(testApp, plan.id);
    testApp.simulator.setFaults({ errorProbability: 1 });
    await db.execute(sql`update graphile_worker._private_jobs set max_attempts = 1 where key = ${paid.orderId}`);
    await runDueJobs(deps, { timing: { ...DEFAULT_PROVISIONING_TIMING, allocationWaitMs: 0, pollEveryMs: 0 } });
    testApp.simulator.setFaults("");
    expect((await readOrder(testApp, paid.orderId)).attentionKind).toBe("provisioning_failed");
    expect(await runCommand(orderShow, [paid.number])).toContain("ATTENTION (provisioning_failed");
    expect(await runCommand(ordersAttention, [])).toContain(`${paid.number}  confirmed  provisioning_failed`);

    const output = await runCommand(orderRetry, [paid.number]);
    await runDueJobs(deps);

    expect(output).toContain(`Provisioning of ${paid.number} queued`);
    expect(await readOrder(testApp, paid.orderId)).toMatchObject({
      status: "delivered",
      attentionKind: null,
      attentionReason: null,
    });
    expect(await commandLineAudit(paid.number)).toEqual(["order.provisioning_retried"]);
  });
});

/** The audit log's entries for an order written by the command line (no operator), oldest first. */
async function commandLineAudit(number: string) {
  const rows = await db
    .select({ action: operatorAuditLog.action, operatorId: operatorAuditLog.operatorId })
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.entityId, number))
    .orderBy(operatorAuditLog.seq);
  return rows.filter((row) => row.operatorId === null).map((row) => row.action);
}

describe("a held payment: order:accept, order:refund and refund:record", () => {
  async function heldOrder() {
    const buyer = await createSignedInUser(testApp);
    const placed = await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id));
    const wrongAmount = await signedCheckoutWebhook(testApp, { paymentId: placed.paymentId, amountDzd: 1 });
    await postPaymentWebhook(testApp, wrongAmount);
    return placed;
  }

  it("accepts a held payment after checking it: confirmed, unflagged, then delivered", async () => {
    const held = await heldOrder();
    expect(await runCommand(ordersAttention, [])).toContain(`${held.number}  on_hold  amount_mismatch`);
    expect(await refusal(orderAccept, [held.number])).toMatch(/^Usage/);

    const output = await runCommand(orderAccept, [held.number, "1490 DA seen on the Chargily dashboard"]);
    await runDueJobs(deps);

    expect(output).toContain(`${held.number} confirmed`);
    expect(await readOrder(testApp, held.orderId)).toMatchObject({ status: "delivered", attentionKind: null });
    expect(await runCommand(orderShow, [held.number])).toMatch(
      /on_hold → confirmed {2}held_payment_accepted {2}by operator:cli: 1490 DA seen on the Chargily dashboard/,
    );
    expect(await refusal(orderAccept, [held.number, "again"])).toMatch(/is delivered: only a held payment/);
    expect(await commandLineAudit(held.number)).toEqual(["order.held_payment_accepted"]);
  });

  it("refunds a held payment: owed, then recorded with its reference, never delivered", async () => {
    const held = await heldOrder();
    // The traveller reads the reason: what would reorder or hide it is refused, as in the console.
    expect(await refusal(orderRefund, [held.number, "amount \u202Edoes not match"])).toMatch(
      /the reason holds invisible or control characters/,
    );

    expect(await runCommand(orderRefund, [held.number, "amount does not match"])).toContain(
      `refund:record ${held.number}`,
    );
    expect(await runCommand(ordersAttention, [])).toContain(`Refunds owed`);
    expect(await refusal(refundRecord, [held.number, "ccp_transfer"])).toMatch(/^Usage/);
    expect(await refusal(refundRecord, [held.number, "virement", "CCP-2026-0042"])).toMatch(/the method is one of/);
    expect(await runCommand(refundRecord, [held.number, "ccp_transfer", "CCP-2026-0042"])).toContain("refunded");
    await runDueJobs(deps);

    expect(await readOrder(testApp, held.orderId)).toMatchObject({ status: "refunded", attentionKind: null });
    expect(await runCommand(orderShow, [held.number])).toContain("by ccp_transfer, reference CCP-2026-0042");
    expect(await refusal(refundRecord, [held.number, "ccp_transfer", "again"])).toMatch(/is refunded: only an order/);
    expect(await commandLineAudit(held.number)).toEqual(["refund.approved", "order.refund_recorded"]);
  });
});
