import {
  createCreditLoad,
  getCreditLoad,
  getCreditLoadQuote,
  listCreditLoads,
} from "@esim/shared/credit-loads/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import {
  buyStoreCredit,
  listCreditLoadReceipts,
  quoteCreditLoad,
  readCreditLoad,
} from "./credit-load-checkout.service.ts";
import type { SettlePayment } from "./payments.service.ts";

/** Buying store credit with a card (decision 068). */
export async function creditLoadRoutes(app: FastifyInstance, options: { settlePayment: SettlePayment }) {
  const { settlePayment } = options;
  addRoute(
    app,
    createCreditLoad,
    async ({ body, user, request }) => ({
      data: await buyStoreCredit(app.deps, { user, body, log: request.log, settlePayment }),
    }),
    {
      tags: ["payments"],
      summary: "Buy store credit: the load and its payment; answers where to pay (idempotent on clientReference)",
    },
  );

  addRoute(app, getCreditLoadQuote, async ({ query }) => ({ data: quoteCreditLoad(app.deps, query.amountDzd) }), {
    tags: ["payments"],
    summary: "What a credit load of this amount costs the payer, the gateway's fee share included",
  });

  addRoute(
    app,
    getCreditLoad,
    async ({ params, user, request }) => ({
      data: await readCreditLoad(app.deps, { userId: user.id, loadId: params.loadId, log: request.log, settlePayment }),
    }),
    { tags: ["payments"], summary: "A credit load's state and the balance after it (asks the gateway while pending)" },
  );

  addRoute(app, listCreditLoads, async ({ user }) => ({ data: await listCreditLoadReceipts(app.deps, user.id) }), {
    tags: ["payments"],
    summary: "The caller's paid credit loads with their receipt numbers",
  });
}
