import {
  getEsim,
  getPinStatus,
  listEsims,
  listEsimTopUps,
  requestCancellation,
  requestPinReset,
  resetPin,
  revealInstallDetails,
  setPin,
} from "@esim/shared/esims/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { AppError } from "../../lib/app-error.ts";
import { addRoute } from "../../lib/route.ts";
import { presentPlan } from "../catalog/index.ts";
import * as cancellation from "./cancellation.service.ts";
import { presentEsimDetail, presentEsimSummary, presentInstallDetails } from "./esims.presenter.ts";
import * as esims from "./esims.service.ts";
import * as pin from "./pin.service.ts";

/** Loose on purpose: the webhook is only a hint, and eSIM Access adds fields freely. */
const esimWebhookBody = z.object({
  notifyType: z.string(),
  /** The upstream's id of the event, the same in each of its retries: an event is acted on once. */
  notifyId: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  content: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});

export async function esimsRoutes(app: FastifyInstance) {
  addRoute(
    app,
    listEsims,
    async ({ user }) => {
      const found = await esims.listEsims(app.deps, { userId: user.id });
      return {
        data: { available: found.available.map(presentEsimSummary), expired: found.expired.map(presentEsimSummary) },
      };
    },
    { tags: ["esims"], summary: "The caller's eSIMs, newest first, split into available and expired" },
  );

  addRoute(
    app,
    getEsim,
    async ({ params, user }) => ({
      data: presentEsimDetail(await esims.getEsim(app.deps, { userId: user.id, esimId: params.id })),
    }),
    { tags: ["esims"], summary: "One of the caller's eSIMs with its bundles" },
  );

  addRoute(
    app,
    revealInstallDetails,
    async ({ params, body, user }) => ({
      data: presentInstallDetails(
        await esims.revealInstallDetails(app.deps, { userId: user.id, esimId: params.id, pin: body.pin }),
      ),
    }),
    { tags: ["esims"], summary: "The install secrets, with the right PIN (4 wrong PINs block it)" },
  );

  addRoute(
    app,
    listEsimTopUps,
    async ({ params, user }) => ({
      data: (await esims.listTopUps(app.deps, { userId: user.id, esimId: params.id })).map(presentPlan),
    }),
    { tags: ["esims"], summary: "Top-up plans compatible with the eSIM (empty when it cannot be topped up)" },
  );

  addRoute(
    app,
    requestCancellation,
    async ({ params, body, user }) => ({
      data: await cancellation.requestCancellation(app.deps, {
        userId: user.id,
        esimId: params.id,
        reason: body.reason,
      }),
    }),
    { tags: ["esims"], summary: "Ask to cancel an unused eSIM within 24 hours of payment; the operator decides" },
  );

  addRoute(app, getPinStatus, async ({ user }) => ({ data: await pin.getPinStatus(app.deps, { userId: user.id }) }), {
    tags: ["pin"],
    summary: "Whether a PIN is set, blocked, and the attempts left",
  });

  addRoute(
    app,
    setPin,
    async ({ body, user }) => ({ data: await pin.setPin(app.deps, { userId: user.id, pin: body.pin }) }),
    { tags: ["pin"], summary: "Sets the PIN on first use" },
  );

  addRoute(
    app,
    requestPinReset,
    async ({ user, request }) => ({
      data: await pin.requestPinReset(app.deps, {
        email: user.email,
        language: user.language,
        clientAddress: request.ip,
        log: request.log,
      }),
    }),
    { tags: ["pin"], summary: "Emails a code to reset the PIN (60 s between codes)" },
  );

  addRoute(
    app,
    resetPin,
    async ({ body, user, request }) => ({
      data: await pin.resetPin(app.deps, {
        userId: user.id,
        email: user.email,
        code: body.code,
        pin: body.pin,
        clientAddress: request.ip,
      }),
    }),
    { tags: ["pin"], summary: "Sets a new PIN with the emailed code, and unblocks it" },
  );

  app.post<{ Params: { provider: string; token: string }; Body: unknown }>(
    `${API_BASE_PATH}/webhooks/esim/:provider/:token`,
    {
      schema: {
        tags: ["esims"],
        summary:
          "The eSIM upstream's webhook (a hint: recorded once per notifyId, the eSIM re-queried by a queued job)",
      },
      config: { rateLimit: false },
    },
    async (request) => {
      const { provider, token } = request.params;
      // Unsigned upstream: the secret path is the only proof; a wrong one looks like no route at all.
      if (provider !== app.deps.esim.name || !esims.isEsimWebhookTokenValid(app.deps, token)) {
        throw new AppError("ROUTE_NOT_FOUND", { message: "No such route." });
      }
      const parsed = esimWebhookBody.safeParse(request.body);
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", { message: "Not an eSIM webhook." });
      const { notifyId } = parsed.data;
      // Answered without calling the upstream: the refresh is a queued job (decision 086).
      const { isReplay, queued } = await esims.receiveEsimWebhook(app.deps, {
        notifyId: notifyId === null || notifyId === undefined || notifyId === "" ? undefined : String(notifyId),
        notifyType: parsed.data.notifyType,
        content: parsed.data.content ?? {},
      });
      return { data: { received: true, isReplay, queued } };
    },
  );
}
