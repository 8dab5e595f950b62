import { CURRENCIES, type Currency, LANGUAGES, type Language } from "@esim/shared/locale";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf, userSearchDocument } from "../../db/columns.ts";

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
