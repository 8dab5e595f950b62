import * as z from "zod/mini";
import { ORDER_REJECTING_EVENTS } from "../checkout/contracts.ts";
import { CREDIT_LOAD_STATUSES } from "../credit-loads/contracts.ts";
import { defineEndpoint } from "../http.ts";
import { CURRENCIES, LANGUAGES } from "../locale.ts";
import { PAY_LINK_STATUSES } from "../pay-links/contracts.ts";
import { ESIM_STATUSES, ORDER_STATUSES } from "../statuses.ts";
import { consolePlanSchema } from "./plan-view.ts";
import { OPERATOR_ROLES } from "./roles.ts";

// The console's customers (decision 038): find a customer, see their profile, orders, eSIMs (status and usage
// as the upstream reports them), devices and sessions; revoke a session and unblock the PIN, both audited. Admin and
// support alike. Deleting an account is immediate in this shop (the customer's own "delete my account"): there is
// no request waiting for an operator, so the console lists deleted, anonymised accounts and says so.

/** Customers per page of the search. */
export const CUSTOMERS_PAGE_SIZE = 20;

const uuidParams = z.object({ id: z.string().check(z.uuid("INVALID")) });
const count = z.number().check(z.int(), z.minimum(0));

export const customerSummarySchema = z.object({
  id: z.string(),
  /** Null once the account is deleted (anonymised). */
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  country: z.nullable(z.string()),
  createdAt: z.string(),
  /** Set when the customer deleted the account: personal data is gone, orders stay for accounting. */
  deletedAt: z.nullable(z.string()),
  orderCount: count,
});
export type CustomerSummary = z.output<typeof customerSummarySchema>;

/** Which accounts the search looks at: live ones (default) or deleted ones. */
export const CUSTOMER_LIST_STATES = ["active", "deleted"] as const;

/** Search by email, phone or name (part of any), newest accounts first; `page` counts from 1. */
export const listCustomers = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/customers",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  query: z.strictObject({
    q: z.optional(z.string().check(z.maxLength(100, "INVALID"))),
    state: z.optional(z.enum(CUSTOMER_LIST_STATES, { error: "INVALID" })),
    page: z.optional(
      z.coerce
        .number({ error: "INVALID" })
        .check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(10_000, "INVALID")),
    ),
  }),
  response: z.object({
    data: z.array(customerSummarySchema),
    page: z.number(),
    hasMore: z.boolean(),
  }),
});

export const customerOrderSchema = z.object({
  number: z.string(),
  kind: z.enum(["new", "top_up"]),
  status: z.enum(ORDER_STATUSES),
  destinationCode: z.string(),
  /** The plan's parts, named in the operator's language by the console (never the upstream's name). */
  plan: consolePlanSchema,
  quantity: count,
  /** What was charged, DZD minor units (USD prices are a display choice). */
  chargeDzdMinor: z.number().check(z.int()),
  createdAt: z.string(),
  /** How a rejected order ended unpaid (declined, cancelled on the payment page, lapsed, cancelled); null otherwise. */
  rejectedBy: z.nullable(z.enum(ORDER_REJECTING_EVENTS)),
});

export const customerEsimSchema = z.object({
  id: z.string(),
  /** Null until the upstream gives it. */
  iccid: z.nullable(z.string()),
  orderNumber: z.string(),
  status: z.enum(ESIM_STATUSES),
  /** New, Onboard or In Use and not expired: what the customer sees under "Available". */
  isAvailable: z.boolean(),
  destinationCode: z.string(),
  /** The plan's parts, named in the operator's language by the console (never the upstream's name). */
  plan: consolePlanSchema,
  /** Null: unlimited. */
  dataTotalBytes: z.nullable(z.number()),
  dataUsedBytes: z.number(),
  /** When the upstream last reported usage (it lags by hours). */
  usageUpdatedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
});
export type CustomerEsim = z.output<typeof customerEsimSchema>;

export const customerDeviceSchema = z.object({
  id: z.string(),
  platform: z.string(),
  model: z.string(),
  osVersion: z.string(),
  appVersion: z.string(),
  deviceLocale: z.string(),
  hasPushToken: z.boolean(),
  updatedAt: z.string(),
});

export const customerSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.nullable(z.string()),
});

export const customerPinSchema = z.object({
  isSet: z.boolean(),
  isBlocked: z.boolean(),
  attemptsLeft: count,
});
export type CustomerPin = z.output<typeof customerPinSchema>;

export const customerDetailSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    country: z.nullable(z.string()),
    isVerified: z.boolean(),
    language: z.enum(LANGUAGES),
    currency: z.enum(CURRENCIES),
    createdAt: z.string(),
    deletedAt: z.nullable(z.string()),
  }),
  pin: customerPinSchema,
  /** Newest first (the last 50). */
  orders: z.array(customerOrderSchema),
  /** Newest first, as stored; POST …/esims/refresh asks the upstream again. */
  esims: z.array(customerEsimSchema),
  devices: z.array(customerDeviceSchema),
  /** Live sessions, most recently used first. */
  sessions: z.array(customerSessionSchema),
  /**
   * The customer's pay-for-me links, newest first, each in its state as of now, with what the payer pays. Last: the
   * compiled serializer writes an optional key after the others.
   */
  payLinks: z.optional(
    z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["top_up", "new"]),
        status: z.enum(PAY_LINK_STATUSES),
        amountDzdMinor: count,
        createdAt: z.string(),
        expiresAt: z.string(),
        paidAt: z.nullable(z.string()),
        revokedAt: z.nullable(z.string()),
      }),
    ),
  ),
  /** Their auto top-up settings, one per eSIM they set (last changed first), with this month's count against the cap. */
  autoTopUps: z.optional(
    z.array(
      z.object({
        esimId: z.string(),
        isEnabled: z.boolean(),
        /** The top-up bought each time; null when none was chosen. */
        plan: z.nullable(consolePlanSchema),
        thresholdPercent: count,
        isOnValidityEnding: z.boolean(),
        monthlyCap: count,
        /** Bought or being bought this calendar month (Algiers time). */
        boughtThisMonth: count,
        lastOrderedAt: z.nullable(z.string()),
        updatedAt: z.string(),
      }),
    ),
  ),
  /** Their store credit loads, newest first, with the gateway's checkout id of the latest payment. */
  creditLoads: z.optional(
    z.array(
      z.object({
        id: z.string(),
        amountDzdMinor: count,
        status: z.enum(CREDIT_LOAD_STATUSES),
        paymentMethod: z.string(),
        createdAt: z.string(),
        paidAt: z.nullable(z.string()),
        endedAt: z.nullable(z.string()),
        receiptNumber: z.nullable(z.string()),
        provider: z.nullable(z.string()),
        providerReference: z.nullable(z.string()),
      }),
    ),
  ),
});
export type CustomerDetail = z.output<typeof customerDetailSchema>;

export const getCustomer = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/customers/:id",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: uuidParams,
  response: z.object({ data: customerDetailSchema }),
});

/**
 * Asks the upstream for the live status and usage of the customer's available eSIMs (what their own eSIM screen
 * shows), stores it, and answers the list. An upstream that does not answer leaves the stored figures.
 */
export const refreshCustomerEsims = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/customers/:id/esims/refresh",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: uuidParams,
  response: z.object({ data: z.array(customerEsimSchema) }),
});

/** Ends one of a customer's sessions (a lost phone): their token answers 401 from then on. Audited; twice is 404. */
export const revokeCustomerSession = defineEndpoint({
  method: "DELETE",
  area: "admin",
  path: "/customer-sessions/:id",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: uuidParams,
  response: undefined,
});

/**
 * Unblocks the customer's PIN after 4 wrong tries (the PIN itself is kept), as `npm run console -- pin:unblock` does.
 * Audited when it changes something; a PIN with nothing to clear answers its state unchanged.
 */
export const unblockCustomerPin = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/customers/:id/pin/unblock",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: uuidParams,
  response: z.object({ data: customerPinSchema }),
});
