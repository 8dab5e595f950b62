import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";

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
