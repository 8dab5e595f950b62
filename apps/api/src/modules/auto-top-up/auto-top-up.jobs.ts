import { type JobHandlers, readPayload } from "../../lib/job-queue.ts";
import { ESIM_UPSTREAM_UPDATED_TASK } from "../esims/index.ts";
import { AUTO_TOP_UP_ORDER_TASK, checkAutoTopUp, placeAutoTopUpOrder } from "./auto-top-up.service.ts";

/** The eSIM's new usage or validity may fire its auto top-up; a claimed trigger's order is placed from credit. */
export const autoTopUpJobs: JobHandlers = {
  async [ESIM_UPSTREAM_UPDATED_TASK](payload, { deps }) {
    const { esimId } = readPayload(payload, ["esimId"]);
    await checkAutoTopUp(deps, { esimId });
  },
  async [AUTO_TOP_UP_ORDER_TASK](payload, { deps }) {
    const { triggerId } = readPayload(payload, ["triggerId"]);
    await placeAutoTopUpOrder(deps, { triggerId });
  },
};
