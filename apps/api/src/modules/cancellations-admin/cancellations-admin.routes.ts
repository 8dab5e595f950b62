import {
  approveCancellationRequest as approveCancellationEndpoint,
  approveTechnicalRefund as approveRefundEndpoint,
  listCancellationQueue,
  refuseCancellationRequest as refuseCancellationEndpoint,
  refuseTechnicalRefund as refuseRefundEndpoint,
} from "@esim/shared/admin/refunds-contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { approveTechnicalRefund, refuseTechnicalRefund } from "../orders/index.ts";
import {
  approveCancellationRequest,
  getCancellationQueue,
  refuseCancellationRequest,
} from "./cancellations-admin.service.ts";

const tags = ["admin"];

/** The console's cancellations and refunds queue (issue 15, point 6): admin and support. */
export async function cancellationsAdminRoutes(app: FastifyInstance) {
  addRoute(app, listCancellationQueue, async () => ({ data: await getCancellationQueue(app.deps) }), {
    tags,
    summary: "Cancellation requests, undelivered orders to refund or keep, refunds owed",
  });

  addRoute(
    app,
    approveCancellationEndpoint,
    async ({ params, body, operator, request }) => ({
      data: await approveCancellationRequest(app.deps, {
        requestId: params.id,
        reason: body.reason,
        caller: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Approve a cancellation request: cancelled upstream, refunded, the traveller emailed" },
  );

  addRoute(
    app,
    refuseCancellationEndpoint,
    async ({ params, body, operator, request }) => ({
      data: await refuseCancellationRequest(app.deps, {
        requestId: params.id,
        reason: body.reason,
        caller: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Refuse a cancellation request with a reason the traveller reads" },
  );

  addRoute(
    app,
    approveRefundEndpoint,
    async ({ params, body, operator, request }) => ({
      data: await approveTechnicalRefund(app.deps, {
        orderId: params.id,
        reason: body.reason,
        decidedBy: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Refund a paid order whose eSIMs could not be delivered; the traveller is emailed" },
  );

  addRoute(
    app,
    refuseRefundEndpoint,
    async ({ params, body, operator, request }) => ({
      data: await refuseTechnicalRefund(app.deps, {
        orderId: params.id,
        reason: body.reason,
        decidedBy: { operatorId: operator.id, ip: request.ip },
      }),
    }),
    { tags, summary: "Keep delivering a failed order instead of refunding it; the traveller is told why" },
  );
}
