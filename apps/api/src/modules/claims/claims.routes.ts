import {
  answerClaim,
  getConsoleClaim,
  listConsoleClaims,
  listEsimClaims,
  listMyClaims,
  openClaim,
  refundClaim,
  refuseClaim,
  replyToClaim,
} from "@esim/shared/claims/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import * as claims from "./claims.service.ts";
import * as forConsole from "./claims-console.service.ts";

const tags = ["claims"];

/** Claims (decision 080): the traveller's and the console's; refunding is the settle-claim flow, handed in (decision 091). */
export async function claimsRoutes(app: FastifyInstance, options: { settleClaim: forConsole.SettleClaim }) {
  addRoute(
    app,
    openClaim,
    async ({ params, body, user }) => ({
      data: await claims.openClaim(app.deps, { userId: user.id, esimId: params.id, body }),
    }),
    { tags, summary: "File a claim on one of the caller's eSIMs (one open at a time)" },
  );

  addRoute(
    app,
    listEsimClaims,
    async ({ params, user }) => ({
      data: await claims.getEsimClaims(app.deps, { userId: user.id, esimId: params.id }),
    }),
    { tags, summary: "The caller's claims on one of their eSIMs, newest first" },
  );

  addRoute(
    app,
    listMyClaims,
    async ({ user }) => ({ data: await claims.listMyClaims(app.deps, { userId: user.id }) }),
    {
      tags,
      summary: "The caller's claims, newest first",
    },
  );

  addRoute(
    app,
    replyToClaim,
    async ({ params, body, user }) => ({
      data: await claims.replyToClaim(app.deps, { userId: user.id, claimId: params.id, message: body.message }),
    }),
    { tags, summary: "Write again on an open claim" },
  );

  addRoute(
    app,
    listConsoleClaims,
    async ({ query }) => ({
      data: await forConsole.listClaimsForOperator(app.deps, query.status ? { status: query.status } : {}),
    }),
    { tags, summary: "Claims by deadline, overdue first, filtered by status" },
  );

  addRoute(app, getConsoleClaim, async ({ params }) => ({ data: await forConsole.showClaim(app.deps, params.id) }), {
    tags,
    summary: "A claim with its thread and its eSIM's and order's facts",
  });

  addRoute(
    app,
    answerClaim,
    async ({ params, body, operator, request }) => ({
      data: await forConsole.answerClaim(app.deps, {
        claimId: params.id,
        message: body.message,
        decidedBy: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Answer a claim: the traveller is emailed" },
  );

  addRoute(
    app,
    refundClaim,
    async ({ params, body, operator, request }) => ({
      data: await options.settleClaim(app.deps, {
        claimId: params.id,
        method: body.method,
        scope: body.scope,
        decidedBy: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Refund a claim as store credit (at once) or a transfer (owed)" },
  );

  addRoute(
    app,
    refuseClaim,
    async ({ params, body, operator, request }) => ({
      data: await forConsole.refuseClaim(app.deps, {
        claimId: params.id,
        reason: body.reason,
        decidedBy: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Refuse a claim with the reason the traveller reads" },
  );
}
