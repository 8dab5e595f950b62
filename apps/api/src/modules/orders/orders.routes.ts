import { getOrder, listOrders } from "@esim/shared/orders/contracts";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentOrder } from "./orders.presenter.ts";
import * as orders from "./orders.service.ts";

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
}
