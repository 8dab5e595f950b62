import * as z from "zod/mini";
import { displayText } from "../display-text.ts";
import { defineEndpoint } from "../http.ts";

// The console's prices and catalogue (decision 040), admin only: the price settings (DZD per USD, markup, service
// fee), a preview of every plan price a change would move, applying it (audited), and the catalogue sync. The history
// of the settings is the audit log filtered on PRICE_SETTINGS_ENTITY.

/** The audit log's entity type for the price settings (its one row has id "1"). */
export const PRICE_SETTINGS_ENTITY = "price_settings";
/** The audit log's action of a change of the price settings (console or `rate:set`). */
export const PRICE_SETTINGS_ACTION = "prices.update";
/** The audit log's entity type of a catalogue sync. */
export const CATALOG_ENTITY = "catalog";
/** The audit log's action of a catalogue sync (console or `catalog:sync`), its outcome in `after`. */
export const CATALOG_SYNC_ACTION = "catalog.sync";

/** The highest markup the console accepts, in basis points (500 % on cost). */
export const MAX_MARKUP_BPS = 50_000;
/** The highest service fee per order the console accepts, in DZD minor units (10 000 DA). */
export const MAX_SERVICE_FEE_DZD_MINOR = 1_000_000;

const minor = z.number().check(z.int());

/** A DZD-per-USD rate as decimal text: at most 8 digits and 4 decimals, positive ("135", "135.5"). */
export const dzdPerUsdSchema = z.string().check(
  z.regex(/^\d{1,8}(\.\d{1,4})?$/, "INVALID"),
  z.refine((text) => Number(text) > 0, "INVALID"),
);

/** The most destinations with a markup of their own. */
export const MAX_DESTINATION_MARKUPS = 300;

const markupBpsSchema = z
  .number()
  .check(z.int("INVALID"), z.minimum(0, "INVALID"), z.maximum(MAX_MARKUP_BPS, "INVALID"));

export const destinationMarkupSchema = z.object({ destinationCode: z.string(), markupBps: minor });

export const priceSettingsSchema = z.object({
  dzdPerUsd: z.string(),
  /** Markup on the upstream cost in basis points (3000 = 30 %), for every destination without its own. */
  markupBps: minor,
  /** Destinations (a country, a region's or global plans) priced with a markup of their own, by code. */
  destinationMarkups: z.array(destinationMarkupSchema),
  /** Added once per order at checkout, DZD minor units (whole dinars). */
  serviceFeeDzdMinor: minor,
  /** Null before the first catalogue sync (the defaults are shown). */
  updatedAt: z.nullable(z.string()),
});
export type PriceSettingsView = z.output<typeof priceSettingsSchema>;

/** A change of the settings: every field optional (left out = unchanged), so the change says only what moves. */
export const priceSettingsChangeSchema = z.strictObject({
  dzdPerUsd: z.optional(dzdPerUsdSchema),
  markupBps: z.optional(markupBpsSchema),
  /** Each sets a destination's own markup, or removes it (null: back to the general markup). */
  destinationMarkups: z.optional(
    z
      .array(
        z.strictObject({
          destinationCode: z.string().check(z.regex(/^[A-Za-z0-9-]{2,60}$/, "INVALID")),
          markupBps: z.nullable(markupBpsSchema),
        }),
      )
      .check(z.maxLength(MAX_DESTINATION_MARKUPS, "INVALID")),
  ),
  serviceFeeDzdMinor: z.optional(
    z
      .number()
      .check(
        z.int("INVALID"),
        z.minimum(0, "INVALID"),
        z.maximum(MAX_SERVICE_FEE_DZD_MINOR, "INVALID"),
        z.multipleOf(100, "INVALID"),
      ),
  ),
});
export type PriceSettingsChange = z.output<typeof priceSettingsChangeSchema>;

export const priceChangeSchema = z.object({
  packageId: z.string(),
  destinationCode: z.string(),
  name: z.string(),
  validityDays: minor,
  /** Null: unlimited. */
  dataMb: z.nullable(minor),
  isTopUp: z.boolean(),
  beforeDzdMinor: minor,
  afterDzdMinor: minor,
  /** after − before. */
  differenceDzdMinor: minor,
  afterUsdMinor: minor,
  /** What the upstream charges for the plan, USD × 10 000. */
  costUsdE4: minor,
});
export type PriceChangeView = z.output<typeof priceChangeSchema>;

/**
 * A plan's margin at a price and a rate, excluding TVA (decision 065): price / (1 + the seller's TVA rate) minus the
 * cost at the rate, DZD minor units, and that margin over the price excluding TVA in basis points (null at price 0).
 */
export const planMarginSchema = z.object({ marginDzdMinor: minor, marginBps: z.nullable(minor) });
export type PlanMarginView = z.output<typeof planMarginSchema>;

/** A price change with the margin it leaves: before (today's price and rate) and after (the proposed ones). */
export const priceChangeWithMarginSchema = z.extend(priceChangeSchema, {
  marginBefore: planMarginSchema,
  marginAfter: planMarginSchema,
});
export type PriceChangeWithMarginView = z.output<typeof priceChangeWithMarginSchema>;

export const pricePreviewSchema = z.object({
  current: priceSettingsSchema,
  proposed: priceSettingsSchema,
  /** Plans on sale (top-ups included) whose DZD price the change moves, by destination then price, with margins. */
  changes: z.array(priceChangeWithMarginSchema),
  /** The TVA rate the margins are computed with (the current seller identity's), basis points. */
  tvaRateBps: minor,
  /** Plans on sale in all. */
  planCount: minor,
  increasedCount: minor,
  decreasedCount: minor,
});
export type PricePreview = z.output<typeof pricePreviewSchema>;

/** The settings now (or the defaults a first sync will store). */
export const getPriceSettings = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/prices",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({ data: priceSettingsSchema }),
});

/** What the change would do, computed by the same pricing function as applying it; changes nothing. */
export const previewPriceSettings = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/prices/preview",
  auth: "operator",
  roles: ["admin"],
  body: priceSettingsChangeSchema,
  response: z.object({ data: pricePreviewSchema }),
});

/**
 * Applies the change: settings stored, every plan re-priced and the audit entry written in one transaction, every
 * instance's catalogue refreshed. Applying the same values again changes nothing and writes no entry.
 */
export const applyPriceSettings = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/prices",
  auth: "operator",
  roles: ["admin"],
  body: priceSettingsChangeSchema,
  response: z.object({
    data: z.object({ settings: priceSettingsSchema, repricedCount: minor, isChanged: z.boolean() }),
  }),
});

export const catalogSyncRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Null: `npm run console -- catalog:sync` or the scheduled sync. */
  operatorEmail: z.nullable(z.string()),
  isSuccess: z.boolean(),
  destinations: z.nullable(minor),
  plans: z.nullable(minor),
  topUps: z.nullable(minor),
  deactivated: z.nullable(minor),
  skipped: z.nullable(minor),
  /** Why it failed, for the operator (the upstream's own words). */
  error: z.nullable(z.string()),
});
export type CatalogSyncRunView = z.output<typeof catalogSyncRunSchema>;

/** The last recorded catalogue sync (console or `catalog:sync`, success or failure) and when a sync last wrote a plan. */
export const getCatalogSyncStatus = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/catalogue/sync",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({
    data: z.object({ lastRun: z.nullable(catalogSyncRunSchema), lastSyncedAt: z.nullable(z.string()) }),
  }),
});

/** Imports the upstream's packages now (as `catalog:sync`); answers the run, failed or not. */
export const runCatalogSync = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/catalogue/sync",
  auth: "operator",
  roles: ["admin"],
  body: z.optional(z.strictObject({})),
  response: z.object({ data: catalogSyncRunSchema }),
});

/** The audit log's actions and entity types of the catalogue's visibility. */
export const DESTINATION_UPDATE_ACTION = "catalogue.destination.update";
export const PLAN_UPDATE_ACTION = "catalogue.plan.update";
export const DESTINATION_ENTITY = "destination";
export const PLAN_ENTITY = "package";

export const catalogueDestinationSchema = z.object({
  code: z.string(),
  type: z.enum(["country", "region", "global"]),
  names: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
  /** Hidden by an operator: not on the shop's pages, search or checkout. */
  isHidden: z.boolean(),
  /** Shown among the popular destinations (the operator's choice, else the shop's default list). */
  isPopular: z.boolean(),
  /** Whether the operator chose isPopular (false: the default list decides). */
  isPopularSetByOperator: z.boolean(),
  /** Base plans the upstream lists (hidden ones included). */
  planCount: minor,
  hiddenPlanCount: minor,
});
export type CatalogueDestinationView = z.output<typeof catalogueDestinationSchema>;

export const cataloguePlanSchema = z.object({
  id: z.string(),
  dataMb: z.nullable(minor),
  isUnlimited: z.boolean(),
  dataType: minor,
  validityDays: minor,
  isTopUp: z.boolean(),
  retailDzdMinor: minor,
  isHidden: z.boolean(),
  /** The operator's own titles (null: ours, "5 Go · 7 jours"). */
  nameOverrides: z.object({ fr: z.nullable(z.string()), ar: z.nullable(z.string()) }),
});
export type CataloguePlanView = z.output<typeof cataloguePlanSchema>;

/** A destination code as a path parameter (ISO2, a region slug, "global"). */
const destinationCodeParams = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9-]{2,60}$/, "INVALID")) });

/** Every destination the upstream lists, hidden ones included, by French name. */
export const listCatalogueDestinations = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/catalogue/destinations",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({ data: z.array(catalogueDestinationSchema) }),
});

/** One destination's plans the upstream lists (base plans and top-ups), hidden ones included; DESTINATION_NOT_FOUND. */
export const listCatalogueDestinationPlans = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/catalogue/destinations/:id/plans",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  params: destinationCodeParams,
  response: z.object({
    data: z.object({ destination: catalogueDestinationSchema, plans: z.array(cataloguePlanSchema) }),
  }),
});

/**
 * Hides or shows a destination, marks it popular or not (null: back to the default list); audited, the shop refreshed.
 * The same values again change nothing.
 */
export const updateCatalogueDestination = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/catalogue/destinations/:id",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({ isHidden: z.optional(z.boolean()), isPopular: z.optional(z.nullable(z.boolean())) }),
  params: destinationCodeParams,
  response: z.object({ data: catalogueDestinationSchema }),
});

/** The longest title an operator may give a plan. */
export const MAX_PLAN_TITLE_LENGTH = 60;

/** Shown in the shop, emails and invoices: display text. */
const planTitleSchema = z.nullable(
  displayText({ error: "INVALID" }).check(z.maxLength(MAX_PLAN_TITLE_LENGTH, "INVALID")),
);

/**
 * Hides or shows one plan, or sets its own French and Arabic titles (null or blank: ours again); audited, the shop
 * refreshed; PACKAGE_NOT_FOUND. The same values again change nothing.
 */
export const updateCataloguePlan = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/catalogue/plans/:id",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({
    isHidden: z.optional(z.boolean()),
    nameOverrides: z.optional(z.strictObject({ fr: planTitleSchema, ar: planTitleSchema })),
  }),
  params: z.object({ id: z.string().check(z.uuid("INVALID")) }),
  response: z.object({ data: cataloguePlanSchema }),
});
