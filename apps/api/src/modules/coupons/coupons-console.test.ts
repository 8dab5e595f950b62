import { consoleCouponSchema } from "@esim/shared/console/coupons-contract";
import { ADMIN_API_BASE_PATH, API_BASE_PATH } from "@esim/shared/http";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as couponBlock from "../../console-cli/commands/coupon-block.ts";
import * as couponCreate from "../../console-cli/commands/coupon-create.ts";
import { CHECKOUT_LIFETIME_MS } from "../../providers/payment/payment-port.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";
import { createBuyingApp, orderBody, placeTestOrder, pressButton, readOrder } from "../orders/buying.test-kit.ts";
import { coupons } from "./coupons.schema.ts";

// The console's coupons (decision 039): what an admin sees and changes, what a support agent is refused, and the
// audit entry each change leaves, through the same service as `npm run console -- coupon:*`.

const testApp = await createBuyingApp();
const { app, db, clock } = testApp;
const plan = await createPackage(testApp);
const admin = await createSignedInOperator(testApp, "admin");
const support = await createSignedInOperator(testApp, "support");
const DAY_MS = 24 * 60 * 60 * 1000;

function console_(
  method: "GET" | "POST" | "PATCH",
  path: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    ...(payload ? { payload } : {}),
    remoteAddress: "203.0.113.7",
  });
}

const validCoupon = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  discount: { kind: "percent", percentOff: 10 },
  maxUsesPerUser: 1,
  ...overrides,
});

async function auditOf(entityId: string) {
  return db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.entityType, "coupon"), eq(operatorAuditLog.entityId, entityId)));
}

async function createAsAdmin(code: string, overrides: Record<string, unknown> = {}) {
  const response = await console_("POST", "/coupons", admin.headers, validCoupon(code, overrides));
  expect(response.statusCode).toBe(200);
  return consoleCouponSchema.parse(response.json().data);
}

describe("POST /coupons", () => {
  it("refuses a support agent, then invalid rules field by field, then an unknown plan", async () => {
    expect((await console_("POST", "/coupons", support.headers, validCoupon("SUPPORT10"))).statusCode).toBe(403);

    const badPercent = await console_(
      "POST",
      "/coupons",
      admin.headers,
      validCoupon("BAD", { discount: { kind: "percent", percentOff: 150 } }),
    );
    expect(badPercent.statusCode).toBe(400);
    expect(badPercent.json().error.code).toBe("VALIDATION_FAILED");

    const badCode = await console_("POST", "/coupons", admin.headers, validCoupon("NO SPACES"));
    expect(badCode.json().error.fields).toMatchObject({ code: "COUPON_CODE_INVALID" });

    const endBeforeStart = await console_(
      "POST",
      "/coupons",
      admin.headers,
      validCoupon("BACKWARDS", { startsAt: "2026-08-01T00:00:00Z", endsAt: "2026-07-01T00:00:00Z" }),
    );
    expect(endBeforeStart.statusCode).toBe(400);
    expect(endBeforeStart.json().error.fields).toEqual({ endsAt: "INVALID" });

    const unknownPlan = await console_(
      "POST",
      "/coupons",
      admin.headers,
      validCoupon("NOPLAN", { packageIds: ["0b7c6f2e-7c55-4a8e-9a43-3c9a1b2f0e11"] }),
    );
    expect(unknownPlan.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { packageIds: "PACKAGE_INVALID" },
    });

    expect(await db.select().from(coupons).where(eq(coupons.code, "SUPPORT10"))).toEqual([]);
  });

  it("creates a coupon with every rule, audited with the operator and address; the same code twice is refused", async () => {
    const created = await createAsAdmin("summer-26", {
      discount: { kind: "amount", amountOffDzd: 500 },
      startsAt: "2026-06-01T00:00:00Z",
      endsAt: "2026-09-01T00:00:00Z",
      maxUses: 100,
      maxUsesPerUser: 2,
      minOrderDzd: 1000,
      packageIds: [plan.id],
    });

    expect(created).toMatchObject({
      code: "SUMMER-26",
      kind: "amount",
      amountOffDzdMinor: 500_00,
      percentOff: null,
      startsAt: "2026-06-01T00:00:00.000Z",
      endsAt: "2026-09-01T00:00:00.000Z",
      maxUses: 100,
      maxUsesPerUser: 2,
      minOrderDzdMinor: 1000_00,
      packageIds: [plan.id],
      usesCount: 0,
      paidOrders: 0,
      revenueDzdMinor: 0,
    });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      operatorId: admin.operator.id,
      action: "coupon.created",
      before: null,
      after: expect.objectContaining({ code: "SUMMER-26", amountOffDzdMinor: 500_00, maxUses: 100 }),
      ip: "203.0.113.7",
    });

    const again = await console_("POST", "/coupons", admin.headers, validCoupon("SUMMER-26"));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("COUPON_CODE_TAKEN");
    expect(await auditOf(created.id)).toHaveLength(1);
  });

  it("lets an admin mark a giveaway allowed below cost, audited and listed; a support agent may not", async () => {
    const refused = await console_(
      "POST",
      "/coupons",
      support.headers,
      validCoupon("GIFT-SUPPORT", { allowsBelowCost: true }),
    );
    expect(refused.statusCode).toBe(403);
    expect(await db.select().from(coupons).where(eq(coupons.code, "GIFT-SUPPORT"))).toEqual([]);

    const giveaway = await createAsAdmin("gift-100", {
      discount: { kind: "percent", percentOff: 100 },
      allowsBelowCost: true,
    });
    const plain = await createAsAdmin("plain-10");
    expect(giveaway.allowsBelowCost).toBe(true);
    expect(plain.allowsBelowCost).toBe(false);
    const [stored] = await db.select().from(coupons).where(eq(coupons.id, giveaway.id));
    expect(stored!.allowsBelowCost).toBe(true);
    const [entry] = await auditOf(giveaway.id);
    expect(entry!.after).toMatchObject({ code: "GIFT-100", allowsBelowCost: true });

    const listed = await console_("GET", "/coupons", admin.headers);
    const rows = listed.json().data.map((row: unknown) => consoleCouponSchema.parse(row));
    expect(rows.find((row: { id: string }) => row.id === giveaway.id)).toMatchObject({ allowsBelowCost: true });
    expect(rows.find((row: { id: string }) => row.id === plain.id)).toMatchObject({ allowsBelowCost: false });
  });
});

describe("GET /coupons", () => {
  it("stops counting an unpaid order's use once its checkout's 30 minutes are over: used up, then active again", async () => {
    const coupon = await createAsAdmin("HELD1", { maxUses: 1 });
    const buyer = await createSignedInUser(testApp);
    await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, { couponCode: "HELD1" }));
    const listed = async () => {
      const response = await console_("GET", "/coupons", admin.headers);
      return response.json().data.find((item: { id: string }) => item.id === coupon.id);
    };
    expect(await listed()).toMatchObject({ usesCount: 1, state: "used_up" });

    clock.advance(CHECKOUT_LIFETIME_MS);

    expect(await listed()).toMatchObject({ usesCount: 0, paidOrders: 0, state: "active" });
  });

  it("lists each coupon with its uses, its paid orders and their revenue; an unpaid checkout is a use, not revenue", async () => {
    const coupon = await createAsAdmin("PAID10");
    const payer = await createSignedInUser(testApp);
    const paid = await placeTestOrder(testApp, payer.headers, orderBody(payer.user, plan.id, { couponCode: "paid10" }));
    await pressButton(testApp, paid.checkoutUrl, "pay");
    const browser = await createSignedInUser(testApp);
    await placeTestOrder(testApp, browser.headers, orderBody(browser.user, plan.id, { couponCode: "PAID10" }));

    expect((await console_("GET", "/coupons", support.headers)).statusCode).toBe(403);
    const response = await console_("GET", "/coupons", admin.headers);
    expect(response.statusCode).toBe(200);
    const listed = response.json().data.map((row: unknown) => consoleCouponSchema.parse(row));
    const row = listed.find((item: { id: string }) => item.id === coupon.id);
    expect(row).toMatchObject({
      usesCount: 2,
      paidOrders: 1,
      revenueDzdMinor: (await readOrder(testApp, paid.orderId)).chargeDzdMinor,
      state: "active",
    });
  });
});

describe("PATCH /coupons/:id", () => {
  it("changes dates and limits only, never below the uses taken, audited once per real change", async () => {
    const coupon = await createAsAdmin("LIMITS");
    const buyer = await createSignedInUser(testApp);
    await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, { couponCode: "LIMITS" }));
    const path = `/coupons/${coupon.id}`;

    expect(
      (
        await console_("PATCH", path, support.headers, {
          startsAt: null,
          endsAt: null,
          maxUses: null,
          maxUsesPerUser: 1,
        })
      ).statusCode,
    ).toBe(403);
    const unknown = await console_("PATCH", "/coupons/00000000-0000-4000-8000-000000000000", admin.headers, {
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerUser: 1,
    });
    expect(unknown.statusCode).toBe(404);
    // Every field is sent: one left out never clears a date or a limit by accident.
    expect((await console_("PATCH", path, admin.headers, { maxUsesPerUser: 1 })).statusCode).toBe(400);
    const backwards = await console_("PATCH", path, admin.headers, {
      startsAt: "2026-08-01T00:00:00Z",
      endsAt: "2026-07-01T00:00:00Z",
      maxUses: null,
      maxUsesPerUser: 1,
    });
    expect(backwards.json().error.fields).toEqual({ endsAt: "INVALID" });
    const discountChange = await console_("PATCH", path, admin.headers, {
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerUser: 1,
      discount: { kind: "percent", percentOff: 90 },
    });
    expect(discountChange.statusCode).toBe(400);
    const belowUses = await console_("PATCH", path, admin.headers, {
      startsAt: null,
      endsAt: null,
      maxUses: 0,
      maxUsesPerUser: 1,
    });
    expect(belowUses.statusCode).toBe(400);
    const belowTaken = await console_("PATCH", path, admin.headers, {
      startsAt: null,
      endsAt: null,
      maxUses: 1,
      maxUsesPerUser: 1,
    });
    expect(belowTaken.statusCode).toBe(200);
    const limited = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(limited[0]!.maxUses).toBe(1);
    // One use taken: a limit of 1 is fine, and the coupon now reads used up.
    expect(belowTaken.json().data.state).toBe("used_up");

    const endsAt = new Date(clock.now().getTime() + 30 * DAY_MS).toISOString();
    const changed = await console_("PATCH", path, admin.headers, {
      startsAt: null,
      endsAt,
      maxUses: 50,
      maxUsesPerUser: 3,
    });
    expect(changed.statusCode).toBe(200);
    expect(consoleCouponSchema.parse(changed.json().data)).toMatchObject({
      endsAt,
      maxUses: 50,
      maxUsesPerUser: 3,
      percentOff: 10,
      state: "active",
    });
    await console_("PATCH", path, admin.headers, { startsAt: null, endsAt, maxUses: 50, maxUsesPerUser: 3 });

    const entries = (await auditOf(coupon.id)).filter((entry) => entry.action === "coupon.updated");
    expect(entries).toHaveLength(2);
    expect(entries.at(-1)).toMatchObject({
      operatorId: admin.operator.id,
      before: expect.objectContaining({ maxUses: 1, maxUsesPerUser: 1, endsAt: null }),
      after: expect.objectContaining({ maxUses: 50, maxUsesPerUser: 3, endsAt }),
    });
  });

  it("refuses a limit below the uses already taken", async () => {
    const coupon = await createAsAdmin("TAKEN2");
    for (let index = 0; index < 2; index += 1) {
      const buyer = await createSignedInUser(testApp);
      await placeTestOrder(testApp, buyer.headers, orderBody(buyer.user, plan.id, { couponCode: "TAKEN2" }));
    }
    const response = await console_("PATCH", `/coupons/${coupon.id}`, admin.headers, {
      startsAt: null,
      endsAt: null,
      maxUses: 1,
      maxUsesPerUser: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("COUPON_MAX_USES_BELOW_USES");
  });
});

describe("POST /coupons/:id/block", () => {
  it("blocks once (a double click changes and records nothing more), and the checkout then refuses the code", async () => {
    const coupon = await createAsAdmin("BLOCKED");
    const path = `/coupons/${coupon.id}/block`;
    expect((await console_("POST", path, support.headers, {})).statusCode).toBe(403);

    const first = await console_("POST", path, admin.headers);
    const second = await console_("POST", path, admin.headers);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(consoleCouponSchema.parse(second.json().data)).toMatchObject({ isBlocked: true, state: "blocked" });
    const blocks = (await auditOf(coupon.id)).filter((entry) => entry.action === "coupon.blocked");
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({
      operatorId: admin.operator.id,
      after: expect.objectContaining({ isBlocked: true }),
    });

    const customer = await createSignedInUser(testApp);
    const check = await app.inject({
      method: "POST",
      url: `${API_BASE_PATH}/coupons/check`,
      headers: customer.headers,
      payload: { code: "BLOCKED", packageId: plan.id, quantity: 1, currency: "DZD" },
    });
    expect(check.json().error.code).toBe("COUPON_BLOCKED");
  });

  it("is the same service as the command line, which records its creation and block with no operator", async () => {
    await couponCreate.run({ deps: testApp.deps, args: ["CLIBLOCK", "--percent", "5"], print: () => {} });
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "CLIBLOCK"));
    expect((await auditOf(coupon!.id)).map((row) => [row.action, row.operatorId])).toEqual([["coupon.created", null]]);
    const lines: string[] = [];
    await couponBlock.run({ deps: testApp.deps, args: ["cliblock"], print: (line) => lines.push(line) });
    expect(lines.join("\n")).toContain("CLIBLOCK is blocked");
    const [entry] = (await auditOf(coupon!.id)).filter((row) => row.action === "coupon.blocked");
    expect(entry).toMatchObject({ operatorId: null, ip: null });
  });
});
