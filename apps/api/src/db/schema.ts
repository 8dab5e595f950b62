import {
  AUTO_TOP_UP_OUTCOMES,
  AUTO_TOP_UP_TRIGGER_KINDS,
  type AutoTopUpOutcome,
  type AutoTopUpTriggerKind,
} from "@esim/shared/auto-top-up/contracts";
import type { PlanNameOverrides } from "@esim/shared/catalog/plan-name";
import { VALIDITY_STARTS, type ValidityStart } from "@esim/shared/catalog/validity-start";
import {
  CLAIM_MESSAGE_AUTHORS,
  CLAIM_REASONS,
  CLAIM_STATUSES,
  type ClaimReason,
  type ClaimStatus,
} from "@esim/shared/claims/contracts";
import { OPERATOR_ROLES, type OperatorRole } from "@esim/shared/console/roles";
import { CREDIT_LOAD_STATUSES, type CreditLoadStatus } from "@esim/shared/credit-loads/contracts";
import {
  LEDGER_ACCOUNTS,
  LEDGER_MOVEMENT_KINDS,
  type LedgerAccount,
  type LedgerMovementKind,
} from "@esim/shared/ledger/vocabulary";
import type { Currency, Language } from "@esim/shared/locale";
import { CURRENCIES, LANGUAGES } from "@esim/shared/locale";
import { REFUND_CHOICES, type RefundChoice } from "@esim/shared/orders/refunds";
import { PAY_LINK_STATUSES, type PayLinkStatus } from "@esim/shared/pay-links/contracts";
import {
  REFERRAL_REFUSALS,
  REFERRAL_STATUSES,
  type ReferralRefusal,
  type ReferralStatus,
} from "@esim/shared/referrals/contracts";
import {
  CANCELLATION_STATUSES,
  type CancellationStatus,
  ESIM_STATUSES,
  type EsimStatus,
  ORDER_ATTENTION_KINDS,
  ORDER_STATUSES,
  type OrderAttentionKind,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@esim/shared/statuses";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A check constraint keeping a text column within the shared vocabulary (packages/shared): `<column> in (…)`. */
function oneOf(name: string, column: AnyColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`);
}

/**
 * What the console's search matches a row on (decision 074): its words folded (lower case, no accents) and its phone's
 * digits, by the SQL function `search_document` (migration 0031). Queries call the same expression as the trigram
 * index (users_search_idx, orders_search_idx), or PostgreSQL reads every row.
 */
export function userSearchDocument(columns: { name: AnyColumn; email: AnyColumn; phone: AnyColumn }): SQL {
  return sql`search_document(${columns.name}, ${columns.email}, ${columns.phone}, null)`;
}

/** An order's: the billing name, email and phone, and its number. */
export function orderSearchDocument(columns: { billing: AnyColumn; number: AnyColumn }): SQL {
  const { billing } = columns;
  return sql`search_document(${billing}->>'name', ${billing}->>'email', ${billing}->>'phone', ${columns.number})`;
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Case-folded; null once the account is deleted (orders keep the row, anonymised). */
    email: text("email"),
    name: text("name"),
    /** E.164 or null. */
    phone: text("phone"),
    /** ISO 3166-1 alpha-2. */
    country: text("country"),
    isVerified: boolean("is_verified").notNull().default(false),
    language: text("language").$type<Language>().notNull().default("fr"),
    currency: text("currency").$type<Currency>().notNull().default("DZD"),
    pinHash: text("pin_hash"),
    pinTries: integer("pin_tries").notNull().default(0),
    isPinBlocked: boolean("is_pin_blocked").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email).where(sql`${table.email} is not null`),
    // The upkeep sweep finds the accounts deleted lately (their eSIMs' install secrets to clear; decision 059).
    index("users_deleted_at_idx").on(table.deletedAt).where(sql`${table.deletedAt} is not null`),
    // The console's search (decision 074) and its list, newest accounts first.
    index("users_search_idx").using("gin", sql`${userSearchDocument(table)} gin_trgm_ops`),
    index("users_created_idx").on(table.createdAt, table.id),
    oneOf("users_language_check", table.language, LANGUAGES),
    oneOf("users_currency_check", table.currency, CURRENCIES),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
    // The clean-up sweep deletes expired sessions: a range of this index, not a scan of every session.
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);

export const signInCodes = pgTable(
  "sign_in_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** SHA-256 of email and code, hex. */
    codeHash: text("code_hash").notNull(),
    purpose: text("purpose").notNull().default("sign_in"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    tries: integer("tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Set when a newer code from the same address replaced this one, another code was used, or wrong tries burnt it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    requestIp: text("request_ip"),
    /** The language the code was asked in: an account created by verifying it starts in that language. */
    language: text("language"),
    createdAt: createdAt(),
  },
  (table) => [
    index("sign_in_codes_email_created_idx").on(table.email, table.createdAt),
    // The clean-up sweep deletes codes over a day old by creation time alone.
    index("sign_in_codes_created_at_idx").on(table.createdAt),
  ],
);

/**
 * Profile details given on /register before the email is verified, bound to the code that request sent: applied only
 * when that very code is verified (never by a plain sign-in's code or another registration's), gone with the code.
 */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    codeId: uuid("code_id")
      .primaryKey()
      .references(() => signInCodes.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    phone: text("phone"),
    language: text("language").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("pending_registrations_email_idx").on(table.email)],
);

export const devices = pgTable(
  "devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    platform: text("platform").notNull(),
    model: text("model").notNull(),
    osVersion: text("os_version").notNull(),
    deviceType: text("device_type").notNull(),
    deviceLocale: text("device_locale").notNull(),
    timezone: text("timezone").notNull(),
    pushToken: text("push_token"),
    appVersion: text("app_version").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("devices_user_device_key").on(table.userId, table.deviceId),
    // A push token belongs to one device record: saving it looks for the other rows holding it.
    index("devices_push_token_idx").on(table.pushToken).where(sql`${table.pushToken} is not null`),
  ],
);

/** Fixed-window counters shared by every API instance (sign-in limits per address and per email). */
export const rateCounters = pgTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** The dev mailbox: messages kept instead of sent when no SMTP_URL is set. */
export const devMails = pgTable("dev_mails", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** Pushes the local recorder kept instead of sending (no FCM or APNs credentials), listed on /dev/mailbox. */
export const pushMessages = pgTable(
  "push_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform").$type<"ios" | "android">().notNull(),
    token: text("token").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("push_messages_created_at_idx").on(table.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Catalog (issue 3). Money is integer minor units; data in MB; durations in days.

/** A country (ISO2 code), a region (slug) or the global zone, with names in the three languages for search. */
export const destinations = pgTable(
  "destinations",
  {
    code: text("code").primaryKey(),
    type: text("type").$type<"country" | "region" | "global">().notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    /** ISO2 codes covered; a country covers itself. */
    memberCountries: text("member_countries").array().notNull(),
    /** Case- and accent-folded names in fr, en, ar and the code(s), for search. */
    searchText: text("search_text").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    popularRank: integer("popular_rank"),
    isActive: boolean("is_active").notNull().default(true),
    /** Hidden by an operator: off the shop (pages, search, checkout) even while the upstream lists it. */
    isHidden: boolean("is_hidden").notNull().default(false),
    /** Popular as an operator set it (the sync's default otherwise): null follows the default. */
    popularOverride: boolean("popular_override"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("destinations_type_idx").on(table.type)],
);

export interface PackageNetwork {
  country: string;
  operator: string;
  /** "4G", "5G"… */
  networkType: string;
}

export const packages = pgTable(
  "packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The upstream provider's package code (eSIM Access `packageCode`). */
    upstreamCode: text("upstream_code").notNull(),
    provider: text("provider").notNull(),
    destinationCode: text("destination_code")
      .notNull()
      .references(() => destinations.code),
    name: text("name").notNull(),
    /** Null with isUnlimited. */
    dataMb: integer("data_mb"),
    isUnlimited: boolean("is_unlimited").notNull().default(false),
    /** eSIM Access dataType: 1 total, 2 daily then slowed, 3 daily then cut, 4 daily unlimited. */
    dataType: integer("data_type").notNull().default(1),
    validityDays: integer("validity_days").notNull(),
    /** When validity starts (eSIM Access `activeType`): at installation or at the first connection (decision 050). */
    validityStart: text("validity_start").$type<ValidityStart>().notNull().default("installation"),
    coverage: text("coverage").array().notNull(),
    networks: jsonb("networks").$type<PackageNetwork[]>().notNull().default([]),
    /** A TOPUP package (applied to an existing eSIM) rather than a new eSIM. */
    isTopUp: boolean("is_top_up").notNull().default(false),
    /** Whether an eSIM bought with this package accepts top-ups. */
    supportsTopUp: boolean("supports_top_up").notNull().default(false),
    isHotspotAllowed: boolean("is_hotspot_allowed").notNull().default(true),
    fairUsePolicy: text("fair_use_policy"),
    speed: text("speed"),
    /** Wholesale price from upstream, USD × 10 000 (eSIM Access units). */
    costUsdE4: integer("cost_usd_e4").notNull(),
    retailDzdMinor: integer("retail_dzd_minor").notNull(),
    retailUsdMinor: integer("retail_usd_minor").notNull(),
    /** A higher "was" price shown struck through when discounted. */
    compareAtDzdMinor: integer("compare_at_dzd_minor"),
    compareAtUsdMinor: integer("compare_at_usd_minor"),
    isActive: boolean("is_active").notNull().default(true),
    /** Hidden by an operator: not sold even while the upstream lists it; a sync keeps it hidden. */
    isHidden: boolean("is_hidden").notNull().default(false),
    /** The operator's own title of the plan in French and Arabic, shown instead of "5 Go · 7 jours"; a sync keeps it. */
    nameOverrides: jsonb("name_overrides").$type<PlanNameOverrides>(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("packages_provider_code_key").on(table.provider, table.upstreamCode),
    index("packages_destination_idx").on(table.destinationCode, table.validityDays),
    check("packages_validity_days_range", sql`${table.validityDays} between 1 and 90`),
    oneOf("packages_validity_start_check", table.validityStart, VALIDITY_STARTS),
  ],
);

/** One row (id 1): how retail prices are computed from upstream cost. */
export const priceSettings = pgTable("price_settings", {
  id: integer("id").primaryKey().default(1),
  dzdPerUsd: numeric("dzd_per_usd", { precision: 12, scale: 4 }).notNull(),
  /** Markup on cost in basis points (3000 = 30 %). */
  markupBps: integer("markup_bps").notNull(),
  serviceFeeDzdMinor: integer("service_fee_dzd_minor").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A destination's own markup (a country, or a region's or global plans), instead of price_settings.markup_bps. */
export const destinationMarkups = pgTable("destination_markups", {
  destinationCode: text("destination_code")
    .primaryKey()
    .references(() => destinations.code),
  /** Markup on cost in basis points (3000 = 30 %). */
  markupBps: integer("markup_bps").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------------
// Checkout, orders, payments (issue 3).

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper-case. */
    code: text("code").notNull(),
    kind: text("kind").$type<"percent" | "amount">().notNull(),
    /** 1–100 for percent coupons. */
    percentOff: integer("percent_off"),
    /** For amount coupons, in DZD minor units (converted at the stored rate for USD display). */
    amountOffDzdMinor: integer("amount_off_dzd_minor"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: unlimited. */
    maxUses: integer("max_uses"),
    maxUsesPerUser: integer("max_uses_per_user").notNull().default(1),
    /** Minimum subtotal in DZD minor units. */
    minOrderDzdMinor: integer("min_order_dzd_minor"),
    /** Null: every package. */
    allowedPackageIds: uuid("allowed_package_ids").array(),
    isBlocked: boolean("is_blocked").notNull().default(false),
    /** The operator lets this campaign's discount take a sale below its upstream cost (decision 087; audited). */
    allowsBelowCost: boolean("allows_below_cost").notNull().default(false),
    // Its uses are counted from coupon_redemptions (paid, or held by a checkout still open): decision 057.
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("coupons_code_key").on(table.code)],
);

/** Order numbers: ES<yy>-<6 digits of this sequence>. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 1 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** ES26-000123. */
    number: text("number").notNull(),
    /** Null once the buyer deleted the account: the order stays for accounting. */
    userId: uuid("user_id").references(() => users.id),
    /** The client's key for one checkout attempt: a double click makes one order. */
    clientReference: text("client_reference").notNull(),
    kind: text("kind").$type<"new" | "top_up">().notNull().default("new"),
    targetEsimId: uuid("target_esim_id"),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    quantity: integer("quantity").notNull(),
    /** The currency shown to the buyer; the charge is always DZD (chargeDzdMinor). */
    currency: text("currency").$type<"DZD" | "USD">().notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    serviceFeeMinor: integer("service_fee_minor").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    couponDiscountMinor: integer("coupon_discount_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    chargeDzdMinor: integer("charge_dzd_minor").notNull(),
    /** The part of chargeDzdMinor paid by the customer's store credit (decision 064); the rest is the card's. */
    creditAppliedDzdMinor: integer("credit_applied_dzd_minor").notNull().default(0),
    /** A friend's first order through an invite (decision 079): its discount, in the displayed currency. */
    referralDiscountMinor: integer("referral_discount_minor").notNull().default(0),
    couponId: uuid("coupon_id").references(() => coupons.id),
    /** The pay-for-me link the order was placed through (decision 082); null for the customer's own orders. */
    payLinkId: uuid("pay_link_id").references((): AnyPgColumn => payLinks.id),
    paymentMethod: text("payment_method").notNull(),
    billing: jsonb("billing").$type<{ email: string; name: string; country: string; phone: string }>().notNull(),
    /** When the buyer ticked the terms of sale and privacy policy, and their version (decision 073); null before it. */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    termsVersion: text("terms_version"),
    /** Changed only by applyOrderEvent (modules/orders/order-lifecycle.ts), which writes order_events beside it. */
    status: text("status").$type<OrderStatus>().notNull(),
    /** Set when the operator must look; cleared by the transition that resolves it (order-lifecycle.ts). */
    attentionKind: text("attention_kind").$type<OrderAttentionKind>(),
    /** The details, for the operator. */
    attentionReason: text("attention_reason"),
    attentionAt: timestamp("attention_at", { withTimezone: true }),
    upstreamOrderNo: text("upstream_order_no"),
    /**
     * What the order cost at the upstream, USD × 10 000 for the whole order (unit × quantity), recorded before it is
     * bought with the rate below (decision 065); null on orders bought before it was recorded: unknown, never 0.
     */
    upstreamCostUsdE4: integer("upstream_cost_usd_e4"),
    /** price_settings.dzd_per_usd when the cost was recorded, so its DZD stays what it was after the rate changes. */
    upstreamDzdPerUsd: numeric("upstream_dzd_per_usd", { precision: 12, scale: 4 }),
    /** The package bought upstream instead of the order's own, withdrawn upstream (decision 083); null otherwise. */
    standInPackageId: uuid("stand_in_package_id").references(() => packages.id),
    provisioningAttempts: integer("provisioning_attempts").notNull().default(0),
    lastProvisioningError: text("last_provisioning_error"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the order was found paid but not delivered in time: flagged and the operator emailed once. */
    deliveryOverdueAt: timestamp("delivery_overdue_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_number_key").on(table.number),
    uniqueIndex("orders_user_client_reference_key").on(table.userId, table.clientReference),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    index("orders_package_idx").on(table.packageId),
    index("orders_coupon_idx").on(table.couponId),
    index("orders_target_esim_idx").on(table.targetEsimId),
    index("orders_pay_link_idx").on(table.payLinkId).where(sql`${table.payLinkId} is not null`),
    check("orders_quantity_range", sql`${table.quantity} between 1 and 10`),
    oneOf("orders_status_check", table.status, ORDER_STATUSES),
    oneOf("orders_currency_check", table.currency, CURRENCIES),
    oneOf("orders_attention_kind_check", table.attentionKind, ORDER_ATTENTION_KINDS),
    check(
      "orders_upstream_cost_check",
      sql`(${table.upstreamCostUsdE4} is null) = (${table.upstreamDzdPerUsd} is null)`,
    ),
    // The overdue-delivery sweep reads paid orders by payment time.
    index("orders_confirmed_at_idx").on(table.confirmedAt).where(sql`${table.status} = 'confirmed'`),
    index("orders_attention_idx").on(table.attentionAt).where(sql`${table.attentionKind} is not null`),
    // The overdue-delivery sweep's own filter: paid, not delivered, not yet flagged. orders_confirmed_at_idx also
    // walks the flagged ones, which stay confirmed until an operator acts.
    index("orders_overdue_watch_idx")
      .on(table.confirmedAt)
      .where(sql`${table.status} = 'confirmed' and ${table.deliveryOverdueAt} is null`),
    // An eSIM webhook may name only the upstream's order number (findEsimsByUpstreamHint).
    index("orders_upstream_order_no_idx").on(table.upstreamOrderNo).where(sql`${table.upstreamOrderNo} is not null`),
    // The console's search (decision 074) and its list, newest first.
    index("orders_search_idx").using("gin", sql`${orderSearchDocument(table)} gin_trgm_ops`),
    index("orders_created_idx").on(table.createdAt, table.number),
  ],
);

/** An order's history: every status change (applyOrderEvent) and every flag, with its cause and actor. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of writing: several events can share one instant (a clock moved by hand, one transaction). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Null for the order's creation. */
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    /** The lifecycle's event ("paid", "delivered"…), or "flagged" for an attention flag. */
    event: text("event").notNull(),
    /** What caused it, for a person: "webhook evt_123", "checkout lapsed after 24 h". */
    cause: text("cause").notNull(),
    /** Who: "customer:<user id>", "gateway:chargily", "worker", "sweep", "operator:cli". */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.seq)],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id").references(() => users.id),
    /** Until when an unpaid order holds the use (its checkout's end); null once paid: the use is kept. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /**
     * sha256 of the customer's normalised email: once-per-customer limits count by it, so deleting the account and
     * registering the same email again does not reset them (decision 057). Never the email itself.
     */
    emailHash: text("email_hash"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("coupon_redemptions_coupon_order_key").on(table.couponId, table.orderId),
    index("coupon_redemptions_order_idx").on(table.orderId),
    index("coupon_redemptions_user_idx").on(table.userId, table.couponId),
    index("coupon_redemptions_email_idx").on(table.emailHash, table.couponId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    /** Given to the callback page (`/payment-callback?paymentId=`). */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order it pays; null for a store credit load's payment (exactly one of the two, decision 068). */
    orderId: uuid("order_id").references(() => orders.id),
    /** The store credit load it pays; null for an order's payment. */
    creditLoadId: uuid("credit_load_id").references(() => creditLoads.id),
    provider: text("provider").notNull(),
    /** The gateway's checkout id. */
    providerReference: text("provider_reference"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").$type<"DZD">().notNull().default("DZD"),
    method: text("method").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    checkoutUrl: text("checkout_url"),
    /** When the current checkout was created at the gateway: Chargily ends a checkout 30 minutes after (decision 054). */
    checkoutOpenedAt: timestamp("checkout_opened_at", { withTimezone: true }),
    /** Who pays the gateway's fee on this payment (Chargily `chargily_pay_fees_allocation`): merchant, customer or split. */
    feeAllocation: text("fee_allocation").$type<"merchant" | "customer" | "split">().notNull().default("merchant"),
    /** The gateway's fee the payer pays on top of amountMinor, as shown before payment (0 when the merchant pays it). */
    customerFeeMinor: integer("customer_fee_minor").notNull().default(0),
    /**
     * While set and in the future, one request is asking the gateway for this payment's checkout; the others wait for
     * it (one checkout per payment, however many retries). A claim left by a crash lapses.
     */
    checkoutClaimedUntil: timestamp("checkout_claimed_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_order_idx").on(table.orderId),
    index("payments_credit_load_idx").on(table.creditLoadId).where(sql`${table.creditLoadId} is not null`),
    check("payments_order_or_credit_load_check", sql`num_nonnulls(${table.orderId}, ${table.creditLoadId}) = 1`),
    uniqueIndex("payments_provider_reference_key").on(table.provider, table.providerReference),
    oneOf("payments_status_check", table.status, PAYMENT_STATUSES),
    check("payments_currency_check", sql`${table.currency} = 'DZD'`),
    oneOf("payments_fee_allocation_check", table.feeAllocation, ["merchant", "customer", "split"]),
    // The reconciliation sweep reads pending payments by their last look.
    index("payments_pending_updated_idx").on(table.updatedAt).where(sql`${table.status} = 'pending'`),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    isSignatureValid: boolean("is_signature_valid").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("webhook_events_provider_event_key").on(table.provider, table.eventId),
    // An order's timeline in the console (refreshed every few seconds while it waits) finds its payment's webhooks
    // by the gateway's checkout id or by our payment id in the metadata: each an index, not a scan of every event.
    index("webhook_events_checkout_idx").on(table.provider, sql`(${table.payload}->'data'->>'id')`),
    index("webhook_events_payment_idx").on(table.provider, sql`(${table.payload}->'data'->'metadata'->>'paymentId')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Invoices (issue 4): one per paid order, numbered per year of payment without gaps.

/** The last invoice number given in each year (Africa/Algiers); bumped in the transaction that inserts the invoice. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The seller's legal identity and TVA treatment, as printed on invoices. */
export interface SellerIdentitySnapshot {
  name: string;
  address: string;
  /** Numéro d'identification fiscale, 15 or 20 digits (may be empty while only the config fallback exists). */
  nif: string;
  /** Numéro d'identification statistique, 15 digits. */
  nis: string;
  /** Registre du commerce, e.g. 16/00-1234567 B 18. */
  rc: string;
  /** Article d'imposition. */
  article: string;
  /** TVA rate in basis points (1900 = 19 %); 0 when exempt. */
  tvaRateBps: number;
  /** The exemption's legal mention; null when TVA is charged. */
  tvaExemption: string | null;
}

/** Every identity the operator set, newest last: the current one is the latest row; invoices copy it when issued. */
export const sellerIdentities = pgTable("seller_identities", {
  /** Rising with each change: the highest is the current identity, whatever the clock said. */
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  identity: jsonb("identity").$type<SellerIdentitySnapshot>().notNull(),
  /** Who set it (`operator:cli`, or an operator's id). */
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The year of payment (orders.confirmed_at in Africa/Algiers). */
    year: integer("year").notNull(),
    /** 1, 2, 3… within the year, without gaps. */
    sequence: integer("sequence").notNull(),
    /** F2026-000001. */
    number: text("number").notNull(),
    /** The buyer's language when it was issued. */
    language: text("language").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The seller and TVA treatment it was issued with; null for invoices issued before they were recorded. */
    seller: jsonb("seller").$type<SellerIdentitySnapshot>(),
    /** The DZD charged, split as the accountant reads it (null like `seller`): HT + TVA = TTC. */
    amountHtDzdMinor: integer("amount_ht_dzd_minor"),
    tvaDzdMinor: integer("tva_dzd_minor"),
    amountTtcDzdMinor: integer("amount_ttc_dzd_minor"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("invoices_order_key").on(table.orderId),
    uniqueIndex("invoices_year_sequence_key").on(table.year, table.sequence),
    uniqueIndex("invoices_number_key").on(table.number),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// eSIMs (issue 3 creates them; issue 4 shows and tops them up).

export const esims = pgTable(
  "esims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    provider: text("provider").notNull(),
    /** eSIM Access `esimTranNo`: ICCIDs are reused upstream, this is not. */
    upstreamReference: text("upstream_reference").notNull(),
    /** Null until the upstream gives it (eSIM Access may answer a new profile without its ICCID; the code installs it). */
    iccid: text("iccid"),
    smdpAddress: text("smdp_address").notNull(),
    matchingId: text("matching_id").notNull(),
    /** The full LPA string `LPA:1$<SM-DP+>$<matching id>`. */
    activationCode: text("activation_code").notNull(),
    qrCodeUrl: text("qr_code_url"),
    apn: text("apn"),
    /** New, Onboard, In Use, Depleted, Canceled, Deleted, Unknown (DESIGN §4). */
    status: text("status").$type<EsimStatus>().notNull(),
    destinationCode: text("destination_code").notNull(),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    dataTotalBytes: bigint("data_total_bytes", { mode: "number" }),
    dataUsedBytes: bigint("data_used_bytes", { mode: "number" }).notNull().default(0),
    usageUpdatedAt: timestamp("usage_updated_at", { withTimezone: true }),
    activateBefore: timestamp("activate_before", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * The latest bundle's expiryAlertSentAt, kept here (set with it, cleared when a bundle is added) so the expiry
     * sweep's index can leave out the eSIMs already alerted; the bundle's stays the claim.
     */
    expiryAlertSentAt: timestamp("expiry_alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("esims_provider_reference_key").on(table.provider, table.upstreamReference),
    index("esims_user_idx").on(table.userId, table.createdAt),
    index("esims_order_idx").on(table.orderId),
    index("esims_package_idx").on(table.packageId),
    oneOf("esims_status_check", table.status, ESIM_STATUSES),
    // eSIM webhooks name an eSIM by ICCID or by its upstream reference alone (no provider): each an index lookup.
    index("esims_iccid_idx").on(table.iccid),
    index("esims_upstream_reference_idx").on(table.upstreamReference),
    // The sweeps read available eSIMs only (AVAILABLE_ESIM_STATUSES, every status whose days may remain: a small share of all
    // eSIMs once a shop is a year old): the least recently synced first, and those expiring soonest whose expiry
    // alert is still to send (an eSIM alerted drops out, so a busy day's alerted eSIMs are not read again).
    index("esims_available_updated_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended')`),
    index("esims_expiry_alert_due_idx")
      .on(table.expiresAt)
      .where(
        sql`${table.status} in ('New', 'Downloading', 'Installing', 'Ready', 'Onboard', 'In Use', 'Suspended') and ${table.expiryAlertSentAt} is null`,
      ),
  ],
);

/** Each package applied to an eSIM: the first one and every top-up. */
export const esimBundles = pgTable(
  "esim_bundles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    dataMb: integer("data_mb"),
    validityDays: integer("validity_days").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the 80 % data alert was emailed for this bundle: claimed before sending, given back if the send fails. */
    usageAlertSentAt: timestamp("usage_alert_sent_at", { withTimezone: true }),
    /** When the one-day-before-expiry alert was emailed for this bundle: claimed like usageAlertSentAt. */
    expiryAlertSentAt: timestamp("expiry_alert_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("esim_bundles_esim_order_key").on(table.esimId, table.orderId),
    index("esim_bundles_order_idx").on(table.orderId),
    index("esim_bundles_package_idx").on(table.packageId),
  ],
);

/** The upstream's webhook events, one per notifyId: a replay finds its row and does nothing (decision 086). */
export const esimWebhookEvents = pgTable(
  "esim_webhook_events",
  {
    notifyId: text("notify_id").primaryKey(),
    notifyType: text("notify_type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("esim_webhook_events_received_at_idx").on(table.receivedAt)],
);

/**
 * A traveller's request to cancel an unused eSIM (New, within 24 hours of payment): one per eSIM. The operator
 * approves it (cancelled upstream, refunded) or refuses it with a reason, through the operator CLI.
 */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id").references(() => users.id),
    status: text("status").$type<CancellationStatus>().notNull().default("pending"),
    /** The traveller's words, optional. */
    reason: text("reason"),
    /** Said to the traveller when refused. */
    refusalReason: text("refusal_reason"),
    /** This eSIM's share of the order's DZD charge, to refund through the gateway. */
    refundDzdMinor: integer("refund_dzd_minor").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("cancellation_requests_esim_key").on(table.esimId),
    index("cancellation_requests_order_idx").on(table.orderId),
    index("cancellation_requests_status_idx").on(table.status, table.requestedAt),
    oneOf("cancellation_requests_status_check", table.status, CANCELLATION_STATUSES),
  ],
);

/** A traveller's claim that an eSIM does not work (decision 080): one open (received, answered) per eSIM at a time. */
export const claims = pgTable(
  "claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").$type<ClaimReason>().notNull(),
    /** Written only by claim-lifecycle.ts. */
    status: text("status").$type<ClaimStatus>().notNull().default("received"),
    refundPreference: text("refund_preference").$type<RefundChoice>().notNull().default("store_credit"),
    /** Filed within the 7-day refund window from the purchase: fixed at filing. */
    isRefundable: boolean("is_refundable").notNull(),
    refundableUntil: timestamp("refundable_until", { withTimezone: true }).notNull(),
    /** The shop settles the claim by then. */
    settleBy: timestamp("settle_by", { withTimezone: true }).notNull(),
    refundMethod: text("refund_method").$type<RefundChoice>(),
    refundDzdMinor: integer("refund_dzd_minor"),
    refusalReason: text("refusal_reason"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("claims_one_open_per_esim_key")
      .on(table.esimId)
      .where(sql`${table.status} in ('received', 'answered')`),
    index("claims_user_idx").on(table.userId, table.openedAt),
    index("claims_status_idx").on(table.status, table.settleBy),
    oneOf("claims_status_check", table.status, CLAIM_STATUSES),
    oneOf("claims_reason_check", table.reason, CLAIM_REASONS),
    oneOf("claims_refund_preference_check", table.refundPreference, REFUND_CHOICES),
    check(
      "claims_refund_method_check",
      sql`${table.refundMethod} is null or ${table.refundMethod} in ('store_credit', 'transfer')`,
    ),
  ],
);

/** A claim's thread: the traveller's messages and the operator's answers, oldest first. */
export const claimMessages = pgTable(
  "claim_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    author: text("author").$type<(typeof CLAIM_MESSAGE_AUTHORS)[number]>().notNull(),
    operatorId: uuid("operator_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("claim_messages_claim_idx").on(table.claimId, table.createdAt),
    oneOf("claim_messages_author_check", table.author, CLAIM_MESSAGE_AUTHORS),
  ],
);

/** A claim's history: every move of the lifecycle, by whom. */
export const claimEvents = pgTable(
  "claim_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    claimId: uuid("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("claim_events_claim_idx").on(table.claimId, table.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Reliability (issue 13): emails sent after their transaction commits, and workers that die holding jobs.

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file itself. */
  contentBase64: string;
  /** Referenced from the HTML as cid:… */
  cid?: string;
}

/**
 * Emails decided by a state change, written in the same transaction, sent by the worker after commit and marked sent
 * only once the SMTP server accepted them. `key` makes queueing idempotent; the Message-ID never changes on a retry.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One email per key, e.g. "install:<order id>". */
    key: text("key").notNull(),
    /** The RFC 5322 Message-ID, the same on every try so a receiver can tell a repeat. */
    messageId: text("message_id").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /**
     * The content (an install email's activation code and QR code), kept only until it is sent; a given-up email's
     * for a week (decision 059). Null once dropped: the row stays for the order's timeline.
     */
    text: text("text"),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** The order it is about, for the order's timeline. */
    orderId: uuid("order_id"),
    status: text("status").$type<"queued" | "sent" | "failed">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("mail_outbox_key_key").on(table.key),
    index("mail_outbox_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
    index("mail_outbox_queued_idx").on(table.createdAt).where(sql`${table.status} = 'queued'`),
    check("mail_outbox_status_check", sql`${table.status} in ('queued', 'sent', 'failed')`),
  ],
);

/**
 * Each process running jobs says it is alive here every few seconds, with the ids graphile-worker gave its workers.
 * Jobs locked by a worker with no fresh heartbeat belong to a dead process: they are unlocked at once instead of after
 * graphile-worker's four-hour lock expiry (docs/decisions/025-crash-recovery.md).
 */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  processId: text("process_id").primaryKey(),
  workerIds: text("worker_ids").array().notNull().default([]),
  hostname: text("hostname").notNull(),
  pid: integer("pid").notNull(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------------
// Local twins of outside services. They keep their state in PostgreSQL so that a restart in the middle of a
// flow behaves as the real service would: an order placed upstream stays placed.

/** The eSIM upstream simulator's orders, idempotent on the caller's transaction id. */
export const simulatorOrders = pgTable("simulator_orders", {
  orderNo: text("order_no").primaryKey(),
  transactionId: text("transaction_id").notNull().unique(),
  packageCode: text("package_code").notNull(),
  count: integer("count").notNull(),
  amountUsdE4: integer("amount_usd_e4").notNull(),
  /** Profiles are allocated asynchronously: queries before this time answer "allocating". */
  readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** The simulator's eSIM profiles; usage and status move with time. */
export const simulatorProfiles = pgTable(
  "simulator_profiles",
  {
    esimTranNo: text("esim_tran_no").primaryKey(),
    orderNo: text("order_no")
      .notNull()
      .references(() => simulatorOrders.orderNo),
    iccid: text("iccid").notNull(),
    smdpAddress: text("smdp_address").notNull(),
    matchingId: text("matching_id").notNull(),
    packageCode: text("package_code").notNull(),
    esimStatus: text("esim_status").notNull(),
    smdpStatus: text("smdp_status").notNull(),
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull(),
    usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
    /** Top-ups applied, by transaction id (idempotent). */
    topUps: jsonb("top_ups")
      .$type<{ transactionId: string; packageCode: string; at: string }[]>()
      .notNull()
      .default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("simulator_profiles_order_idx").on(table.orderNo)],
);

/** The sandbox payment gateway's checkouts (its hosted page is served by the API itself). */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  /** Whole dinars, as Chargily takes them. */
  amount: integer("amount").notNull(),
  /** Chargily's `chargily_pay_fees_allocation` as asked; the whole fee and the payer's share on top, whole dinars. */
  feesAllocation: text("fees_allocation").$type<"merchant" | "customer" | "split">().notNull().default("merchant"),
  fees: integer("fees").notNull().default(0),
  feesOnCustomer: integer("fees_on_customer").notNull().default(0),
  currency: text("currency").notNull().default("dzd"),
  paymentMethod: text("payment_method").notNull(),
  status: text("status").$type<"pending" | "paid" | "failed" | "canceled" | "expired">().notNull().default("pending"),
  locale: text("locale").notNull(),
  description: text("description"),
  successUrl: text("success_url").notNull(),
  failureUrl: text("failure_url").notNull(),
  webhookEndpoint: text("webhook_endpoint").notNull(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// The operator's console (docs/decisions/032-operators-and-audit.md): operators are not customers; their sessions,
// sign-in challenges and audit log are tables of their own.

/** A person working on the shop through the console. Never deleted: disabled, so the audit log keeps naming them. */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Case-folded. */
    email: text("email").notNull(),
    role: text("role").$type<OperatorRole>().notNull(),
    /** Base32 TOTP secret (RFC 6238); given out once, at enrolment, and never answered again. */
    totpSecret: text("totp_secret"),
    isEnrolled: boolean("is_enrolled").notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operators_email_key").on(table.email),
    oneOf("operators_role_check", table.role, OPERATOR_ROLES),
  ],
);

export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    /** Fixed at sign-in (12 h), never extended. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdIp: text("created_ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operator_sessions_token_hash_key").on(table.tokenHash),
    index("operator_sessions_operator_idx").on(table.operatorId),
  ],
);

/** The step between a checked emailed code and the authenticator code: short-lived, hashed, tries counted. */
export const operatorSignInChallenges = pgTable(
  "operator_sign_in_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    tries: integer("tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operator_sign_in_challenges_token_hash_key").on(table.tokenHash),
    index("operator_sign_in_challenges_operator_idx").on(table.operatorId),
  ],
);

/**
 * What operators (or the command line: operator null) did, written in the transaction of the change itself. Rows are
 * never updated or deleted: a trigger of migration 0009 refuses both.
 */
export const operatorAuditLog = pgTable(
  "operator_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of writing, and the list's cursor. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    operatorId: uuid("operator_id").references(() => operators.id),
    /** "operator.signed_in", "operator_session.revoked", "operator.created"… */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (table) => [
    index("operator_audit_log_seq_idx").on(table.seq),
    index("operator_audit_log_operator_idx").on(table.operatorId, table.seq),
    index("operator_audit_log_action_idx").on(table.action, table.seq),
    index("operator_audit_log_entity_idx").on(table.entityType, table.entityId, table.seq),
    index("operator_audit_log_created_idx").on(table.createdAt),
  ],
);

/**
 * The upstream account's shared request budget (eSIM Access: 8 requests a second per account, whatever the number of
 * our processes): one row per request started, stamped by PostgreSQL's clock so every process counts on one clock;
 * rows older than a few seconds are pruned as requests start (decision 052).
 */
export const upstreamRequestStarts = pgTable(
  "upstream_request_starts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    account: text("account").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("upstream_request_starts_account_idx").on(table.account, table.startedAt)],
);

// ---------------------------------------------------------------------------------------------------------
// The ledger (issue 26, decision 061): every movement of money, append-only and double-entry. Owned by modules/ledger.

/**
 * One movement of money (a payment captured, a refund owed or sent, credit issued, spent or expired), with its cause
 * and actor. `key` makes posting idempotent: the same fact posted twice is one movement. Never updated or deleted
 * (triggers of migration 0022 refuse both).
 */
export const ledgerMovements = pgTable(
  "ledger_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of writing. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    /** The fact it records, once: "payment:<payment id>", "refund-owed:cancellation:<request id>"… */
    key: text("key").notNull(),
    kind: text("kind").$type<LedgerMovementKind>().notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    /** The customer whose money it is (store credit, refunds), when there is one. */
    userId: uuid("user_id").references(() => users.id),
    /** How money left or came (a refund's method, "chargily"…). */
    method: text("method"),
    /** The outside reference (a transfer's, the gateway's checkout id). */
    reference: text("reference"),
    cause: text("cause").notNull(),
    /** Who: "customer:<id>", "gateway:<name>", "worker", "sweep", "operator:<id>", "operator:cli". */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("ledger_movements_key_key").on(table.key),
    index("ledger_movements_order_idx").on(table.orderId, table.seq),
    index("ledger_movements_user_idx").on(table.userId, table.seq),
    index("ledger_movements_created_idx").on(table.createdAt),
    oneOf("ledger_movements_kind_check", table.kind, LEDGER_MOVEMENT_KINDS),
  ],
);

/**
 * A movement's lines: positive debits the account, negative credits it; a movement's lines sum to zero (a deferred
 * trigger checks it at commit). The order and customer are the movement's, copied so a balance is one indexed sum.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: uuid("movement_id")
      .notNull()
      .references(() => ledgerMovements.id),
    account: text("account").$type<LedgerAccount>().notNull(),
    amountDzdMinor: bigint("amount_dzd_minor", { mode: "number" }).notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    userId: uuid("user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("ledger_entries_movement_idx").on(table.movementId),
    index("ledger_entries_order_idx").on(table.orderId, table.account).where(sql`${table.orderId} is not null`),
    index("ledger_entries_user_idx").on(table.userId, table.account).where(sql`${table.userId} is not null`),
    index("ledger_entries_account_created_idx").on(table.account, table.createdAt),
    oneOf("ledger_entries_account_check", table.account, LEDGER_ACCOUNTS),
    check("ledger_entries_amount_not_zero", sql`${table.amountDzdMinor} <> 0`),
  ],
);

/** The last credit note number given in each year (Africa/Algiers): a numbering of its own, without gaps. */
export const creditNoteCounters = pgTable("credit_note_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A credit note (avoir): an invoiced sale reversed, in part or whole, by a refund owed (decision 061). One per refund
 * movement; the seller and TVA rate are the invoice's, so the TVA reversed is the TVA declared. Owned by invoices.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** The ledger's refund_owed movement it documents. */
    movementId: uuid("movement_id")
      .notNull()
      .references(() => ledgerMovements.id),
    /** The year it was issued (Africa/Algiers). */
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** A2026-000001. */
    number: text("number").notNull(),
    /** The buyer's language when it was issued. */
    language: text("language").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<SellerIdentitySnapshot>().notNull(),
    /** What is reversed, as the accountant reads it: HT + TVA = TTC (positive amounts). */
    amountHtDzdMinor: integer("amount_ht_dzd_minor").notNull(),
    tvaDzdMinor: integer("tva_dzd_minor").notNull(),
    amountTtcDzdMinor: integer("amount_ttc_dzd_minor").notNull(),
    /** Why, for the customer and the accountant: "eSIM cancelled on request", "not delivered". */
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_notes_movement_key").on(table.movementId),
    uniqueIndex("credit_notes_year_sequence_key").on(table.year, table.sequence),
    uniqueIndex("credit_notes_number_key").on(table.number),
    index("credit_notes_order_idx").on(table.orderId),
    index("credit_notes_issued_idx").on(table.issuedAt),
  ],
);

/**
 * The named workflows' finished steps (lib/workflow.ts, decision 066): a run restarted after a crash skips these. The
 * output is the step's JSON result, given back to the later steps of the restarted run.
 */
export const workflowSteps = pgTable(
  "workflow_steps",
  {
    workflow: text("workflow").notNull(),
    /** The run's id within its workflow, e.g. the order id: the same id resumes the same run. */
    runId: text("run_id").notNull(),
    step: text("step").notNull(),
    output: jsonb("output"),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: "workflow_steps_pkey", columns: [table.workflow, table.runId, table.step] })],
);

// ---------------------------------------------------------------------------------------------------------
// Store credit bought with a card (issue 26, decision 068): a load is paid through the gateway like an order, its
// payment row pointing at it, and credited (the ledger's credit_bought) in the transaction that records the payment.

/**
 * A top-up of a customer's store credit through the gateway. Not an order (nothing is sold until the credit is spent):
 * its receipt (reçu, no TVA) is numbered when paid. Owned by the credit-loads module.
 */
export const creditLoads = pgTable(
  "credit_loads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The client's key for one attempt: a double click makes one load and one checkout. */
    clientReference: text("client_reference").notNull(),
    /** What is credited once paid (whole dinars, as the gateway charges). */
    amountDzdMinor: integer("amount_dzd_minor").notNull(),
    paymentMethod: text("payment_method").notNull(),
    /** When the buyer ticked the terms of sale and privacy policy, and their version (decision 073); null before it. */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    termsVersion: text("terms_version"),
    status: text("status").$type<CreditLoadStatus>().notNull().default("pending"),
    /** The year its receipt was numbered (Africa/Algiers), its place in that year and the number printed (R2026-000001). */
    receiptYear: integer("receipt_year"),
    receiptSequence: integer("receipt_sequence"),
    receiptNumber: text("receipt_number"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When it ended unpaid (failed, canceled, expired). */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("credit_loads_client_reference_key").on(table.userId, table.clientReference),
    uniqueIndex("credit_loads_receipt_number_key").on(table.receiptNumber),
    index("credit_loads_user_idx").on(table.userId, table.createdAt),
    oneOf("credit_loads_status_check", table.status, CREDIT_LOAD_STATUSES),
    check("credit_loads_amount_positive", sql`${table.amountDzdMinor} > 0`),
    // Paid exactly when numbered: a receipt for every load credited, none for any other.
    check("credit_loads_receipt_when_paid", sql`(${table.status} = 'paid') = (${table.receiptNumber} is not null)`),
  ],
);

/**
 * Pay-for-me links (decision 077): a traveller asks a relative to pay a top-up of one of their eSIMs or a new eSIM.
 * The token is kept as its SHA-256 only; the price is fixed when the link is made; the order is the traveller's.
 */
export const payLinks = pgTable(
  "pay_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The client's key for one attempt: a double tap makes one link. */
    clientReference: text("client_reference").notNull(),
    /** SHA-256 (hex) of the link's token: the token itself is shown once, at creation. */
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").$type<"top_up" | "new">().notNull(),
    targetEsimId: uuid("target_esim_id").references(() => esims.id),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    /** The price fixed when the link was made (DZD): what the order is written with when it is paid. */
    unitPriceDzdMinor: integer("unit_price_dzd_minor").notNull(),
    discountDzdMinor: integer("discount_dzd_minor").notNull(),
    serviceFeeDzdMinor: integer("service_fee_dzd_minor").notNull(),
    totalDzdMinor: integer("total_dzd_minor").notNull(),
    /** The payer's share of the gateway's fee, and who pays it, as quoted then (decision 054). */
    customerFeeDzdMinor: integer("customer_fee_dzd_minor").notNull(),
    feePaidBy: text("fee_paid_by").$type<"merchant" | "customer" | "split">().notNull(),
    status: text("status").$type<PayLinkStatus>().notNull().default("waiting"),
    /** The traveller's order the latest payment attempt made. */
    orderId: uuid("order_id").references(() => orders.id),
    /** Where the payer's receipt goes, if they gave an address (optional on the page). */
    payerEmail: text("payer_email"),
    /** The language the payer paid in: their receipt's. */
    payerLanguage: text("payer_language").$type<Language>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pay_links_token_hash_key").on(table.tokenHash),
    uniqueIndex("pay_links_client_reference_key").on(table.userId, table.clientReference),
    uniqueIndex("pay_links_order_key").on(table.orderId),
    index("pay_links_user_idx").on(table.userId, table.createdAt),
    oneOf("pay_links_status_check", table.status, PAY_LINK_STATUSES),
    oneOf("pay_links_kind_check", table.kind, ["top_up", "new"]),
    check("pay_links_target_check", sql`(${table.kind} = 'top_up') = (${table.targetEsimId} is not null)`),
    check("pay_links_total_positive", sql`${table.totalDzdMinor} > 0`),
  ],
);

/** The last receipt number given in each year (Africa/Algiers): a numbering of its own, without gaps. */
export const creditLoadReceiptCounters = pgTable("credit_load_receipt_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Store credit (issue 26, decision 064): the balance is the ledger's; this table keeps what the ledger cannot say of
// an operator's grant (its reason and expiry). Owned by modules/store-credit.

/** Store credit an operator gave, with its reason and optional expiry; its movement is `credit-issued:<id>`. */
export const storeCreditGrants = pgTable(
  "store_credit_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amountDzdMinor: integer("amount_dzd_minor").notNull(),
    reason: text("reason").notNull(),
    /** Null: never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Null when given from the command line. */
    operatorId: uuid("operator_id").references(() => operators.id),
    /** When the expiry sweep dealt with it (what was left posted as credit_expired, perhaps nothing). */
    expirySettledAt: timestamp("expiry_settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("store_credit_grants_user_idx").on(table.userId, table.createdAt),
    // The expiry sweep reads only the grants due and not yet settled.
    index("store_credit_grants_due_idx")
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} is not null and ${table.expirySettledAt} is null`),
    check("store_credit_grants_amount_positive", sql`${table.amountDzdMinor} > 0`),
  ],
);

/**
 * How the customer wants an order's refund back (decision 062): store credit at once, or a transfer to their RIB/RIP
 * (the account and its holder kept only for that refund: the row is deleted once nothing is owed on the order).
 */
export const refundChoices = pgTable(
  "refund_choices",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RefundChoice>().notNull(),
    /** A transfer's 20 digits (RIB or RIP); never logged. */
    accountNumber: text("account_number"),
    holderName: text("holder_name"),
    chosenAt: timestamp("chosen_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("refund_choices_user_idx").on(table.userId),
    oneOf("refund_choices_kind_check", table.kind, REFUND_CHOICES),
    check(
      "refund_choices_transfer_check",
      sql`(${table.kind} = 'transfer') = (${table.accountNumber} is not null and ${table.holderName} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Auto top-up (issue 28 §2, decision 078).

/** A traveller's auto top-up of one eSIM: off until they turn it on, with the plan, threshold and monthly cap. */
export const autoTopUpSettings = pgTable(
  "auto_top_up_settings",
  {
    esimId: uuid("esim_id")
      .primaryKey()
      .references(() => esims.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    isEnabled: boolean("is_enabled").notNull().default(false),
    packageId: uuid("package_id").references(() => packages.id),
    thresholdPercent: integer("threshold_percent").notNull(),
    isOnValidityEnding: boolean("is_on_validity_ending").notNull().default(false),
    /** Auto top-ups per calendar month in Algiers time, at most. */
    monthlyCap: integer("monthly_cap").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("auto_top_up_settings_threshold_check", sql`${table.thresholdPercent} between 5 and 50`),
    check("auto_top_up_settings_cap_check", sql`${table.monthlyCap} between 1 and 5`),
    check("auto_top_up_settings_plan_check", sql`not ${table.isEnabled} or ${table.packageId} is not null`),
    index("auto_top_up_settings_enabled_idx").on(table.esimId).where(sql`${table.isEnabled}`),
  ],
);

/**
 * Each auto top-up trigger, decided once: the key (eSIM, bundle, kind) is unique, so repeated usage updates, concurrent
 * sweeps and replayed jobs find it taken. `ordering` until its order is placed (the order's clientReference is this
 * row's id), then `ordered`; or why nothing was bought.
 */
export const autoTopUpTriggers = pgTable(
  "auto_top_up_triggers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    triggerKey: text("trigger_key").notNull(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    userId: uuid("user_id").notNull(),
    bundleId: uuid("bundle_id").notNull(),
    kind: text("kind").$type<AutoTopUpTriggerKind>().notNull(),
    packageId: uuid("package_id").notNull(),
    outcome: text("outcome").$type<AutoTopUpOutcome>().notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    /** The calendar month in Algiers time (2026-11) the trigger counts in for the cap. */
    month: text("month").notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("auto_top_up_triggers_key").on(table.triggerKey),
    index("auto_top_up_triggers_esim_month_idx").on(table.esimId, table.month),
    oneOf("auto_top_up_triggers_kind_check", table.kind, AUTO_TOP_UP_TRIGGER_KINDS),
    oneOf("auto_top_up_triggers_outcome_check", table.outcome, AUTO_TOP_UP_OUTCOMES),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Referrals (issue 28, decision 079): invite codes, the operator's settings and each friend's referral. The money is
// the ledger's (referral_reward, referral_reward_taken_back). Owned by modules/referrals.

/** The operator's referral settings: one row (id 1), absent until first changed (the defaults apply). */
export const referralSettings = pgTable("referral_settings", {
  id: integer("id").primaryKey().default(1),
  isEnabled: boolean("is_enabled").notNull(),
  friendDiscountDzdMinor: integer("friend_discount_dzd_minor").notNull(),
  rewardDzdMinor: integer("reward_dzd_minor").notNull(),
  monthlyRewardCap: integer("monthly_reward_cap").notNull(),
  /** The friend's discount may take a sale below its upstream cost (decision 087). */
  allowsBelowCost: boolean("allows_below_cost").notNull().default(false),
  /** Shop-wide, per calendar month (Algiers): friends' discounts granted, and inviters' rewards given (decision 087). */
  friendDiscountMonthlyBudgetDzdMinor: integer("friend_discount_monthly_budget_dzd_minor").notNull().default(30_000_00),
  rewardMonthlyBudgetDzdMinor: integer("reward_monthly_budget_dzd_minor").notNull().default(30_000_00),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each account's invite code, made the first time it is asked for, and the devices its owner opened it on. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The browser's device ids the inviter was seen on (the apps' are the devices table's), newest last, 20 at most. */
    deviceIds: text("device_ids").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("referral_codes_code_key").on(table.code)],
);

/** A friend's order placed through an invite: discounted, then rewarded, taken back, cancelled, or refused by a limit. */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: uuid("referrer_user_id")
      .notNull()
      .references(() => users.id),
    friendUserId: uuid("friend_user_id")
      .notNull()
      .references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status").$type<ReferralStatus>().notNull(),
    refusal: text("refusal").$type<ReferralRefusal>(),
    friendDiscountDzdMinor: integer("friend_discount_dzd_minor").notNull().default(0),
    /** The reward promised when the order was placed (the settings then), given on delivery. */
    rewardDzdMinor: integer("reward_dzd_minor").notNull().default(0),
    takenBackDzdMinor: integer("taken_back_dzd_minor").notNull().default(0),
    /** When the reward was given: the monthly cap counts rewards by it. */
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("referrals_order_key").on(table.orderId),
    index("referrals_referrer_idx").on(table.referrerUserId, table.rewardedAt),
    index("referrals_friend_idx").on(table.friendUserId),
    index("referrals_created_idx").on(table.createdAt),
    oneOf("referrals_status_check", table.status, REFERRAL_STATUSES),
    oneOf("referrals_refusal_check", table.refusal, REFERRAL_REFUSALS),
    check("referrals_refusal_when_refused", sql`(${table.status} = 'refused') = (${table.refusal} is not null)`),
  ],
);
