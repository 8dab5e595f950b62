import {
  acceptConsoleOrderHeldPayment,
  cancelConsoleOrderEsim,
  exportConsoleOrders,
  getConsoleOrder,
  recordConsoleOrderRefund,
  refundConsoleOrderHeldMoney,
  refuseConsoleOrderHeldPayment,
  resendConsoleOrderInstallEmail,
  retryConsoleOrderProvisioning,
  searchConsoleOrders,
} from "@esim/shared/console/orders-contract";
import type { FastifyInstance } from "fastify";
import { sendCsv } from "../../lib/csv.ts";
import { addRawRoute, addRoute } from "../../lib/route.ts";
import type { CancelAndRefund } from "../console-cancellations/index.ts";
import { presentOrderDetail, presentOrderSummary } from "./console-orders.presenter.ts";
import {
  acceptOrderHeldPayment,
  cancelOrderEsim,
  exportOrdersCsv,
  getOrderDetail,
  recordOrderRefund,
  refundOrderHeldMoney,
  refuseOrderHeldPayment,
  resendOrderInstallEmail,
  retryOrderProvisioning,
  searchOrders,
} from "./console-orders.service.ts";

const tags = ["admin"];

/**
 * The console's orders (decision 036): every operator; recording a refund and accepting a held payment are the
 * admin's (decision 067).
 */
/** The console's orders; the cancel-and-refund flow is handed in where the routes are registered (decision 091). */
export async function consoleOrdersRoutes(app: FastifyInstance, options: { cancelAndRefund: CancelAndRefund }) {
  addRoute(
    app,
    searchConsoleOrders,
    async ({ query }) => {
      const { page, ...filter } = query;
      const found = await searchOrders(app.deps, { filter, page });
      return { data: found.rows.map(presentOrderSummary), page: found.page, hasMore: found.hasMore };
    },
    { tags, summary: "Find and filter orders (name, email, phone, number; status, days, payment method, promo code)" },
  );

  addRawRoute(
    app,
    exportConsoleOrders,
    async ({ query, operator, reply, request }) => {
      const csv = await exportOrdersCsv(app.deps, { filter: query, operator, ip: request.ip });
      return sendCsv(reply, { filename: "orders.csv", csv });
    },
    { tags, summary: "The filtered orders list as CSV (admin, audited)" },
  );

  addRoute(
    app,
    getConsoleOrder,
    async ({ params }) => ({ data: presentOrderDetail(await getOrderDetail(app.deps, { number: params.number })) }),
    { tags, summary: "An order with its payment, eSIMs, provisioning and timeline" },
  );

  addRoute(
    app,
    retryConsoleOrderProvisioning,
    async ({ params, operator, request }) => ({
      data: presentOrderDetail(
        await retryOrderProvisioning(app.deps, { number: params.number, operator, ip: request.ip }),
      ),
    }),
    { tags, summary: "Queue provisioning again for a paid, undelivered order (audited)" },
  );

  addRoute(
    app,
    resendConsoleOrderInstallEmail,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await resendOrderInstallEmail(app.deps, {
          number: params.number,
          requestKey: body.requestKey,
          operator,
          ip: request.ip,
        }),
      ),
    }),
    { tags, summary: "Send a delivered order's install email again (audited)" },
  );

  addRoute(
    app,
    recordConsoleOrderRefund,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await recordOrderRefund(app.deps, { number: params.number, ...body, operator, ip: request.ip }),
      ),
    }),
    { tags, summary: "Record a (partial) refund sent for an order on which money is owed (admin, audited)" },
  );

  addRoute(
    app,
    refundConsoleOrderHeldMoney,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await refundOrderHeldMoney(app.deps, { number: params.number, reason: body.reason, operator, ip: request.ip }),
      ),
    }),
    { tags, summary: "Owe back the money held on an order that went on without it (admin, audited)" },
  );

  addRoute(
    app,
    cancelConsoleOrderEsim,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await cancelOrderEsim(app.deps, {
          number: params.number,
          esimId: params.esimId,
          reason: body.reason,
          operator,
          ip: request.ip,
          cancelAndRefund: options.cancelAndRefund,
        }),
      ),
    }),
    { tags, summary: "Cancel an unused eSIM of the order upstream, for the customer (audited, emailed)" },
  );

  addRoute(
    app,
    acceptConsoleOrderHeldPayment,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await acceptOrderHeldPayment(app.deps, { number: params.number, note: body.note, operator, ip: request.ip }),
      ),
    }),
    { tags, summary: "Accept a held payment after checking it: confirmed, invoiced, provisioned (admin, audited)" },
  );

  addRoute(
    app,
    refuseConsoleOrderHeldPayment,
    async ({ params, body, operator, request }) => ({
      data: presentOrderDetail(
        await refuseOrderHeldPayment(app.deps, {
          number: params.number,
          reason: body.reason,
          operator,
          ip: request.ip,
        }),
      ),
    }),
    { tags, summary: "Refuse a held payment: its refund is owed, the customer emailed (audited)" },
  );
}
