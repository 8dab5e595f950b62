import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";
import { VALIDITY_STARTS } from "./validity-start.ts";

/** A price in both currencies, minor units (DZD shows "DA"). */
export const dualPriceSchema = z.object({ DZD: z.number(), USD: z.number() });
export type DualPrice = z.output<typeof dualPriceSchema>;

export const DESTINATION_TYPES = ["country", "region", "global"] as const;

export const destinationSummarySchema = z.object({
  /** ISO2 for a country; a region slug; "global". */
  code: z.string(),
  type: z.enum(DESTINATION_TYPES),
  names: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
  /** ISO2 codes covered (a country covers itself). */
  memberCountries: z.array(z.string()),
  /** The cheapest plan's price. */
  fromPrice: dualPriceSchema,
  planCount: z.number(),
  isPopular: z.boolean(),
});
export type DestinationSummary = z.output<typeof destinationSummarySchema>;

export const planNetworkSchema = z.object({ country: z.string(), operator: z.string(), networkType: z.string() });

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when unlimited. */
  dataMb: z.nullable(z.number()),
  isUnlimited: z.boolean(),
  /** 1 total, 2 daily then slowed, 3 daily then cut, 4 daily unlimited. */
  dataType: z.number(),
  validityDays: z.number(),
  /** When the days start counting, as the upstream applies it: what to tell about installing follows it (decision 050). */
  validityStart: z.enum(VALIDITY_STARTS),
  coverage: z.array(z.string()),
  networks: z.array(planNetworkSchema),
  supportsTopUp: z.boolean(),
  isHotspotAllowed: z.boolean(),
  fairUsePolicy: z.nullable(z.string()),
  speed: z.nullable(z.string()),
  price: dualPriceSchema,
  /** The struck-through "was" price when discounted. */
  compareAtPrice: z.nullable(dualPriceSchema),
  /** The operator's own title in French and Arabic, when set (see plan-name.ts `planTitle`). */
  nameOverrides: z.optional(z.object({ fr: z.optional(z.string()), ar: z.optional(z.string()) })),
});
export type Plan = z.output<typeof planSchema>;

/** Days a plan may last. */
export const PLAN_MIN_DAYS = 1;
export const PLAN_MAX_DAYS = 90;

/** The city or airport a search found a country through ("Istanbul" for Turkey); `airport` when its IATA code was typed. */
export const matchedPlaceSchema = z.object({
  names: z.object({ fr: z.string(), en: z.string(), ar: z.string() }),
  airport: z.nullable(z.string()),
});
export type MatchedPlace = z.output<typeof matchedPlaceSchema>;

/** A search result: the destination, and the place that led to it when the query named a city or an airport. */
export const destinationSearchResultSchema = z.extend(destinationSummarySchema, {
  matchedPlace: z.optional(matchedPlaceSchema),
});
export type DestinationSearchResult = z.output<typeof destinationSearchResultSchema>;

export const searchDestinations = defineEndpoint({
  method: "GET",
  path: "/destinations",
  auth: false,
  body: undefined,
  query: z.strictObject({
    /** Any language, any case, with or without accents, an ISO code, a city or an airport's code. Empty: every destination. */
    q: z.optional(z.string().check(z.maxLength(100, "INVALID"))),
    type: z.optional(z.enum(["country", "region"], { error: "INVALID" })),
  }),
  response: z.object({ data: z.array(destinationSearchResultSchema) }),
});

export const getDestination = defineEndpoint({
  method: "GET",
  path: "/destinations/:code",
  auth: false,
  body: undefined,
  params: z.object({ code: z.string().check(z.minLength(2), z.maxLength(40)) }),
  response: z.object({ data: destinationSummarySchema }),
});

/**
 * A region's plan costing less than the same data and days bought as two country plans (catalog/plan-value.ts
 * `suggestRegionalPlan`), for a country's plans: the public page and the app show the same.
 */
export const regionalSuggestionSchema = z.object({
  region: destinationSummarySchema,
  regionPlan: planSchema,
  /** The cheapest other covered country with a plan of the same data and days. */
  otherCountry: destinationSummarySchema,
  /** This country's plan plus the other country's. */
  twoCountriesPrice: dualPriceSchema,
});
export type RegionalSuggestionData = z.output<typeof regionalSuggestionSchema>;

export const listDestinationPlans = defineEndpoint({
  method: "GET",
  path: "/destinations/:code/packages",
  auth: false,
  body: undefined,
  params: z.object({ code: z.string().check(z.minLength(2), z.maxLength(40)) }),
  query: z.strictObject({
    /** Only plans lasting exactly this many days. */
    days: z.optional(
      z.coerce
        .number({ error: "DAYS_INVALID" })
        .check(
          z.int("DAYS_INVALID"),
          z.minimum(PLAN_MIN_DAYS, "DAYS_INVALID"),
          z.maximum(PLAN_MAX_DAYS, "DAYS_INVALID"),
        ),
    ),
  }),
  response: z.object({
    data: z.object({
      destination: destinationSummarySchema,
      /** Every duration on sale for this destination, for the filter. */
      availableDays: z.array(z.number()),
      plans: z.array(planSchema),
      /** Whatever the duration filter; null for regions and when no region's plan is cheaper. */
      regionalSuggestion: z.nullable(regionalSuggestionSchema),
    }),
  }),
});

/** The numbers behind the marketing lines ("from 64 DZD", "170+ destinations"): one source for every screen. */
export const getCatalogSummary = defineEndpoint({
  method: "GET",
  path: "/catalog/summary",
  auth: false,
  body: undefined,
  response: z.object({
    data: z.object({
      destinationCount: z.number(),
      lowestPrice: dualPriceSchema,
    }),
  }),
});
