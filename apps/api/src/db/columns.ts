import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { check, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A check constraint keeping a text column within the shared vocabulary (packages/shared): `<column> in (…)`. */
export function oneOf(name: string, column: AnyColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`);
}

/**
 * What the console's search matches a row on (decision 074): its words folded (lower case, no accents) and its phone's
 * digits, by the SQL function `search_document` (migration 0029). Queries call the same expression as the trigram
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
