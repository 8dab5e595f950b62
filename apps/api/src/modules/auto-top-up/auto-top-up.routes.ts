import { getAutoTopUp, saveAutoTopUp, topUpFromCredit } from "@esim/shared/auto-top-up/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import * as autoTopUp from "./auto-top-up.service.ts";

/** The place-order flow's credit door (decision 082), handed in where the routes are registered. */
export interface AutoTopUpRoutesOptions {
  placeFromCredit: autoTopUp.PlaceFromCredit;
}

export async function autoTopUpRoutes(app: FastifyInstance, options: AutoTopUpRoutesOptions) {
  addRoute(
    app,
    getAutoTopUp,
    async ({ user, params }) => ({
      data: await autoTopUp.getAutoTopUp(app.deps, { userId: user.id, esimId: params.id }),
    }),
    { tags: ["esims"], summary: "The eSIM's auto top-up settings" },
  );
  addRoute(
    app,
    saveAutoTopUp,
    async ({ user, params, body }) => ({
      data: await autoTopUp.saveAutoTopUp(app.deps, { user, esimId: params.id, settings: body }),
    }),
    { tags: ["esims"], summary: "Saves the eSIM's auto top-up settings" },
  );
  addRoute(
    app,
    topUpFromCredit,
    async ({ user, params, body }) => ({
      data: await autoTopUp.topUpFromCredit(app.deps, {
        user,
        esimId: params.id,
        packageId: body.packageId,
        clientReference: body.clientReference,
        placeFromCredit: options.placeFromCredit,
      }),
    }),
    { tags: ["esims"], summary: "Tops the eSIM up with store credit, no gateway" },
  );
}
