import type { Language } from "@esim/shared/locale";
import { PAY_LINK_STATUSES, type PayLinkStatus } from "@esim/shared/pay-links/contracts";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";
import { users } from "../account/account.schema.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { esims } from "../esims/esims.schema.ts";
import { orders } from "../orders/orders.schema.ts";

/**
 * Pay-for-me links (decision 077): a traveller asks a relative to pay a top-up of one of their eSIMs or a new eSIM.
 * The token is kept as its SHA-256 only; the price is fixed when the link is made; the order is the traveller's.
 */
export const payLinks = pgTable(
  "pay_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The client's key for one attempt: a double tap makes one link. */
    clientReference: text("client_reference").notNull(),
    /** SHA-256 (hex) of the link's token: the token itself is shown once, at creation. */
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").$type<"top_up" | "new">().notNull(),
    targetEsimId: uuid("target_esim_id").references(() => esims.id),
    packageId: uuid("package_id")
      .notNull()
      .references(() => packages.id),
    /** The price fixed when the link was made (DZD): what the order is written with when it is paid. */
    unitPriceDzdMinor: integer("unit_price_dzd_minor").notNull(),
    discountDzdMinor: integer("discount_dzd_minor").notNull(),
    serviceFeeDzdMinor: integer("service_fee_dzd_minor").notNull(),
    totalDzdMinor: integer("total_dzd_minor").notNull(),
    /** The payer's share of the gateway's fee, and who pays it, as quoted then (decision 054). */
    customerFeeDzdMinor: integer("customer_fee_dzd_minor").notNull(),
    feePaidBy: text("fee_paid_by").$type<"merchant" | "customer" | "split">().notNull(),
    status: text("status").$type<PayLinkStatus>().notNull().default("waiting"),
    /** The traveller's order the latest payment attempt made. */
    orderId: uuid("order_id").references(() => orders.id),
    /** Where the payer's receipt goes, if they gave an address (optional on the page). */
    payerEmail: text("payer_email"),
    /** The language the payer paid in: their receipt's. */
    payerLanguage: text("payer_language").$type<Language>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pay_links_token_hash_key").on(table.tokenHash),
    uniqueIndex("pay_links_client_reference_key").on(table.userId, table.clientReference),
    uniqueIndex("pay_links_order_key").on(table.orderId),
    index("pay_links_user_idx").on(table.userId, table.createdAt),
    oneOf("pay_links_status_check", table.status, PAY_LINK_STATUSES),
    oneOf("pay_links_kind_check", table.kind, ["top_up", "new"]),
    check("pay_links_target_check", sql`(${table.kind} = 'top_up') = (${table.targetEsimId} is not null)`),
    check("pay_links_total_positive", sql`${table.totalDzdMinor} > 0`),
  ],
);
