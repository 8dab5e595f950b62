import { type JobHandlers, readPayload } from "../../lib/job-queue.ts";
import { ESIM_UPSTREAM_UPDATED_TASK } from "../esims/index.ts";
import {
  AUTO_TOP_UP_ORDER_TASK,
  checkAutoTopUp,
  type PlaceFromCredit,
  placeAutoTopUpOrder,
} from "./auto-top-up.service.ts";

/**
 * The eSIM's new usage or validity may fire its auto top-up; a claimed trigger's order is placed from credit through
 * the place-order flow's credit door, handed in by the worker (decision 082).
 */
export function createAutoTopUpJobs(placeFromCredit: PlaceFromCredit): JobHandlers {
  return {
    async [ESIM_UPSTREAM_UPDATED_TASK](payload, { deps }) {
      const { esimId } = readPayload(payload, ["esimId"]);
      await checkAutoTopUp(deps, { esimId });
    },
    async [AUTO_TOP_UP_ORDER_TASK](payload, { deps }) {
      const { triggerId } = readPayload(payload, ["triggerId"]);
      await placeAutoTopUpOrder(deps, { triggerId, placeFromCredit });
    },
  };
}
