import {
  AUTO_TOP_UP_OUTCOMES,
  AUTO_TOP_UP_TRIGGER_KINDS,
  type AutoTopUpOutcome,
  type AutoTopUpTriggerKind,
} from "@esim/shared/auto-top-up/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { orders } from "../orders/orders.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Auto top-up (decision 078).

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
