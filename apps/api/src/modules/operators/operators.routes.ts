import {
  exportAuditLog,
  getOperatorMe,
  listAuditLog,
  listOperatorSessions,
  operatorLogout,
  requestOperatorCode,
  revokeOperatorSession,
  verifyOperatorCode,
  verifyOperatorTotp,
} from "@esim/shared/console/contracts";
import {
  addTeamOperator,
  listTeam,
  resetTeamOperatorAuthenticator,
  updateTeamOperator,
} from "@esim/shared/console/team-contract";
import type { FastifyInstance } from "fastify";
import { sendCsv } from "../../lib/csv.ts";
import { addRawRoute, addRoute } from "../../lib/route.ts";
import { type AuditFilter, exportAuditLogCsv, listAuditLog as listAuditLogService } from "./audit.service.ts";
import {
  listOwnSessions,
  presentOperator,
  requestOperatorCode as requestCodeService,
  revokeOwnSession,
  signOutOperator,
  verifyOperatorCode as verifyCodeService,
  verifyOperatorTotp as verifyTotpService,
} from "./operators.service.ts";
import * as team from "./team.service.ts";

const tags = ["admin"];

/** The query's filter, dates parsed (the contract checked they are ISO 8601). */
function auditFilter(query: {
  operatorId?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: string | undefined;
}): AuditFilter {
  return {
    operatorId: query.operatorId,
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    beforeSeq: query.before ? Number(query.before) : undefined,
  };
}

export async function operatorsRoutes(app: FastifyInstance) {
  addRoute(
    app,
    requestOperatorCode,
    async ({ body, request }) => ({
      data: await requestCodeService(app.deps, {
        email: body.email,
        language: body.language,
        clientAddress: request.ip,
        log: request.log,
      }),
    }),
    { tags, summary: "Email an operator a console sign-in code" },
  );

  addRoute(
    app,
    verifyOperatorCode,
    async ({ body, request }) => ({
      data: await verifyCodeService(app.deps, { email: body.email, code: body.code, clientAddress: request.ip }),
    }),
    { tags, summary: "Check the emailed code; answers the authenticator step (and the secret to enrol)" },
  );

  addRoute(
    app,
    verifyOperatorTotp,
    async ({ body, request }) => ({
      data: await verifyTotpService(app.deps, {
        challenge: body.challenge,
        totp: body.totp,
        clientAddress: request.ip,
        userAgent: request.headers["user-agent"],
      }),
    }),
    { tags, summary: "Answer the authenticator code: enrol, then open a 12 h console session" },
  );

  addRoute(app, getOperatorMe, async ({ operator }) => ({ data: presentOperator(operator) }), {
    tags,
    summary: "The signed-in operator",
  });

  addRoute(
    app,
    listOperatorSessions,
    async ({ operator }) => ({ data: await listOwnSessions(app.deps, { operator }) }),
    {
      tags,
      summary: "The caller's live console sessions",
    },
  );

  addRoute(
    app,
    revokeOperatorSession,
    async ({ operator, params, request }) =>
      revokeOwnSession(app.deps, { operator, sessionId: params.id, ip: request.ip }),
    { tags, summary: "End one of the caller's console sessions" },
  );

  addRoute(
    app,
    operatorLogout,
    async ({ operator, request }) => signOutOperator(app.deps, { operator, ip: request.ip }),
    {
      tags,
      summary: "End this console session",
    },
  );

  addRoute(
    app,
    listAuditLog,
    async ({ query }) => listAuditLogService(app.deps, { filter: auditFilter(query), limit: query.limit }),
    { tags, summary: "The audit log, filtered, newest first (admin)" },
  );

  addRawRoute(
    app,
    exportAuditLog,
    async ({ query, reply }) => {
      const csv = await exportAuditLogCsv(app.deps, { filter: auditFilter(query), language: query.language ?? "fr" });
      return sendCsv(reply, { filename: "audit-log.csv", csv });
    },
    { tags, summary: "The filtered audit log as CSV (admin)" },
  );

  addRoute(app, listTeam, async () => ({ data: await team.listTeam(app.deps) }), {
    tags,
    summary: "Every operator, with their role, state and live sessions (admin)",
  });

  addRoute(
    app,
    addTeamOperator,
    async ({ body, operator, request }) => {
      const added = await team.addTeamOperator(app.deps, { ...body, actor: operator, ip: request.ip });
      return { data: added.operator, isCreated: added.isCreated };
    },
    { tags, summary: "Add an operator (admin); they enrol an authenticator at their first sign-in" },
  );

  addRoute(
    app,
    updateTeamOperator,
    async ({ body, operator, params, request }) => ({
      data: await team.updateTeamOperator(app.deps, { id: params.id, changes: body, actor: operator, ip: request.ip }),
    }),
    { tags, summary: "Change another operator's role, or disable / enable them (admin)" },
  );

  addRoute(
    app,
    resetTeamOperatorAuthenticator,
    async ({ operator, params, request }) => ({
      data: await team.resetTeamOperatorAuthenticator(app.deps, { id: params.id, actor: operator, ip: request.ip }),
    }),
    { tags, summary: "Forget another operator's authenticator and end their sessions (admin)" },
  );
}
