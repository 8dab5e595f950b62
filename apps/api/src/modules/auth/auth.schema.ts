import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";

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
