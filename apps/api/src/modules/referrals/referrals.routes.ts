import {
  getInviteLanding as getInviteLandingEndpoint,
  getMyReferral as getMyReferralEndpoint,
  getReferralSettings as getReferralSettingsEndpoint,
  listReferrals,
  updateReferralSettings,
} from "@esim/shared/referrals/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import {
  changeReferralSettings,
  getInviteLanding,
  getMyReferral,
  getReferralSettings,
  listReferralsInConsole,
} from "./referrals.service.ts";

/** The customer's invite card, and the console's settings (admins change them, audited) and list. */
export async function referralsRoutes(app: FastifyInstance) {
  addRoute(
    app,
    getMyReferralEndpoint,
    async ({ user, query }) => ({
      data: await getMyReferral(app.deps, { userId: user.id, deviceId: query.deviceId }),
    }),
    { tags: ["account"], summary: "The customer's invite link and what it brought" },
  );

  addRoute(
    app,
    getInviteLandingEndpoint,
    async ({ params }) => ({ data: await getInviteLanding(app.deps, params.code) }),
    { tags: ["account"], summary: "An invite code's landing: the inviter's first name and the friend's discount" },
  );

  addRoute(app, getReferralSettingsEndpoint, async () => ({ data: await getReferralSettings(app.deps) }), {
    tags: ["admin"],
    summary: "The referral settings: on or off, the friend's discount, the inviter's reward, the monthly cap",
  });

  addRoute(
    app,
    updateReferralSettings,
    async ({ body, operator, request }) => ({
      data: await changeReferralSettings(app.deps, {
        change: body,
        actor: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags: ["admin"], summary: "Change the referral settings; audited" },
  );

  addRoute(app, listReferrals, async () => ({ data: await listReferralsInConsole(app.deps) }), {
    tags: ["admin"],
    summary: "The latest referrals with their status and, when refused, why",
  });
}
