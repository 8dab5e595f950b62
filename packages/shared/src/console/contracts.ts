import * as z from "zod/mini";
import { codeSentResponseSchema } from "../auth/contracts.ts";
import { emailSchema, languageSchema, signInCodeSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { getCustomerStoreCredit, issueCustomerStoreCredit } from "../store-credit/contracts.ts";
import {
  blockConsoleCoupon,
  createConsoleCoupon,
  listConsoleCoupons,
  updateConsoleCoupon,
} from "./coupons-contract.ts";
import {
  getCustomer,
  listCustomers,
  refreshCustomerEsims,
  revokeCustomerSession,
  unblockCustomerPin,
} from "./customers-contract.ts";
import { getDashboard } from "./dashboard-contract.ts";
import { INVOICING_ENDPOINTS } from "./invoicing-contract.ts";
import { MARGIN_ENDPOINTS } from "./margins-contract.ts";
import {
  cancelConsoleOrderEsim,
  exportConsoleOrders,
  getConsoleOrder,
  recordConsoleOrderRefund,
  resendConsoleOrderInstallEmail,
  retryConsoleOrderProvisioning,
  searchConsoleOrders,
} from "./orders-contract.ts";
import {
  applyPriceSettings,
  getCatalogSyncStatus,
  getPriceSettings,
  listCatalogueDestinationPlans,
  listCatalogueDestinations,
  previewPriceSettings,
  runCatalogSync,
  updateCatalogueDestination,
  updateCataloguePlan,
} from "./prices-contract.ts";
import {
  approveCancellationRequest,
  approveTechnicalRefund,
  listCancellationQueue,
  refuseCancellationRequest,
  refuseTechnicalRefund,
} from "./refunds-contract.ts";
import { OPERATOR_ROLES } from "./roles.ts";
import { TEAM_ENDPOINTS } from "./team-contract.ts";

// The operator's console (decisions 032 and 035): sign-in with an emailed code then an authenticator (TOTP), the operator's
// sessions, and the audit log. Every path is below ADMIN_API_BASE_PATH.

/** Hours an operator's session lasts; never extended (a console left open signs in again the next day). */
export const OPERATOR_SESSION_TTL_HOURS = 12;
/** Minutes between the emailed code and the authenticator code before the sign-in starts over. */
export const OPERATOR_CHALLENGE_TTL_MINUTES = 5;
/** Wrong authenticator codes that end a sign-in challenge. */
export const OPERATOR_CHALLENGE_MAX_TRIES = 5;
/** The most rows one CSV export of the audit log holds (narrow the filter for more). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const challengeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,200}$/, "INVALID"));

export const requestOperatorCode = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/auth/code",
  auth: false,
  body: z.strictObject({ email: emailSchema, language: z.optional(languageSchema) }),
  response: codeSentResponseSchema,
});

/**
 * The emailed code checked: next the authenticator. An operator not enrolled yet gets the secret to add to an
 * authenticator app (`otpauthUri`, shown as a QR code); the first valid TOTP enrols them.
 */
export const verifyOperatorCode = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/auth/verify",
  auth: false,
  body: z.strictObject({ email: emailSchema, code: signInCodeSchema }),
  response: z.object({
    data: z.discriminatedUnion("step", [
      z.object({ step: z.literal("totp"), challenge: z.string(), expiresInSeconds: z.number() }),
      z.object({
        step: z.literal("enrol"),
        challenge: z.string(),
        expiresInSeconds: z.number(),
        /** Base32, for typing into an authenticator by hand. */
        secret: z.string(),
        otpauthUri: z.string(),
      }),
    ]),
  }),
});

/** The authenticator's code for the challenge: enrols on the first sign-in, then opens a 12 h session. */
export const verifyOperatorTotp = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/auth/totp",
  auth: false,
  body: z.strictObject({ challenge: challengeSchema, totp: signInCodeSchema }),
  response: z.object({ data: z.object({ token: z.string(), expiresAt: z.string() }) }),
});

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  isEnrolled: z.boolean(),
});
export type OperatorView = z.output<typeof operatorSchema>;

export const getOperatorMe = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/me",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: z.object({ data: operatorSchema }),
});

export const operatorSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdIp: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** The session making this request. */
  isCurrent: z.boolean(),
});

/** The caller's own live sessions, newest first. */
export const listOperatorSessions = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/sessions",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: z.object({ data: z.array(operatorSessionSchema) }),
});

/** Ends one of the caller's own sessions (another's is NOT_FOUND). */
export const revokeOperatorSession = defineEndpoint({
  method: "DELETE",
  area: "admin",
  path: "/sessions/:id",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  params: z.object({ id: z.string().check(z.uuid("INVALID")) }),
  response: undefined,
});

export const operatorLogout = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/auth/logout",
  auth: "operator",
  roles: OPERATOR_ROLES,
  body: undefined,
  response: undefined,
});

/** The audit log's filter, the same for the list and the CSV export; dates are ISO 8601, `to` excluded. */
const auditFilterShape = {
  operatorId: z.optional(z.string().check(z.uuid("INVALID"))),
  action: z.optional(z.string().check(z.minLength(1, "INVALID"), z.maxLength(100, "INVALID"))),
  entityType: z.optional(z.string().check(z.minLength(1, "INVALID"), z.maxLength(100, "INVALID"))),
  entityId: z.optional(z.string().check(z.minLength(1, "INVALID"), z.maxLength(200, "INVALID"))),
  from: z.optional(z.iso.datetime({ offset: true, error: "INVALID" })),
  to: z.optional(z.iso.datetime({ offset: true, error: "INVALID" })),
};

export const auditEntrySchema = z.object({
  id: z.string(),
  /** Null: the command line (`npm run console`). */
  operatorId: z.nullable(z.string()),
  operatorEmail: z.nullable(z.string()),
  action: z.string(),
  entityType: z.string(),
  entityId: z.nullable(z.string()),
  /** What people call the object where its id is not it: a promo code's code, an operator's email; else null. */
  entityLabel: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntryView = z.output<typeof auditEntrySchema>;

/** Newest first; `nextCursor` (when more rows match) is passed back as `before` for the next page. */
export const listAuditLog = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/audit-log",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  query: z.strictObject({
    ...auditFilterShape,
    before: z.optional(z.string().check(z.regex(/^\d{1,18}$/, "INVALID"))),
    limit: z.optional(
      z.coerce.number({ error: "INVALID" }).check(z.int("INVALID"), z.minimum(1, "INVALID"), z.maximum(200, "INVALID")),
    ),
  }),
  response: z.object({ data: z.array(auditEntrySchema), nextCursor: z.nullable(z.string()) }),
});

/** The same filter as a CSV file (text/csv, at most AUDIT_EXPORT_MAX_ROWS rows, newest first). */
export const exportAuditLog = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/audit-log/export.csv",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  /** `language`: the words of the actions and objects (the console's language; French by default). */
  query: z.strictObject({ ...auditFilterShape, language: z.optional(languageSchema) }),
  response: undefined,
});

/** Every console endpoint, for the authorisation test that walks them all. */
export const CONSOLE_ENDPOINTS = [
  requestOperatorCode,
  verifyOperatorCode,
  verifyOperatorTotp,
  getOperatorMe,
  listOperatorSessions,
  revokeOperatorSession,
  operatorLogout,
  listAuditLog,
  exportAuditLog,
  getDashboard,
  ...TEAM_ENDPOINTS,
  ...INVOICING_ENDPOINTS,
  listCancellationQueue,
  approveCancellationRequest,
  refuseCancellationRequest,
  approveTechnicalRefund,
  refuseTechnicalRefund,
  listCustomers,
  getCustomer,
  refreshCustomerEsims,
  revokeCustomerSession,
  unblockCustomerPin,
  getCustomerStoreCredit,
  issueCustomerStoreCredit,
  listConsoleCoupons,
  createConsoleCoupon,
  updateConsoleCoupon,
  blockConsoleCoupon,
  searchConsoleOrders,
  exportConsoleOrders,
  getConsoleOrder,
  retryConsoleOrderProvisioning,
  resendConsoleOrderInstallEmail,
  recordConsoleOrderRefund,
  cancelConsoleOrderEsim,
  getPriceSettings,
  previewPriceSettings,
  applyPriceSettings,
  getCatalogSyncStatus,
  runCatalogSync,
  listCatalogueDestinations,
  listCatalogueDestinationPlans,
  updateCatalogueDestination,
  updateCataloguePlan,
  ...MARGIN_ENDPOINTS,
] as const;
