import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Checkout, orders, payments (decisions 009, 013 and 027).

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
