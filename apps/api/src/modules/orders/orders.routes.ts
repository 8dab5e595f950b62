import { getOrder, listOrders } from "@esim/shared/orders/contracts";
import { chooseOrderRefund, getOrderRefund } from "@esim/shared/orders/refunds";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentOrder, presentOrderRefund } from "./orders.presenter.ts";
import * as orders from "./orders.service.ts";
import { chooseRefund, getCustomerRefund } from "./refunds.ts";

export async function ordersRoutes(app: FastifyInstance) {
  addRoute(
    app,
    listOrders,
    async ({ user }) => ({ data: (await orders.listOrders(app.deps, { userId: user.id })).map(presentOrder) }),
    { tags: ["orders"], summary: "The caller's orders, newest first" },
  );

  addRoute(
    app,
    getOrder,
    async ({ params, user }) => ({
      data: presentOrder(await orders.getOrder(app.deps, { userId: user.id, idOrNumber: params.id })),
    }),
    { tags: ["orders"], summary: "One of the caller's orders, by id or number" },
  );

  addRoute(
    app,
    getOrderRefund,
    async ({ params, user }) => ({
      data: presentOrderRefund(await getCustomerRefund(app.deps, { userId: user.id, orderId: params.id })),
    }),
    { tags: ["orders"], summary: "One of the caller's orders' refund: owed, sent, the choice" },
  );

  addRoute(
    app,
    chooseOrderRefund,
    async ({ params, body, user }) => ({
      data: presentOrderRefund(await chooseRefund(app.deps, { userId: user.id, orderId: params.id, choice: body })),
    }),
    { tags: ["orders"], summary: "Choose store credit at once or a transfer for what is owed on the order" },
  );
}
