import {
  approveCancellationRequest as approveCancellationEndpoint,
  approveTechnicalRefund as approveRefundEndpoint,
  listCancellationQueue,
  refuseCancellationRequest as refuseCancellationEndpoint,
  refuseTechnicalRefund as refuseRefundEndpoint,
} from "@esim/shared/console/refunds-contract";
import type { FastifyInstance } from "fastify";
import { addRoute, type RouteContext } from "../../lib/route.ts";
import { approveTechnicalRefund, refuseTechnicalRefund } from "../orders/index.ts";
import {
  approveCancellationRequest,
  type CancelAndRefund,
  getCancellationQueue,
  refuseCancellationRequest,
} from "./console-cancellations.service.ts";

const tags = ["admin"];

/** An operator's decision on an item of the queue: its id (path), the reason they give, who they are and from where. */
interface QueueDecision {
  id: string;
  reason: string;
  by: { operatorId: string; ip: string };
}

/** What a decision's handler reads of its route context: the same on the four decision endpoints. */
type DecisionContext = Pick<
  RouteContext<typeof approveCancellationEndpoint>,
  "params" | "body" | "operator" | "request"
>;

/**
 * The handler of one of the queue's four decisions: they share the path id, the reason body and the operator auth,
 * and differ only in the service deciding.
 */
function decisionHandler<T>(decide: (decision: QueueDecision) => Promise<T>) {
  return async ({ params, body, operator, request }: DecisionContext) => ({
    data: await decide({ id: params.id, reason: body.reason, by: { operatorId: operator.id, ip: request.ip } }),
  });
}

/** The console's cancellations and refunds queue (decision 037): admin and support. */
export async function consoleCancellationsRoutes(app: FastifyInstance, options: { cancelAndRefund: CancelAndRefund }) {
  addRoute(app, listCancellationQueue, async () => ({ data: await getCancellationQueue(app.deps) }), {
    tags,
    summary: "Cancellation requests, undelivered orders to refund or keep, refunds owed",
  });

  addRoute(
    app,
    approveCancellationEndpoint,
    decisionHandler(({ id, reason, by }) =>
      approveCancellationRequest(app.deps, {
        requestId: id,
        reason,
        caller: by,
        cancelAndRefund: options.cancelAndRefund,
      }),
    ),
    { tags, summary: "Approve a cancellation request: cancelled upstream, refunded, the traveller emailed" },
  );

  addRoute(
    app,
    refuseCancellationEndpoint,
    decisionHandler(({ id, reason, by }) => refuseCancellationRequest(app.deps, { requestId: id, reason, caller: by })),
    { tags, summary: "Refuse a cancellation request with a reason the traveller reads" },
  );

  addRoute(
    app,
    approveRefundEndpoint,
    decisionHandler(({ id, reason, by }) => approveTechnicalRefund(app.deps, { orderId: id, reason, decidedBy: by })),
    { tags, summary: "Refund a paid order whose eSIMs could not be delivered; the traveller is emailed" },
  );

  addRoute(
    app,
    refuseRefundEndpoint,
    decisionHandler(({ id, reason, by }) => refuseTechnicalRefund(app.deps, { orderId: id, reason, decidedBy: by })),
    { tags, summary: "Keep delivering a failed order instead of refunding it; the traveller is told why" },
  );
}
