import { updatePreferences, updateProfile } from "@esim/shared/account/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import * as account from "./account.service.ts";
import { presentMe } from "./me.presenter.ts";

const tags = ["account"];

export async function accountRoutes(app: FastifyInstance) {
  addRoute(
    app,
    updateProfile,
    async ({ body, user }) =>
      presentMe(await account.updateProfile(app.deps, { userId: user.id, name: body.name, country: body.country })),
    { tags, summary: "Change name and country" },
  );

  addRoute(
    app,
    updatePreferences,
    async ({ body, user }) =>
      presentMe(
        await account.updatePreferences(app.deps, {
          userId: user.id,
          language: body.language,
          currency: body.currency,
        }),
      ),
    { tags, summary: "Change language and currency" },
  );
}
