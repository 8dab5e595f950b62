import { type JobHandlers, readPayload } from "../../lib/job-queue.ts";
import { ESIM_REFRESH_TASK, refreshEsim } from "./esims.service.ts";

/** A webhook's refresh of one eSIM, queued and coalesced by receiveEsimWebhook. */
export const esimsJobs: JobHandlers = {
  async [ESIM_REFRESH_TASK](payload, { deps, log }) {
    const { esimId } = readPayload(payload, ["esimId"]);
    await refreshEsim(deps, { esimId, log });
  },
};
