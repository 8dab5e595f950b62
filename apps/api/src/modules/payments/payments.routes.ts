import { API_BASE_PATH } from "@esim/shared/http";
import { cancelOrder, payOrder } from "@esim/shared/orders/contracts";
import { getPayment } from "@esim/shared/payments/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentOrder, presentPlacedOrder } from "../orders/index.ts";
import { creditLoadRoutes } from "./credit-loads.routes.ts";
import { presentPayment } from "./payments.presenter.ts";
import type { SettlePayment } from "./payments.service.ts";
import * as payments from "./payments.service.ts";
import { cancelUnpaidOrder, payUnpaidOrder } from "./unpaid-order.service.ts";

/** The settle-payment flow (decision 091), handed in where the routes are registered (modules/index.ts). */
export interface PaymentsRoutesOptions {
  settlePayment: SettlePayment;
}

export async function paymentsRoutes(app: FastifyInstance, options: PaymentsRoutesOptions) {
  const { settlePayment } = options;
  addRoute(
    app,
    getPayment,
    async ({ params, user, request }) =>
      presentPayment(
        await payments.readPayment(app.deps, {
          userId: user.id,
          paymentId: params.paymentId,
          log: request.log,
          settlePayment,
        }),
      ),
    { tags: ["payments"], summary: "A payment's state for the callback page (asks the gateway while pending)" },
  );

  addRoute(
    app,
    payOrder,
    async ({ params, body, user, request }) =>
      presentPlacedOrder(
        await payUnpaidOrder(app.deps, {
          userId: user.id,
          orderId: params.id,
          returnTo: body.returnTo ?? "web",
          log: request.log,
          settlePayment,
        }),
      ),
    { tags: ["orders"], summary: "Pay now: a checkout for an order awaiting payment (fresh once the last expired)" },
  );

  addRoute(
    app,
    cancelOrder,
    async ({ params, user, request }) => ({
      data: presentOrder(
        await cancelUnpaidOrder(app.deps, { userId: user.id, orderId: params.id, log: request.log, settlePayment }),
      ),
    }),
    { tags: ["orders"], summary: "Cancel an order awaiting payment: its checkout ended, its promo code given back" },
  );

  await app.register(creditLoadRoutes, options);
  await app.register(paymentWebhookRoutes, options);
}

/**
 * The gateways' webhooks. Encapsulated: its parser keeps the body as the raw bytes the signature covers, for these
 * routes only (any content type: the signature, not the header, says whether the body is the gateway's).
 */
async function paymentWebhookRoutes(app: FastifyInstance, options: PaymentsRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string }; Body: Buffer }>(
    `${API_BASE_PATH}/webhooks/payments/:provider`,
    {
      schema: { tags: ["payments"], summary: "Signed webhook of the payment gateway (Chargily's scheme)" },
      // Signed by the gateway and answered quickly: the general per-address limit would drop its retries.
      config: { rateLimit: false },
    },
    async (request) => ({
      data: await payments.receivePaymentWebhook(app.deps, {
        provider: request.params.provider,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        headers: request.headers,
        log: request.log,
        settlePayment: options.settlePayment,
      }),
    }),
  );
}
