import { getStoreCredit } from "@esim/shared/store-credit/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentStoreCredit } from "./store-credit.presenter.ts";
import { getCustomerStoreCredit } from "./store-credit.service.ts";

export async function storeCreditRoutes(app: FastifyInstance) {
  addRoute(
    app,
    getStoreCredit,
    async ({ user }) => ({ data: presentStoreCredit(await getCustomerStoreCredit(app.deps.db, user.id)) }),
    { tags: ["account"], summary: "The customer's store credit: balance and history" },
  );
}
