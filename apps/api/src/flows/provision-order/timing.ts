import type { AppDeps } from "../../lib/deps.ts";

export interface ProvisioningTiming {
  /** How long one run waits for the upstream to allocate the profiles before it queues a later look and ends. */
  allocationWaitMs: number;
  /** Pause between two queries while the upstream allocates. */
  pollEveryMs: number;
  /** The first later look, after a run that saw the profiles still allocating. */
  recheckAfterMs: number;
  /** Later looks wait as long again as the order has waited since payment, at most this (decision 052). */
  maxRecheckAfterMs: number;
  /** Past this since payment, an allocation still pending counts as a failure (retries with backoff, then flag). */
  maxAllocationMs: number;
}

/**
 * eSIM Access allocates within about 30 s and says so with its ORDER_STATUS webhook, which queues the run at once; its
 * 8 requests a second are the account's, for every process. So a run queries once right after ordering, and the
 * fallback looks again after 5 s, 10 s, 20 s, 40 s, then every 60 s: a burst of paid orders does not spend the budget
 * on polling (decision 052).
 */
export const DEFAULT_PROVISIONING_TIMING: ProvisioningTiming = {
  allocationWaitMs: 0,
  pollEveryMs: 0,
  recheckAfterMs: 5_000,
  maxRecheckAfterMs: 60_000,
  maxAllocationMs: 30 * 60_000,
};

/**
 * The simulator is a table in our own database with no request budget, and its webhooks come on its notifier's round
 * (SIMULATOR_NOTIFY_SECONDS): a run waits a little for it, as before. Every 100 ms, the queries of 50 runs waiting
 * at once crowded out everything else on two cores (bench/README.md).
 */
export const SIMULATOR_PROVISIONING_TIMING: ProvisioningTiming = {
  allocationWaitMs: 1_500,
  pollEveryMs: 150,
  recheckAfterMs: 2_000,
  maxRecheckAfterMs: 2_000,
  maxAllocationMs: 30 * 60_000,
};

/** The timing that fits the configured upstream. */
export function provisioningTimingFor(deps: Pick<AppDeps, "esim">): ProvisioningTiming {
  return deps.esim.name === "simulator" ? SIMULATOR_PROVISIONING_TIMING : DEFAULT_PROVISIONING_TIMING;
}

/** When to look again at an order still allocating: as long again as it has waited, within the timing's bounds. */
export function nextLookAfterMs(waitedMs: number, timing: ProvisioningTiming): number {
  return Math.min(timing.maxRecheckAfterMs, Math.max(timing.recheckAfterMs, waitedMs));
}
