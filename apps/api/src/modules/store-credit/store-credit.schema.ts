import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { operators } from "../operators/operators.schema.ts";

// ---------------------------------------------------------------------------------------------------------
// Store credit (decision 064): the balance is the ledger's; this table keeps what the ledger cannot say of
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
