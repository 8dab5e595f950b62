import {
  REFERRAL_REFUSALS,
  REFERRAL_STATUSES,
  type ReferralRefusal,
  type ReferralStatus,
} from "@esim/shared/referrals/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Referrals (decision 079): invite codes, the operator's settings and each friend's referral. The money is
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
