import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    language: text("language").notNull().default("fr"),
    currency: text("currency").notNull().default("DZD"),
    pinHash: text("pin_hash"),
    pinTries: integer("pin_tries").notNull().default(0),
    isPinBlocked: boolean("is_pin_blocked").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_key").on(table.email).where(sql`${table.email} is not null`)],
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
    /** Set when a newer code replaced this one or wrong tries burnt it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    requestIp: text("request_ip"),
    /** The language the code was asked in: an account created by verifying it starts in that language. */
    language: text("language"),
    createdAt: createdAt(),
  },
  (table) => [index("sign_in_codes_email_created_idx").on(table.email, table.createdAt)],
);

/** Profile details given on /register before the email is verified; applied when the code is. */
export const pendingRegistrations = pgTable("pending_registrations", {
  email: text("email").primaryKey(),
  name: text("name").notNull(),
  country: text("country").notNull(),
  phone: text("phone"),
  language: text("language").notNull(),
  createdAt: createdAt(),
});

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
  (table) => [uniqueIndex("devices_user_device_key").on(table.userId, table.deviceId)],
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
