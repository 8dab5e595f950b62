import type { DestinationSummary, Plan } from "@esim/shared/catalog/contracts";
import type { OrderSummary, Quote } from "@esim/shared/checkout/contracts";
import type { OrderStatus, PaymentStatus } from "@esim/shared/statuses";
import { screen } from "@testing-library/react";

export const TURKEY: DestinationSummary = {
  code: "TR",
  type: "country",
  names: { fr: "Turquie", en: "Turkey", ar: "تركيا" },
  memberCountries: ["TR"],
  fromPrice: { DZD: 64000, USD: 500 },
  planCount: 3,
  isPopular: true,
};

export const ALGERIA: DestinationSummary = {
  code: "DZ",
  type: "country",
  names: { fr: "Algérie", en: "Algeria", ar: "الجزائر" },
  memberCountries: ["DZ"],
  fromPrice: { DZD: 99000, USD: 700 },
  planCount: 2,
  isPopular: false,
};

export const EUROPE: DestinationSummary = {
  code: "europe",
  type: "region",
  names: { fr: "Europe", en: "Europe", ar: "أوروبا" },
  memberCountries: ["FR", "DE", "IT", "ES"],
  fromPrice: { DZD: 149000, USD: 1100 },
  planCount: 4,
  isPopular: true,
};

export const PLAN_7_DAYS: Plan = {
  id: "7b0d8a8e-1c1e-4f43-9b7a-0a5f3f0c0a01",
  name: "Turkey 5GB 7 days",
  dataMb: 5120,
  isUnlimited: false,
  dataType: 1,
  validityDays: 7,
  validityStart: "installation",
  coverage: ["TR"],
  networks: [{ country: "TR", operator: "Turkcell", networkType: "4G/5G" }],
  supportsTopUp: true,
  isHotspotAllowed: true,
  fairUsePolicy: null,
  speed: null,
  price: { DZD: 149000, USD: 1100 },
  compareAtPrice: { DZD: 199000, USD: 1500 },
};

export const PLAN_30_DAYS: Plan = {
  ...PLAN_7_DAYS,
  id: "7b0d8a8e-1c1e-4f43-9b7a-0a5f3f0c0a02",
  name: "Turkey unlimited 30 days",
  dataMb: null,
  isUnlimited: true,
  dataType: 4,
  validityDays: 30,
  validityStart: "first_connection",
  supportsTopUp: false,
  fairUsePolicy: "2GB/day then 512kbps",
  price: { DZD: 590000, USD: 4300 },
  compareAtPrice: null,
};

export const PAYMENT_ID = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
export const ORDER_ID = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";

/** The gateway's smallest charge in the fixtures' quotes (50 DA). */
export const MINIMUM_CHARGE_DZD_MINOR = 5000;

export function quoteFor(
  options: { currency?: "DZD" | "USD"; quantity?: number; coupon?: string | null },
  overrides: Partial<Quote> = {},
): Quote {
  const currency = options.currency ?? "DZD";
  const quantity = options.quantity ?? 1;
  const unit = PLAN_7_DAYS.price[currency];
  const compareAt = PLAN_7_DAYS.compareAtPrice?.[currency] ?? unit;
  const subtotal = compareAt * quantity;
  const discount = (compareAt - unit) * quantity;
  const couponDiscount = options.coupon ? Math.round(unit * quantity * 0.1) : 0;
  const fee = currency === "DZD" ? 5000 : 40;
  const total = subtotal - discount - couponDiscount + fee;
  const chargeDzdMinor = currency === "DZD" ? total : total * 135;
  const quote: Quote = {
    currency,
    quantity,
    unitPriceMinor: unit,
    subtotalMinor: subtotal,
    discountMinor: discount,
    couponDiscountMinor: couponDiscount,
    referralDiscountMinor: 0,
    serviceFeeMinor: fee,
    totalMinor: total,
    chargeDzdMinor,
    gatewayFee: null,
    storeCreditBalanceDzdMinor: 0,
    creditAppliedDzdMinor: 0,
    cardChargeDzdMinor: chargeDzdMinor,
    chargeWithFeeDzdMinor: chargeDzdMinor,
    minimumChargeDzdMinor: MINIMUM_CHARGE_DZD_MINOR,
    coupon: options.coupon ? { code: options.coupon, kind: "percent", percentOff: 10 } : null,
    referral: null,
    ...overrides,
  };
  // The card pays what credit leaves of the charge, unless the test says otherwise.
  return {
    ...quote,
    cardChargeDzdMinor: overrides.cardChargeDzdMinor ?? quote.chargeDzdMinor - quote.creditAppliedDzdMinor,
  };
}

export const quoteBody = (quote: Quote, destination: DestinationSummary = TURKEY) => ({
  data: { quote, plan: PLAN_7_DAYS, destination },
});

/** The server's answer to GET /payments/:id for the payment of PAYMENT_ID, of order ES26-000123. */
export const paymentBody = (status: PaymentStatus, orderStatus: OrderStatus, chargeDzdMinor = 154000) => ({
  body: {
    data: { id: PAYMENT_ID, status, orderId: ORDER_ID, orderNumber: "ES26-000123", orderStatus, chargeDzdMinor },
  },
});

export function orderFor(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const quote = quoteFor({});
  return {
    id: ORDER_ID,
    number: "ES26-000123",
    status: "confirmed",
    kind: "new",
    createdAt: new Date().toISOString(),
    quantity: 1,
    currency: "DZD",
    unitPriceMinor: quote.unitPriceMinor,
    subtotalMinor: quote.subtotalMinor,
    discountMinor: quote.discountMinor,
    couponDiscountMinor: 0,
    referralDiscountMinor: 0,
    serviceFeeMinor: quote.serviceFeeMinor,
    totalMinor: quote.totalMinor,
    chargeDzdMinor: quote.chargeDzdMinor,
    creditAppliedDzdMinor: 0,
    couponCode: null,
    paymentMethod: "cib",
    plan: PLAN_7_DAYS,
    destination: TURKEY,
    payment: { id: PAYMENT_ID, status: "successful", customerFeeDzdMinor: 0 },
    esims: [],
    hasInvoice: true,
    topUpOf: null,
    billing: { email: "amina@example.com", name: "Amina Benali", country: "DZ", phone: "+213551234567" },
    rejectedBy: null,
    ...overrides,
  };
}

/** Ticks the terms of sale and privacy policy, as a buyer must before paying (decision 073), in any language. */
export async function acceptTerms(user: { click: (element: Element) => Promise<void> }): Promise<void> {
  const box = await screen.findByRole(
    "checkbox",
    { name: /conditions générales de vente|terms of sale|الشروط العامة للبيع/ },
    { timeout: 5000 },
  );
  if (!(box as HTMLInputElement).checked) await user.click(box);
}
