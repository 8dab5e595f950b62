import { type JobHandlers, readPayload } from "../../lib/job-queue.ts";
import { UPSTREAM_ORDER_READY_TASK } from "../esims/index.ts";
import { findConfirmedOrderByUpstreamOrderNo } from "./provisioning.repo.ts";
import { queueProvisioning } from "./provisioning.service.ts";

/**
 * The upstream said an order's profiles are ready (its ORDER_STATUS webhook): the provisioning of our paid order
 * with that upstream order number runs now instead of at its next look. A hint only: that run queries the upstream
 * before storing anything, and an order number that is not one of our paid orders changes nothing (decision 052).
 */
export const upstreamOrderReadyJobs: JobHandlers = {
  async [UPSTREAM_ORDER_READY_TASK](payload, { deps, log }) {
    const { upstreamOrderNo } = readPayload(payload, ["upstreamOrderNo"]);
    const order = await findConfirmedOrderByUpstreamOrderNo(deps.db, upstreamOrderNo);
    if (!order) {
      log.info({ upstreamOrderNo }, "upstream order ready: not one of our orders awaiting delivery; ignored");
      return;
    }
    await queueProvisioning(deps.db, order.id);
  },
};
