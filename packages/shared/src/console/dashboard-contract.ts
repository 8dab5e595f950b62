import * as z from "zod/mini";
import { defineEndpoint } from "../http.ts";
import { ORDER_ATTENTION_KINDS } from "../statuses.ts";
import { OPERATOR_ROLES } from "./roles.ts";

// The operator's dashboard (decision 034): the figures of the shop now, in the shop's time zone: the answer's shape
// and its endpoint (GET /api/v1/admin/dashboard). Times are ISO 8601 strings, money integers of minor units.

/** The shop's days start at midnight here: "today" and each daily point are days in this zone. */
export const DASHBOARD_TIME_ZONE = "Africa/Algiers";

/** Days of the daily sales series, today included. */
export const DASHBOARD_DAILY_DAYS = 30;

const count = z.number().check(z.int(), z.minimum(0));
const minor = z.number().check(z.int());

/** What the ledger says was sold (decision 061), TTC, DZD minor units, by the time each movement was posted. */
const salesMoney = {
  /** Sold: payments captured, held payments accepted, store credit spent. */
  grossDzdMinor: minor,
  /** Sales reversed by refunds owed in the period (each with its credit note), whatever day the sale was. */
  refundsDzdMinor: minor,
  /** gross − refunds: negative on a day with more refunds than sales. */
  netDzdMinor: minor,
};

/** Sales over one window, from an Algiers midnight until now. */
export const dashboardWindowSchema = z.object({
  /** The window's first instant (an Algiers midnight). */
  from: z.string(),
  /** Orders paid in the window (by time of payment), later refunds included. */
  paidOrders: count,
  ...salesMoney,
  /** Orders placed in the window: each is one checkout started. */
  checkoutsStarted: count,
  /** Of those, the ones paid (at any time since). */
  checkoutsPaid: count,
  /** checkoutsPaid / checkoutsStarted, 0 to 1; null without any checkout. */
  conversionRate: z.nullable(z.number().check(z.minimum(0), z.maximum(1))),
});
export type DashboardWindow = z.output<typeof dashboardWindowSchema>;

export const dashboardDaySchema = z.object({
  /** The Algiers calendar day, YYYY-MM-DD. */
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  paidOrders: count,
  ...salesMoney,
});
export type DashboardDay = z.output<typeof dashboardDaySchema>;

/** How long something has waited: since when, and the minutes that makes now. */
const waiting = { since: z.string(), ageMinutes: count };

export const dashboardSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.literal(DASHBOARD_TIME_ZONE),
  sales: z.object({
    today: dashboardWindowSchema,
    last7Days: dashboardWindowSchema,
    last30Days: dashboardWindowSchema,
  }),
  /** One point per Algiers day, oldest first, today last; days without sales are zeros. */
  dailySales: z.array(dashboardDaySchema),
  /** Paid orders whose eSIMs are not delivered yet, longest waiting first (the list is capped; count is all). */
  undelivered: z.object({
    count,
    orders: z.array(
      z.object({
        number: z.string(),
        /** since = paid at. */
        ...waiting,
        provisioningAttempts: count,
        attentionKind: z.nullable(z.enum(ORDER_ATTENTION_KINDS)),
      }),
    ),
  }),
  /** Orders whose provisioning failed after its retries and is not resolved, oldest flag first. */
  provisioningFailures: z.object({
    count,
    orders: z.array(z.object({ number: z.string(), ...waiting, reason: z.nullable(z.string()) })),
  }),
  /** Requests to cancel an unused eSIM (within 24 hours of payment) waiting for a decision, oldest first. */
  pendingCancellations: z.object({
    count,
    refundDzdMinor: minor,
    requests: z.array(z.object({ id: z.string(), orderNumber: z.string(), ...waiting, refundDzdMinor: minor })),
  }),
  /**
   * Orders we still owe money on (the ledger's refunds owed not yet sent, partial refunds leaving the rest), oldest
   * debt first; the shop promises a refund within 7 days. amountDzdMinor is what is still owed.
   */
  refundsOwed: z.object({
    count,
    totalDzdMinor: minor,
    /** Owed for longer than the 7 days promised. */
    overdueCount: count,
    orders: z.array(z.object({ number: z.string(), ...waiting, amountDzdMinor: minor, isOverdue: z.boolean() })),
  }),
  /** Our prepaid account at the eSIM upstream, which every order draws on. */
  upstreamBalance: z.discriminatedUnion("state", [
    z.object({
      state: z.literal("known"),
      /** USD × 10 000 (the upstream's unit). */
      balanceUsdE4: minor,
      lowThresholdUsdE4: minor,
      /** Under the threshold (UPSTREAM_LOW_BALANCE_USD): time to top the account up. */
      isLow: z.boolean(),
    }),
    z.object({
      /** The upstream did not answer; the other figures are still right. */
      state: z.literal("unavailable"),
      reason: z.string(),
      lowThresholdUsdE4: minor,
    }),
  ]),
});
export type Dashboard = z.output<typeof dashboardSchema>;

/** The dashboard for the console: every operator reads it (support answers "where is my eSIM?" from it too). */
export const getDashboard = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/dashboard",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: z.object({ data: dashboardSchema }),
});
