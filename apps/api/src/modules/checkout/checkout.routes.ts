import { checkCoupon, createOrder, getCheckoutOptions, getQuote } from "@esim/shared/checkout/contracts";
import type { EndpointParsedBody } from "@esim/shared/http";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { type PresentableOrder, presentPlacedOrder } from "../orders/index.ts";
import { presentQuote } from "./checkout.presenter.ts";
import * as checkout from "./checkout.service.ts";

/** The place-order flow's checkout door (decision 082), handed in where the routes are registered: modules never import flows. */
export interface CheckoutRoutesOptions {
  placeOrder(input: {
    user: AuthenticatedUser;
    order: EndpointParsedBody<typeof createOrder>;
    clientAddress: string;
  }): Promise<{ order: PresentableOrder; checkoutUrl: string | null }>;
}

export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions) {
  addRoute(
    app,
    getQuote,
    async ({ body, user }) =>
      presentQuote(
        await checkout.quoteCart(app.deps, { customer: { userId: user.id, email: user.email }, cart: body }),
      ),
    { tags: ["checkout"], summary: "Price a cart on the server, with an optional coupon" },
  );

  addRoute(
    app,
    checkCoupon,
    async ({ body, user }) =>
      presentQuote(
        await checkout.quoteCart(app.deps, {
          customer: { userId: user.id, email: user.email },
          cart: {
            packageId: body.packageId,
            quantity: body.quantity,
            currency: body.currency,
            couponCode: body.code,
            topUpOf: body.topUpOf,
            useStoreCredit: body.useStoreCredit,
            referral: body.referral,
          },
        }),
      ),
    { tags: ["checkout"], summary: "Check a promo code for a cart; answers the quote with it applied" },
  );

  addRoute(app, getCheckoutOptions, async () => ({ data: checkout.readCheckoutOptions(app.deps) }), {
    tags: ["checkout"],
    summary: "Payment methods the gateway offers and the billing countries",
  });

  addRoute(
    app,
    createOrder,
    async ({ body, user, request }) =>
      presentPlacedOrder(await options.placeOrder({ user, order: body, clientAddress: request.ip })),
    {
      tags: ["orders"],
      summary: "Create the order and its payment; answers where to pay (idempotent on clientReference)",
    },
  );
}
