import { isBelowMinimumCharge } from "@esim/shared/checkout/contracts";
import { BILLING_COUNTRY_CODES } from "@esim/shared/countries";
import type { ErrorCode } from "@esim/shared/errors";
import type { Currency } from "@esim/shared/locale";
import { toMinor } from "@esim/shared/money";
import type { ReferralInput } from "@esim/shared/referrals/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { FeePolicy } from "../../providers/payment/payment-port.ts";
import {
  type DestinationRow,
  findPackageWithDestination,
  findPriceSettings,
  type PackageRow,
  summarizeDestinationPlans,
} from "../catalog/index.ts";
import {
  type CouponCustomer,
  type CouponRow,
  countCouponUses,
  findCouponByCode,
  findHoldingUnpaidOrder,
  lockCouponByCode,
} from "../coupons/index.ts";
import {
  canTopUpEsim,
  type EsimView,
  findTopUpCodes,
  findUserEsimView,
  listCompatibleTopUpPackages,
  topUpListUnavailable,
} from "../esims/index.ts";
import { getStoreCreditBalance } from "../ledger/index.ts";
import { costDzdMinorOf } from "../margins/index.ts";
import { evaluateReferral, type ReferralEvaluation } from "../referrals/index.ts";
import { computeQuote, findCouponProblem } from "./pricing.ts";

export interface Cart {
  packageId: string;
  quantity: number;
  currency: Currency;
  /** Upper-cased by the contract. */
  couponCode?: string | undefined;
  /** A top-up of this eSIM of the caller's. */
  topUpOf?: string | undefined;
  /** Spend the customer's store credit first (absent: yes). */
  useStoreCredit?: boolean | undefined;
  /** The invite kept on the friend's device (decision 079). */
  referral?: ReferralInput | undefined;
}

const COUPON_MESSAGES: Partial<Record<ErrorCode, string>> = {
  COUPON_INVALID: "No coupon has this code.",
  COUPON_BLOCKED: "This coupon is blocked.",
  COUPON_INVALID_PERCENTAGE: "This coupon's percentage is invalid.",
  COUPON_NOT_YET_ACTIVE: "This coupon is not active yet.",
  COUPON_EXPIRED: "This coupon has expired.",
  COUPON_NOT_APPLICABLE: "This coupon does not apply to this plan.",
  PACKAGE_NOT_FOUND: "The plan does not exist or is no longer on sale.",
  COUPON_USAGE_LIMIT_REACHED: "Every use of this coupon is taken.",
  COUPON_ALREADY_USED: "You have already used this coupon.",
  COUPON_MIN_ORDER_NOT_MET: "The order is below this coupon's minimum.",
  COUPON_TOTAL_BELOW_MINIMUM: "With this coupon the amount to pay would be under the gateway's minimum charge.",
};

function refuse(code: ErrorCode): never {
  throw new AppError(code, { message: COUPON_MESSAGES[code] ?? code });
}

type FoundPackage = { package: PackageRow; destination: DestinationRow };

/** A base plan is sold on its own; a top-up only for an eSIM it fits (`topUpPackageIds`). */
function isOnSale(found: FoundPackage | undefined, topUpPackageIds: Set<string> | null): found is FoundPackage {
  if (found?.package.isActive !== true || !found.destination.isActive) return false;
  // Hidden by an operator (console, catalogue): not sold, as it is not shown.
  if (found.package.isHidden || found.destination.isHidden) return false;
  return topUpPackageIds ? topUpPackageIds.has(found.package.id) : !found.package.isTopUp;
}

/**
 * The eSIM a top-up is for, with the top-up plans it takes: someone else's or an unknown eSIM is NOT_FOUND (its
 * existence never leaks), an expired, cancelled or non-top-up one TOP_UP_NOT_ALLOWED, and a top-up is one package.
 */
async function findTopUpTarget(
  db: DbOrTx,
  options: { userId: string; esimId: string; quantity: number; now: Date; topUpCodes: string[] | null },
): Promise<{ esim: EsimView; packageIds: Set<string> }> {
  const esim = await findUserEsimView(db, options.userId, options.esimId);
  if (!esim) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  if (!canTopUpEsim(esim, options.now)) {
    throw new AppError("TOP_UP_NOT_ALLOWED", { message: "This eSIM is expired or its plan takes no top-up." });
  }
  if (options.quantity !== 1) {
    throw new AppError("VALIDATION_FAILED", {
      message: "A top-up applies one package to one eSIM.",
      fields: { quantity: "QUANTITY_INVALID" },
    });
  }
  // Never a guess: a top-up the upstream has not listed for this eSIM is refused before anything is paid (085).
  if (!options.topUpCodes) throw topUpListUnavailable();
  const packages = await listCompatibleTopUpPackages(db, esim.package, options.topUpCodes);
  return { esim, packageIds: new Set(packages.map((item) => item.id)) };
}

export interface PricedCart {
  quote: ReturnType<typeof computeQuote>;
  package: PackageRow;
  destination: DestinationRow;
  coupon: CouponRow | null;
  /** The eSIM a top-up is for. */
  topUpOf: EsimView | null;
}

/**
 * Prices a cart from the database only, checking the coupon's rules in the product's order, and last that the coupon
 * does not leave a charge nobody could pay (above 0, under the gateway's minimum). With `lockCoupon` (inside an
 * order's transaction) the coupon row stays locked until commit, so its usage limit holds under concurrency.
 */
export async function priceCart(
  db: DbOrTx,
  options: {
    /** The buyer: once-per-customer coupons count by account and by email. */
    customer: CouponCustomer;
    cart: Cart;
    now: Date;
    lockCoupon: boolean;
    minimumChargeDzd: number;
    /** The upstream codes of the top-ups that fit the eSIM (findTopUpCodes, read outside any transaction). */
    topUpCodes?: string[] | null;
    /** Who pays the gateway's fee and its rate (the gateway's `fees`). */
    fees: FeePolicy;
    /** The customer's store credit balance (read under lockStoreCredit when placing the order). */
    storeCreditBalanceDzdMinor: number;
    /** The cart's invite as evaluateReferral judged it (null: none). */
    referral: ReferralEvaluation | null;
  },
): Promise<PricedCart> {
  const { cart, now } = options;
  const target = cart.topUpOf
    ? await findTopUpTarget(db, {
        userId: options.customer.userId,
        esimId: cart.topUpOf,
        quantity: cart.quantity,
        now,
        topUpCodes: options.topUpCodes ?? null,
      })
    : null;
  const found = await findPackageWithDestination(db, cart.packageId);
  const onSale = isOnSale(found, target?.packageIds ?? null) ? found : undefined;
  let coupon: CouponRow | null = null;
  if (cart.couponCode) {
    coupon =
      (options.lockCoupon
        ? await lockCouponByCode(db, cart.couponCode)
        : await findCouponByCode(db, cart.couponCode)) ?? null;
    if (!coupon) refuse("COUPON_INVALID");
    const uses = await countCouponUses(db, { couponId: coupon.id, customer: options.customer, now });
    const problem = findCouponProblem({
      coupon: { ...coupon, usesCount: uses.total },
      packageId: cart.packageId,
      prices: onSale?.package ?? null,
      quantity: cart.quantity,
      userRedemptions: uses.byCustomer,
      now,
    });
    if (problem === "COUPON_ALREADY_USED") {
      // Held by the customer's own unpaid order, not used: say which, so they can pay or cancel it.
      const holding = await findHoldingUnpaidOrder(db, { coupon, customer: options.customer, now });
      if (holding) {
        throw new AppError("COUPON_HELD_BY_UNPAID_ORDER", {
          message: `This coupon is held by your order ${holding.orderNumber}, awaiting payment: pay or cancel it.`,
          details: { orderId: holding.orderId, orderNumber: holding.orderNumber },
        });
      }
    }
    if (problem) refuse(problem);
  }
  if (!onSale) refuse("PACKAGE_NOT_FOUND");
  const settings = await findPriceSettings(db);
  // Retail prices exist only once the catalog was synced with price settings: their absence is our fault, a 500.
  if (!settings) throw new Error("price_settings has no row: run catalog:sync or rate:set first");
  const quote = computeQuote({
    currency: cart.currency,
    quantity: cart.quantity,
    prices: onSale.package,
    coupon,
    rates: { dzdPerUsd: Number(settings.dzdPerUsd), serviceFeeDzdMinor: settings.serviceFeeDzdMinor },
    minimumChargeDzdMinor: toMinor(options.minimumChargeDzd),
    fees: options.fees,
    storeCredit: { balanceDzdMinor: options.storeCreditBalanceDzdMinor, isUsed: cart.useStoreCredit !== false },
    referral: options.referral
      ? {
          isApplied: options.referral.refusal === null,
          discountDzdMinor: options.referral.friendDiscountDzdMinor,
          allowsBelowCost: options.referral.allowsBelowCost,
          isBudgetSpent: options.referral.refusal === "friend_budget_spent",
        }
      : null,
    costDzdMinor:
      costDzdMinorOf(onSale.package.costUsdE4, Math.round(Number(settings.dzdPerUsd) * 10_000)) * cart.quantity,
  });
  if (coupon && isBelowMinimumCharge(quote)) refuse("COUPON_TOTAL_BELOW_MINIMUM");
  return { quote, package: onSale.package, destination: onSale.destination, coupon, topUpOf: target?.esim ?? null };
}

/** The cart's quote with the plan and destination it is for; read-only, never reserves a coupon use. */
export async function quoteCart(deps: AppDeps, options: { customer: CouponCustomer; cart: Cart }) {
  const topUpOf = options.cart.topUpOf;
  const { customer } = options;
  const priced = await priceCart(deps.db, {
    ...options,
    topUpCodes: topUpOf ? await findTopUpCodes(deps, { userId: options.customer.userId, esimId: topUpOf }) : null,
    now: deps.now(),
    lockCoupon: false,
    minimumChargeDzd: deps.payments.minimumChargeDzd,
    fees: deps.payments.fees,
    storeCreditBalanceDzdMinor: await getStoreCreditBalance(deps.db, options.customer.userId),
    // The billing phone is not known before the order: the payment-reference limit is checked when placing it.
    referral: customer.email
      ? await evaluateReferral(deps.db, {
          friend: { id: customer.userId, email: customer.email },
          referral: options.cart.referral,
          paymentReference: null,
          now: deps.now(),
        })
      : null,
  });
  const summaries = await summarizeDestinationPlans(deps.db, [priced.destination.code]);
  return { ...priced, destinationPlans: summaries.get(priced.destination.code) };
}

/** What the checkout may offer: the configured gateway's methods and the billing countries. */
export function readCheckoutOptions(deps: AppDeps) {
  return { paymentMethods: [...deps.payments.methods], billingCountries: [...BILLING_COUNTRY_CODES] };
}
