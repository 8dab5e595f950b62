import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";
import { DASHBOARD_TIME_ZONE } from "./dashboard-contract.ts";
import { orderNumberParamsSchema } from "./orders-contract.ts";
import { consolePlanSchema } from "./plan-view.ts";

// The owner's margin (decision 065), admin only: what an order was sold for excluding TVA, net of its
// refunds, against what it cost at the upstream (recorded when bought, at that day's rate). Money is DZD minor units;
// a cost is null where it was never recorded (orders bought before it was): unknown, never 0.

/** The report's periods, each ending now and starting at an Africa/Algiers midnight: today, the last 7 and 30 days. */
export const MARGIN_PERIODS = ["today", "7d", "30d"] as const;
export type MarginPeriod = (typeof MARGIN_PERIODS)[number];

const count = z.number().check(z.int(), z.minimum(0));
const minor = z.number().check(z.int());

export const orderMarginSchema = z.object({
  /** The TVA rate the order is split with (its invoice's seller, else today's), basis points. */
  tvaRateBps: count,
  /** What the order charged, excluding TVA. */
  soldHtDzdMinor: minor,
  /** What was refunded of it, excluding TVA. */
  refundedHtDzdMinor: minor,
  /** sold − refunded, excluding TVA. */
  netSoldHtDzdMinor: minor,
  /** What the upstream charged, USD × 10 000 (0 while not bought); null: bought before costs were recorded. */
  costUsdE4: z.nullable(minor),
  /**
   * What the upstream credited back to our balance, USD × 10 000: the share of the eSIMs cancelled unused (eSIM Access
   * refunds an unused profile it cancels); 0 when none was.
   */
  upstreamCreditUsdE4: minor,
  /** The DZD-per-USD rate the cost was recorded with ("135.5"); null with costUsdE4 null or 0 while not bought. */
  dzdPerUsd: z.nullable(z.string()),
  /** The cost net of the upstream's credit, in DZD at that rate; null: unknown. */
  costDzdMinor: z.nullable(minor),
  /** Paid and not delivered yet (nor refunded): no margin is counted for it until it is. */
  isPending: z.boolean(),
  /** net sold − cost; null while the cost is unknown or the order pending. */
  marginDzdMinor: z.nullable(minor),
  /** margin / net sold, in basis points (2 500 = 25 %); null when either is unknown or nothing is left sold. */
  marginBps: z.nullable(minor),
});
export type OrderMargin = z.output<typeof orderMarginSchema>;

/** Figures of a group of paid orders (a period, a plan, a day). */
export const marginFiguresSchema = z.object({
  orders: count,
  netSoldHtDzdMinor: minor,
  /** Orders whose cost is unknown (bought before costs were recorded): left out of cost and margin. */
  unknownCostOrders: count,
  /** Orders paid but not delivered yet: their sale is in netSold, they are left out of cost and margin. */
  pendingOrders: count,
  /** Sum of the known costs; null when no order of the group has one. */
  costDzdMinor: z.nullable(minor),
  /** Net sold of the orders with a known cost minus their cost; null when none has one. */
  marginDzdMinor: z.nullable(minor),
  /** margin / net sold of those orders, basis points; null without any or with nothing sold. */
  marginBps: z.nullable(minor),
});
export type MarginFigures = z.output<typeof marginFiguresSchema>;

export const marginReportSchema = z.object({
  period: z.enum(MARGIN_PERIODS),
  timeZone: z.literal(DASHBOARD_TIME_ZONE),
  /** The first instant (an Algiers midnight) and the end (now), ISO 8601: orders paid in between. */
  from: z.string(),
  to: z.string(),
  totals: marginFiguresSchema,
  /** One row per plan sold in the period, largest margin first (unknown last). */
  plans: z.array(
    z.extend(marginFiguresSchema, {
      packageId: z.string(),
      /** The plan's parts, named in the operator's language by the console (never the upstream's name). */
      plan: consolePlanSchema,
      destinationCode: z.string(),
      isTopUp: z.boolean(),
    }),
  ),
  /** One row per Algiers day of the period, oldest first, days without sales included. */
  days: z.array(z.extend(marginFiguresSchema, { date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)) })),
});
export type MarginReport = z.output<typeof marginReportSchema>;

/** An order's margin (admin): sold and refunded excluding TVA, the upstream cost in DZD, the margin. NOT_FOUND. */
export const getConsoleOrderMargin = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/orders/:number/margin",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  params: orderNumberParamsSchema,
  response: z.object({ data: orderMarginSchema }),
});

/** The margin of the orders paid in a period (admin): totals, per plan and per Algiers day. */
export const getMarginReport = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/margins",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  query: z.strictObject({ period: z.optional(z.enum(MARGIN_PERIODS, { error: "INVALID" })) }),
  response: z.object({ data: marginReportSchema }),
});

export const MARGIN_ENDPOINTS = [getConsoleOrderMargin, getMarginReport] as const;
