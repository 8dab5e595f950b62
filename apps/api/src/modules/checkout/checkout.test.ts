import { randomUUID } from "node:crypto";
import { checkCoupon, getCheckoutOptions, getQuote } from "@esim/shared/checkout/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { describe, expect, it } from "vitest";
import { createCoupon, createPackage, createSignedInUser, setPriceSettings } from "../../test/factories.ts";
import { createBuyingApp, orderBody, placeTestOrder } from "../orders/buying.test-kit.ts";
import { computeCreditApplied, computeQuote } from "./pricing.ts";

const testApp = await createBuyingApp();
const { app, clock } = testApp;
await setPriceSettings(testApp, { dzdPerUsd: "135", serviceFeeDzdMinor: 50_00 });
const plan = await createPackage(testApp, {
  retailDzdMinor: 1490_00,
  retailUsdMinor: 11_04,
  compareAtDzdMinor: 1990_00,
  compareAtUsdMinor: 14_74,
});
const otherPlan = await createPackage(testApp, { simulatorIndex: 2 });

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}${url}`, headers, payload });
}

describe("computeQuote", () => {
  const rates = { dzdPerUsd: 135, serviceFeeDzdMinor: 100_00 };
  const prices = { retailDzdMinor: 1490_00, retailUsdMinor: 11_04, compareAtDzdMinor: null, compareAtUsdMinor: null };

  it("adds the service fee to the plans and charges the DZD total", () => {
    expect(computeQuote({ currency: "DZD", quantity: 2, prices, coupon: null, rates })).toEqual({
      currency: "DZD",
      quantity: 2,
      unitPriceMinor: 1490_00,
      subtotalMinor: 2980_00,
      discountMinor: 0,
      couponDiscountMinor: 0,
      referralDiscountMinor: 0,
      serviceFeeMinor: 100_00,
      totalMinor: 3080_00,
      chargeDzdMinor: 3080_00,
      gatewayFee: null,
      storeCreditBalanceDzdMinor: 0,
      creditAppliedDzdMinor: 0,
      cardChargeDzdMinor: 3080_00,
      chargeWithFeeDzdMinor: 3080_00,
      minimumChargeDzdMinor: 1_00,
      coupon: null,
      referral: null,
    });
  });

  it("takes a friend's invite discount after the coupon's, on the plans only, as its own line (decision 079)", () => {
    const coupon = { code: "BIENVENUE", kind: "percent" as const, percentOff: 90, amountOffDzdMinor: null };
    const invited = (discountDzdMinor: number, withCoupon: boolean) =>
      computeQuote({
        currency: "DZD",
        quantity: 1,
        prices,
        coupon: withCoupon ? coupon : null,
        rates,
        referral: { isApplied: true, discountDzdMinor },
      });
    expect(invited(300_00, false)).toMatchObject({ referralDiscountMinor: 300_00, totalMinor: 1290_00 });
    // 90 % off leaves 149 DA of plan: the invite takes those, never the service fee.
    expect(invited(300_00, true)).toMatchObject({
      couponDiscountMinor: 1341_00,
      referralDiscountMinor: 149_00,
      totalMinor: 100_00,
    });
    // A 220 DA plan and a 300 DA invite: the card still pays the gateway's 50 DA minimum, never nothing.
    const small = computeQuote({
      currency: "DZD",
      quantity: 1,
      prices: { ...prices, retailDzdMinor: 220_00, compareAtDzdMinor: null },
      coupon: null,
      rates: { ...rates, serviceFeeDzdMinor: 0 },
      minimumChargeDzdMinor: 50_00,
      referral: { isApplied: true, discountDzdMinor: 300_00 },
    });
    expect(small).toMatchObject({ referralDiscountMinor: 170_00, chargeDzdMinor: 50_00 });
    const unusable = computeQuote({
      currency: "DZD",
      quantity: 1,
      prices,
      coupon: null,
      rates,
      referral: { isApplied: false, discountDzdMinor: 300_00 },
    });
    expect(unusable).toMatchObject({ referralDiscountMinor: 0, totalMinor: 1590_00, referral: { isApplied: false } });
  });

  it("spends store credit first, in whole dinars, leaving the card at least the gateway's minimum", () => {
    const applied = (chargeDzdMinor: number, availableDzdMinor: number) =>
      computeCreditApplied({ chargeDzdMinor, availableDzdMinor, minimumChargeDzdMinor: 50_00 });
    expect(applied(500_00, 1000_00)).toBe(500_00);
    expect(applied(500_00, 200_50)).toBe(200_00);
    expect(applied(500_00, 480_00)).toBe(450_00);
    expect(applied(30_00, 20_00)).toBe(0);
    expect(applied(30_00, 30_00)).toBe(30_00);
    const quote = computeQuote({
      currency: "DZD",
      quantity: 1,
      prices,
      coupon: null,
      rates,
      fees: { paidBy: "customer", percent: 2.5 },
      storeCredit: { balanceDzdMinor: 1000_00, isUsed: true },
    });
    // The fee is the gateway's share of what the card pays, not of the part paid by credit.
    expect(quote).toMatchObject({ creditAppliedDzdMinor: 1000_00, cardChargeDzdMinor: 590_00 });
    expect(quote.chargeWithFeeDzdMinor).toBe(590_00 + 15_00);
  });

  it("adds the gateway's fee to the charge when the customer pays it, half of it when split, none for the merchant", () => {
    const quote = (paidBy: "merchant" | "customer" | "split", currency: "DZD" | "USD" = "DZD") =>
      computeQuote({ currency, quantity: 2, prices, coupon: null, rates, fees: { paidBy, percent: 2.5 } });

    expect(quote("merchant")).toMatchObject({ gatewayFee: null, chargeWithFeeDzdMinor: 3080_00 });
    // 2.5 % of 3 080 DA is 77 DA; half of it, rounded up to whole dinars, 39 DA.
    expect(quote("customer")).toMatchObject({
      chargeDzdMinor: 3080_00,
      gatewayFee: { paidBy: "customer", percent: 2.5, amountDzdMinor: 77_00 },
      chargeWithFeeDzdMinor: 3157_00,
    });
    expect(quote("split")).toMatchObject({
      gatewayFee: { paidBy: "split", percent: 2.5, amountDzdMinor: 39_00 },
      chargeWithFeeDzdMinor: 3119_00,
    });
    // Prices shown in USD are still charged in DZD: the fee is on the DZD charge.
    expect(quote("customer", "USD")).toMatchObject({ chargeDzdMinor: 3080_00, chargeWithFeeDzdMinor: 3157_00 });
  });

  it("takes the subtotal at the compare-at price and shows the plan discount", () => {
    const quote = computeQuote({
      currency: "DZD",
      quantity: 1,
      prices: { ...prices, compareAtDzdMinor: 1990_00, compareAtUsdMinor: 14_74 },
      coupon: null,
      rates: { ...rates, serviceFeeDzdMinor: 0 },
    });
    expect(quote).toMatchObject({ subtotalMinor: 1990_00, discountMinor: 500_00, totalMinor: 1490_00 });
  });

  it("floors a percent coupon to whole dinars, or to cents in USD, on the retail amount", () => {
    const coupon = { code: "P15", kind: "percent" as const, percentOff: 15, amountOffDzdMinor: null };
    const dzd = computeQuote({ currency: "DZD", quantity: 1, prices, coupon, rates });
    const usd = computeQuote({ currency: "USD", quantity: 1, prices, coupon, rates });
    expect(dzd.couponDiscountMinor).toBe(223_00);
    expect(usd.couponDiscountMinor).toBe(1_65);
    expect(usd.chargeDzdMinor).toBe(dzd.totalMinor);
  });

  it("shows a small percent coupon's discount in USD too: the quote shown discounts what the charge discounts", () => {
    const coupon = { code: "P10", kind: "percent" as const, percentOff: 10, amountOffDzdMinor: null };
    const cheap = { retailDzdMinor: 940_00, retailUsdMinor: 6_99, compareAtDzdMinor: null, compareAtUsdMinor: null };
    const noFee = { ...rates, serviceFeeDzdMinor: 0 };
    const usd = computeQuote({ currency: "USD", quantity: 1, prices: cheap, coupon, rates: noFee });
    expect(usd).toMatchObject({ couponDiscountMinor: 69, totalMinor: 6_30, chargeDzdMinor: 846_00 });
  });

  it("carries the gateway's minimum charge for the screens to compare with", () => {
    const quote = computeQuote({
      currency: "DZD",
      quantity: 1,
      prices,
      coupon: null,
      rates,
      minimumChargeDzdMinor: 50_00,
    });
    expect(quote.minimumChargeDzdMinor).toBe(50_00);
  });

  it("converts an amount coupon and the fee at the stored rate for USD, never below zero", () => {
    const coupon = { code: "A500", kind: "amount" as const, percentOff: null, amountOffDzdMinor: 500_00 };
    const usd = computeQuote({ currency: "USD", quantity: 1, prices, coupon, rates });
    expect(usd).toMatchObject({
      couponDiscountMinor: 3_70,
      serviceFeeMinor: 74,
      totalMinor: 8_08,
      chargeDzdMinor: 1090_00,
    });
    const huge = { ...coupon, amountOffDzdMinor: 99_999_00 };
    expect(computeQuote({ currency: "DZD", quantity: 1, prices, coupon: huge, rates }).totalMinor).toBe(100_00);
  });
});

describe("POST /checkout/quote", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await post("/checkout/quote", {}, { packageId: plan.id, quantity: 1, currency: "DZD" });
    expect(response.statusCode).toBe(401);
  });

  it("refuses invalid fields with their codes", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await post("/checkout/quote", headers, {
      packageId: "x",
      quantity: 0,
      currency: "EUR",
      unitPriceMinor: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      packageId: "PACKAGE_INVALID",
      quantity: "QUANTITY_INVALID",
      currency: "CURRENCY_INVALID",
      unitPriceMinor: "UNKNOWN_FIELD",
    });
  });

  it("answers PACKAGE_NOT_FOUND for an unknown plan", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await post("/checkout/quote", headers, { packageId: randomUUID(), quantity: 1, currency: "DZD" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("PACKAGE_NOT_FOUND");
  });

  it("prices the cart from the database, with the plan and its destination", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await post("/checkout/quote", headers, { packageId: plan.id, quantity: 2, currency: "USD" });
    expect(response.statusCode).toBe(200);
    const { data } = getQuote.response.parse(response.json());
    expect(data.quote).toMatchObject({
      unitPriceMinor: 11_04,
      subtotalMinor: 29_48,
      discountMinor: 7_40,
      serviceFeeMinor: 37,
      totalMinor: 22_45,
      chargeDzdMinor: 3030_00,
    });
    expect(data.plan).toMatchObject({ id: plan.id, price: { DZD: 1490_00, USD: 11_04 } });
    expect(data.destination.code).toBe(plan.destinationCode);
  });
});

describe("POST /coupons/check", () => {
  const check = (headers: Record<string, string>, code: string, packageId = plan.id, quantity = 1) =>
    post("/coupons/check", headers, { code, packageId, quantity, currency: "DZD" });
  const now = () => clock.now().getTime();

  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    expect((await check({}, "ANY")).statusCode).toBe(401);
  });

  it("refuses an empty code with COUPON_CODE_INVALID", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await check(headers, "   ");
    expect(response.json().error.fields).toEqual({ code: "COUPON_CODE_INVALID" });
  });

  it("answers each broken rule with its own code, in the product's order", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    const cases: [Parameters<typeof createCoupon>[1], string, string?][] = [
      [{ isBlocked: true, endsAt: new Date(now() - 1000) }, "COUPON_BLOCKED"],
      [{ percentOff: 120, endsAt: new Date(now() - 1000) }, "COUPON_INVALID_PERCENTAGE"],
      [{ startsAt: new Date(now() + 60_000), endsAt: new Date(now() - 1000) }, "COUPON_NOT_YET_ACTIVE"],
      [{ endsAt: new Date(now() - 1000), allowedPackageIds: [otherPlan.id] }, "COUPON_EXPIRED"],
      [{ allowedPackageIds: [otherPlan.id], maxUses: 0 }, "COUPON_NOT_APPLICABLE"],
      [{ maxUses: 0 }, "PACKAGE_NOT_FOUND", randomUUID()],
      [{ maxUses: 0, minOrderDzdMinor: 99_999_00 }, "COUPON_USAGE_LIMIT_REACHED"],
      [{ minOrderDzdMinor: 99_999_00 }, "COUPON_MIN_ORDER_NOT_MET"],
    ];
    const answered = [];
    for (const [overrides, , packageId] of cases) {
      const coupon = await createCoupon(testApp, overrides);
      answered.push((await check(headers, coupon.code, packageId)).json().error.code);
    }
    answered.push((await check(headers, "NO-SUCH-CODE")).json().error.code);
    const used = await createCoupon(testApp, { maxUsesPerUser: 1, minOrderDzdMinor: 15_000_00 });
    await placeTestOrder(testApp, headers, orderBody(user, plan.id, { couponCode: used.code, quantity: 10 }));
    answered.push((await check(headers, used.code)).json().error.code);

    expect(answered).toEqual([...cases.map(([, code]) => code), "COUPON_INVALID", "COUPON_HELD_BY_UNPAID_ORDER"]);
  });

  it("answers the quote with the coupon applied, for a lower-case code too", async () => {
    const { headers } = await createSignedInUser(testApp);
    const coupon = await createCoupon(testApp, {
      kind: "amount",
      percentOff: null,
      amountOffDzdMinor: 300_00,
      startsAt: new Date(now() - 1000),
      endsAt: new Date(now() + 60_000),
      allowedPackageIds: [plan.id],
      minOrderDzdMinor: 1000_00,
    });
    const response = await check(headers, coupon.code.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(checkCoupon.response.parse(response.json()).data.quote).toMatchObject({
      couponDiscountMinor: 300_00,
      totalMinor: 1240_00,
      coupon: { code: coupon.code, kind: "amount", percentOff: null },
    });
  });
});

describe("GET /checkout/options", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/checkout/options` });
    expect(response.statusCode).toBe(401);
  });

  it("answers the gateway's methods and the six billing countries", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await app.inject({ method: "GET", url: `${API_BASE_PATH}/checkout/options`, headers });
    expect(getCheckoutOptions.response.parse(response.json()).data).toEqual({
      paymentMethods: ["edahabia", "cib", "chargily_app"],
      billingCountries: ["DZ", "TN", "FR", "DE", "IT", "ES"],
    });
  });
});
