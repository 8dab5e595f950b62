import type { Quote } from "@esim/shared/checkout/contracts";
import type { ErrorCode } from "@esim/shared/errors";
import type { Currency } from "@esim/shared/locale";
import { floorToWholeUnits, roundToWholeUnits, toMajor, toMinor } from "@esim/shared/money";
import { computeCustomerFeeDzd, type FeePolicy } from "../../providers/payment/payment-port.ts";

// Pure price and coupon rules: no database, no clock of their own, so every case is a one-line unit test.

export interface PackagePrices {
  retailDzdMinor: number;
  retailUsdMinor: number;
  compareAtDzdMinor: number | null;
  compareAtUsdMinor: number | null;
}

export interface CouponTerms {
  code: string;
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOffDzdMinor: number | null;
  /** The campaign may take a sale below its upstream cost (decision 087). */
  allowsBelowCost?: boolean;
}

export interface PriceRates {
  /** DZD per USD (price_settings.dzd_per_usd). */
  dzdPerUsd: number;
  serviceFeeDzdMinor: number;
}

/** DZD minor units to USD minor units at the stored rate (both have two decimals). */
const toUsdMinor = (dzdMinor: number, rates: PriceRates) => Math.round(dzdMinor / rates.dzdPerUsd);

function couponDiscountMinor(
  currency: Currency,
  coupon: CouponTerms | null,
  retailTotalMinor: number,
  rates: PriceRates,
): number {
  if (!coupon) return 0;
  let discount: number;
  if (coupon.kind === "percent") {
    // Rounded down to whole dinars, which the gateway charges (10 % of 1 490 DA is 149 DA); the USD display is an
    // estimate, shown to the cent ($0.69 of $6.99), so the quote in dollars discounts what the DZD charge discounts.
    const exact = (retailTotalMinor * (coupon.percentOff ?? 0)) / 100;
    discount = currency === "DZD" ? floorToWholeUnits(exact) : Math.floor(exact);
  } else {
    const amountDzdMinor = floorToWholeUnits(coupon.amountOffDzdMinor ?? 0);
    discount = currency === "DZD" ? amountDzdMinor : toUsdMinor(amountDzdMinor, rates);
  }
  // A coupon never pays for the service fee nor makes the plans cost less than nothing.
  return Math.max(0, Math.min(discount, retailTotalMinor));
}

/**
 * A friend's first-order discount (decision 079), a DZD amount in whole dinars taken after the coupon's, on what the
 * plans still cost: never the service fee, never below nothing.
 */
function referralDiscountMinor(
  currency: Currency,
  referralDzdMinor: number,
  plansLeftMinor: number,
  rates: PriceRates,
): number {
  const amountDzdMinor = floorToWholeUnits(referralDzdMinor);
  const discount = currency === "DZD" ? amountDzdMinor : toUsdMinor(amountDzdMinor, rates);
  return Math.max(0, Math.min(discount, plansLeftMinor));
}

function amountsIn(
  currency: Currency,
  prices: PackagePrices,
  quantity: number,
  coupon: CouponTerms | null,
  rates: PriceRates,
  referralDzdMinor: number,
) {
  const retail = currency === "DZD" ? prices.retailDzdMinor : prices.retailUsdMinor;
  const compareAt = currency === "DZD" ? prices.compareAtDzdMinor : prices.compareAtUsdMinor;
  const listUnit = compareAt !== null && compareAt > retail ? compareAt : retail;
  const subtotalMinor = listUnit * quantity;
  const discountMinor = (listUnit - retail) * quantity;
  const couponDiscount = couponDiscountMinor(currency, coupon, retail * quantity, rates);
  const referralDiscount = referralDiscountMinor(currency, referralDzdMinor, retail * quantity - couponDiscount, rates);
  const serviceFeeMinor =
    currency === "DZD" ? roundToWholeUnits(rates.serviceFeeDzdMinor) : toUsdMinor(rates.serviceFeeDzdMinor, rates);
  return {
    unitPriceMinor: retail,
    subtotalMinor,
    discountMinor,
    couponDiscountMinor: couponDiscount,
    referralDiscountMinor: referralDiscount,
    serviceFeeMinor,
    totalMinor: subtotalMinor - discountMinor - couponDiscount - referralDiscount + serviceFeeMinor,
  };
}

/**
 * How much store credit pays of a charge (decision 064): all it can, in whole dinars (the card pays whole dinars), up
 * to the charge; less when the rest would be above 0 and under the gateway's minimum, so the card pays that minimum.
 * A charge under the minimum the credit cannot cover whole takes none (the order is then refused as today).
 */
export function computeCreditApplied(options: {
  chargeDzdMinor: number;
  availableDzdMinor: number;
  minimumChargeDzdMinor: number;
}): number {
  const { chargeDzdMinor, minimumChargeDzdMinor } = options;
  const applied = Math.min(floorToWholeUnits(Math.max(0, options.availableDzdMinor)), chargeDzdMinor);
  const rest = chargeDzdMinor - applied;
  if (rest > 0 && rest < minimumChargeDzdMinor) return Math.max(0, chargeDzdMinor - minimumChargeDzdMinor);
  return applied;
}

/**
 * The quote, computed on the server (decision 009), in the displayed currency: subtotal at list price (compare-at when higher), discount =
 * list − retail, coupon on the retail amount, service fee; the charge is the same cart priced in DZD, whole dinars.
 */
export function computeQuote(options: {
  currency: Currency;
  quantity: number;
  prices: PackagePrices;
  coupon: CouponTerms | null;
  rates: PriceRates;
  /** The gateway's smallest charge (PAYMENT_MINIMUM_DZD), carried for the screens. */
  minimumChargeDzdMinor?: number;
  /** Who pays the gateway's fee and its rate; the merchant when absent. */
  fees?: FeePolicy;
  /** The customer's store credit and whether this order spends it; none when absent. */
  storeCredit?: { balanceDzdMinor: number; isUsed: boolean };
  /** The invite the cart carries: applied with its DZD discount, or unusable (0); none when absent. */
  referral?: {
    isApplied: boolean;
    discountDzdMinor: number;
    allowsBelowCost?: boolean;
    /** Refused because the shop's monthly budget of friends' discounts is spent: the friend is told so. */
    isBudgetSpent?: boolean;
  } | null;
  /** The cart's upstream cost in DZD (margins' conversion at today's rate): no discount goes below it (decision 087). */
  costDzdMinor?: number;
}): Quote {
  const { currency, quantity, prices, rates } = options;
  const minimumChargeDzdMinor = options.minimumChargeDzdMinor ?? 1_00;
  const costDzdMinor = options.costDzdMinor ?? 0;
  let coupon = options.coupon;
  let isDiscountCappedAtCost = false;
  // A coupon leaves at least the cost to pay unless its campaign allows less; capped, it becomes that DZD amount.
  if (coupon && !coupon.allowsBelowCost) {
    const withoutCoupon = amountsIn("DZD", prices, quantity, null, rates, 0).totalMinor;
    const withCoupon = amountsIn("DZD", prices, quantity, coupon, rates, 0);
    const allowedDzdMinor = floorToWholeUnits(Math.max(0, withoutCoupon - Math.ceil(costDzdMinor / 100) * 100));
    if (withCoupon.couponDiscountMinor > allowedDzdMinor) {
      coupon = { ...coupon, kind: "amount", percentOff: null, amountOffDzdMinor: allowedDzdMinor };
      isDiscountCappedAtCost = true;
    }
  }
  // An invite never makes an order free nor unpayable: the card keeps at least the gateway's minimum (decision 079),
  // nor takes the sale below its cost unless the operator allows it (decision 087).
  const beforeReferralDzdMinor = floorToWholeUnits(amountsIn("DZD", prices, quantity, coupon, rates, 0).totalMinor);
  const referralFloorDzdMinor = options.referral?.allowsBelowCost
    ? minimumChargeDzdMinor
    : Math.max(minimumChargeDzdMinor, Math.ceil(costDzdMinor / 100) * 100);
  let referralDzdMinor = 0;
  if (options.referral?.isApplied) {
    const room = Math.max(0, beforeReferralDzdMinor - referralFloorDzdMinor);
    referralDzdMinor = Math.min(options.referral.discountDzdMinor, room);
    if (referralDzdMinor < options.referral.discountDzdMinor && room < beforeReferralDzdMinor - minimumChargeDzdMinor) {
      isDiscountCappedAtCost = true;
    }
  }
  const shown = amountsIn(currency, prices, quantity, coupon, rates, referralDzdMinor);
  const inDzd = currency === "DZD" ? shown : amountsIn("DZD", prices, quantity, coupon, rates, referralDzdMinor);
  const chargeDzdMinor = Math.max(0, floorToWholeUnits(inDzd.totalMinor));
  const storeCreditBalanceDzdMinor = Math.max(0, options.storeCredit?.balanceDzdMinor ?? 0);
  const creditAppliedDzdMinor = options.storeCredit?.isUsed
    ? computeCreditApplied({ chargeDzdMinor, availableDzdMinor: storeCreditBalanceDzdMinor, minimumChargeDzdMinor })
    : 0;
  const cardChargeDzdMinor = chargeDzdMinor - creditAppliedDzdMinor;
  const paidBy = options.fees?.paidBy ?? "merchant";
  const percent = options.fees?.percent ?? 0;
  // Whole dinars, on top of what the card pays, as the gateway adds it to what the payer pays (decision 054).
  const feeDzdMinor = toMinor(computeCustomerFeeDzd(toMajor(cardChargeDzdMinor), { allocation: paidBy, percent }));
  return {
    currency,
    quantity,
    ...shown,
    chargeDzdMinor,
    gatewayFee: paidBy === "merchant" ? null : { paidBy, percent, amountDzdMinor: feeDzdMinor },
    storeCreditBalanceDzdMinor,
    creditAppliedDzdMinor,
    cardChargeDzdMinor,
    chargeWithFeeDzdMinor: cardChargeDzdMinor + feeDzdMinor,
    minimumChargeDzdMinor,
    coupon: options.coupon
      ? {
          code: options.coupon.code,
          kind: options.coupon.kind,
          percentOff: options.coupon.kind === "percent" ? options.coupon.percentOff : null,
        }
      : null,
    referral: options.referral
      ? { isApplied: options.referral.isApplied, ...(options.referral.isBudgetSpent ? { isBudgetSpent: true } : {}) }
      : null,
    ...(isDiscountCappedAtCost ? { isDiscountCappedAtCost: true } : {}),
  };
}

/** The subtotal at list price in DZD, which a coupon's minimum order is compared with. */
export function subtotalDzdMinor(prices: PackagePrices, quantity: number): number {
  const listUnit =
    prices.compareAtDzdMinor !== null && prices.compareAtDzdMinor > prices.retailDzdMinor
      ? prices.compareAtDzdMinor
      : prices.retailDzdMinor;
  return listUnit * quantity;
}

export interface CouponRules {
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOffDzdMinor: number | null;
  isBlocked: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  allowedPackageIds: string[] | null;
  maxUses: number | null;
  usesCount: number;
  maxUsesPerUser: number;
  minOrderDzdMinor: number | null;
}

/**
 * The first rule an existing coupon breaks whatever the cart (blocked, percentage or amount, start, end): what a
 * public page opened with `?promo=` can already say about it; null when the code itself is good.
 */
export function findCouponCodeProblem(
  coupon: Pick<CouponRules, "isBlocked" | "kind" | "percentOff" | "amountOffDzdMinor" | "startsAt" | "endsAt">,
  now: Date,
): ErrorCode | null {
  if (coupon.isBlocked) return "COUPON_BLOCKED";
  if (coupon.kind === "percent") {
    const percent = coupon.percentOff;
    if (percent === null || !Number.isInteger(percent) || percent < 1 || percent > 100) {
      return "COUPON_INVALID_PERCENTAGE";
    }
  } else if (coupon.amountOffDzdMinor === null || coupon.amountOffDzdMinor <= 0) {
    return "COUPON_INVALID";
  }
  if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) return "COUPON_NOT_YET_ACTIVE";
  if (coupon.endsAt && now.getTime() > coupon.endsAt.getTime()) return "COUPON_EXPIRED";
  return null;
}

/**
 * The first rule an existing coupon breaks for this cart, in the order the product lists them (blocked, percentage,
 * start, end, applicable plans, plan on sale, total uses, this user's uses, minimum order); null when it applies.
 */
export function findCouponProblem(options: {
  coupon: CouponRules;
  packageId: string;
  /** Null when the plan is unknown or not on sale. */
  prices: PackagePrices | null;
  quantity: number;
  userRedemptions: number;
  now: Date;
}): ErrorCode | null {
  const { coupon, now } = options;
  const codeProblem = findCouponCodeProblem(coupon, now);
  if (codeProblem) return codeProblem;
  const allowed = coupon.allowedPackageIds;
  if (allowed && allowed.length > 0 && !allowed.includes(options.packageId)) return "COUPON_NOT_APPLICABLE";
  if (!options.prices) return "PACKAGE_NOT_FOUND";
  if (coupon.maxUses !== null && coupon.usesCount >= coupon.maxUses) return "COUPON_USAGE_LIMIT_REACHED";
  if (options.userRedemptions >= coupon.maxUsesPerUser) return "COUPON_ALREADY_USED";
  if (
    coupon.minOrderDzdMinor !== null &&
    subtotalDzdMinor(options.prices, options.quantity) < coupon.minOrderDzdMinor
  ) {
    return "COUPON_MIN_ORDER_NOT_MET";
  }
  return null;
}
