import { CURRENCIES } from "@esim/shared/locale";
import { REFUND_CHOICES, type RefundChoice } from "@esim/shared/orders/refunds";
import {
  ORDER_ATTENTION_KINDS,
  ORDER_STATUSES,
  type OrderAttentionKind,
  type OrderStatus,
} from "@esim/shared/statuses";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf, orderSearchDocument } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { payLinks } from "../pay-links/pay-links.schema.ts";

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
