import type { PlanNameOverrides } from "@esim/shared/catalog/plan-name";
import { VALIDITY_STARTS, type ValidityStart } from "@esim/shared/catalog/validity-start";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";

// ---------------------------------------------------------------------------------------------------------
// Catalog (decision 011). Money is integer minor units; data in MB; durations in days.

/** A country (ISO2 code), a region (slug) or the global zone, with names in the three languages for search. */
export const destinations = pgTable(
  "destinations",
  {
    code: text("code").primaryKey(),
    type: text("type").$type<"country" | "region" | "global">().notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    /** ISO2 codes covered; a country covers itself. */
    memberCountries: text("member_countries").array().notNull(),
    /** Case- and accent-folded names in fr, en, ar and the code(s), for search. */
    searchText: text("search_text").notNull(),
    isPopular: boolean("is_popular").notNull().default(false),
    popularRank: integer("popular_rank"),
    isActive: boolean("is_active").notNull().default(true),
    /** Hidden by an operator: off the shop (pages, search, checkout) even while the upstream lists it. */
    isHidden: boolean("is_hidden").notNull().default(false),
    /** Popular as an operator set it (the sync's default otherwise): null follows the default. */
    popularOverride: boolean("popular_override"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("destinations_type_idx").on(table.type)],
);

export interface PackageNetwork {
  country: string;
  operator: string;
  /** "4G", "5G"… */
  networkType: string;
}

export const packages = pgTable(
  "packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The upstream provider's package code (eSIM Access `packageCode`). */
    upstreamCode: text("upstream_code").notNull(),
    provider: text("provider").notNull(),
    destinationCode: text("destination_code")
      .notNull()
      .references(() => destinations.code),
    name: text("name").notNull(),
    /** Null with isUnlimited. */
    dataMb: integer("data_mb"),
    isUnlimited: boolean("is_unlimited").notNull().default(false),
    /** eSIM Access dataType: 1 total, 2 daily then slowed, 3 daily then cut, 4 daily unlimited. */
    dataType: integer("data_type").notNull().default(1),
    validityDays: integer("validity_days").notNull(),
    /** When validity starts (eSIM Access `activeType`): at installation or at the first connection (decision 050). */
    validityStart: text("validity_start").$type<ValidityStart>().notNull().default("installation"),
    coverage: text("coverage").array().notNull(),
    networks: jsonb("networks").$type<PackageNetwork[]>().notNull().default([]),
    /** A TOPUP package (applied to an existing eSIM) rather than a new eSIM. */
    isTopUp: boolean("is_top_up").notNull().default(false),
    /** Whether an eSIM bought with this package accepts top-ups. */
    supportsTopUp: boolean("supports_top_up").notNull().default(false),
    isHotspotAllowed: boolean("is_hotspot_allowed").notNull().default(true),
    fairUsePolicy: text("fair_use_policy"),
    speed: text("speed"),
    /** Wholesale price from upstream, USD × 10 000 (eSIM Access units). */
    costUsdE4: integer("cost_usd_e4").notNull(),
    retailDzdMinor: integer("retail_dzd_minor").notNull(),
    retailUsdMinor: integer("retail_usd_minor").notNull(),
    /** A higher "was" price shown struck through when discounted. */
    compareAtDzdMinor: integer("compare_at_dzd_minor"),
    compareAtUsdMinor: integer("compare_at_usd_minor"),
    isActive: boolean("is_active").notNull().default(true),
    /** Hidden by an operator: not sold even while the upstream lists it; a sync keeps it hidden. */
    isHidden: boolean("is_hidden").notNull().default(false),
    /** The operator's own title of the plan in French and Arabic, shown instead of "5 Go · 7 jours"; a sync keeps it. */
    nameOverrides: jsonb("name_overrides").$type<PlanNameOverrides>(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("packages_provider_code_key").on(table.provider, table.upstreamCode),
    index("packages_destination_idx").on(table.destinationCode, table.validityDays),
    check("packages_validity_days_range", sql`${table.validityDays} between 1 and 90`),
    oneOf("packages_validity_start_check", table.validityStart, VALIDITY_STARTS),
  ],
);

/** One row (id 1): how retail prices are computed from upstream cost. */
export const priceSettings = pgTable("price_settings", {
  id: integer("id").primaryKey().default(1),
  dzdPerUsd: numeric("dzd_per_usd", { precision: 12, scale: 4 }).notNull(),
  /** Markup on cost in basis points (3000 = 30 %). */
  markupBps: integer("markup_bps").notNull(),
  serviceFeeDzdMinor: integer("service_fee_dzd_minor").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A destination's own markup (a country, or a region's or global plans), instead of price_settings.markup_bps. */
export const destinationMarkups = pgTable("destination_markups", {
  destinationCode: text("destination_code")
    .primaryKey()
    .references(() => destinations.code),
  /** Markup on cost in basis points (3000 = 30 %). */
  markupBps: integer("markup_bps").notNull(),
  createdAt: createdAt(),
});
