import * as z from "zod/mini";
import { emailSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";
import { OPERATOR_ROLES } from "./roles.ts";

// The console's team page (decision 041): admins add operators, change their role, disable them and reset a lost
// authenticator. Never one's own account: an admin cannot lock themselves out or raise themselves.

export const teamOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  isEnrolled: z.boolean(),
  isDisabled: z.boolean(),
  createdAt: z.string(),
  /** Live console sessions now. */
  liveSessions: z.number(),
});
export type TeamOperatorView = z.output<typeof teamOperatorSchema>;

const operatorIdParams = z.object({ id: z.string().check(z.uuid("INVALID")) });

/** Every operator, enabled first, then by email. */
export const listTeam = defineEndpoint({
  method: "GET",
  area: "admin",
  path: "/operators",
  auth: "operator",
  roles: ["admin"],
  body: undefined,
  response: z.object({ data: z.array(teamOperatorSchema) }),
});

/** Adds an operator (idempotent on the email: an existing one is answered with `isCreated: false`). */
export const addTeamOperator = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/operators",
  auth: "operator",
  roles: ["admin"],
  body: z.strictObject({ email: emailSchema, role: z.enum(OPERATOR_ROLES, { error: "INVALID" }) }),
  response: z.object({ data: teamOperatorSchema, isCreated: z.boolean() }),
});

/** Changes another operator's role, or disables / enables them (disabling ends their sessions at once). */
export const updateTeamOperator = defineEndpoint({
  method: "PATCH",
  area: "admin",
  path: "/operators/:id",
  auth: "operator",
  roles: ["admin"],
  params: operatorIdParams,
  body: z.strictObject({
    role: z.optional(z.enum(OPERATOR_ROLES, { error: "INVALID" })),
    isDisabled: z.optional(z.boolean({ error: "INVALID" })),
  }),
  response: z.object({ data: teamOperatorSchema }),
});

/** Forgets another operator's authenticator and ends their sessions: they enrol again at their next sign-in. */
export const resetTeamOperatorAuthenticator = defineEndpoint({
  method: "POST",
  area: "admin",
  path: "/operators/:id/reset-authenticator",
  auth: "operator",
  roles: ["admin"],
  params: operatorIdParams,
  body: undefined,
  response: z.object({ data: teamOperatorSchema }),
});

export const TEAM_ENDPOINTS = [listTeam, addTeamOperator, updateTeamOperator, resetTeamOperatorAuthenticator] as const;
