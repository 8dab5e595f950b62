import { setTimeout as sleep } from "node:timers/promises";
import type { AppDeps } from "../lib/deps.ts";
import { type JobHandlers, type JobLog, readPayload } from "../lib/job-queue.ts";
import { defineWorkflow, forgetStepOutput, RunPaused, type StepOutput, WorkflowStepError } from "../lib/workflow.ts";
import { findPackageWithDestination } from "../modules/catalog/index.ts";
import {
  countEsimBundlesOfPackage,
  findEsimById,
  insertBundles,
  insertEsims,
  updateEsimFromUpstream,
} from "../modules/esims/index.ts";
import {
  deliverOrder,
  findOrderWithPackage,
  INSUFFICIENT_BALANCE_CODE,
  type OrderRow,
  type OrderWithPackage,
  PROVISION_ORDER_TASK,
  queueProvisioning,
  recordProvisioningAttempt,
  recordProvisioningFailed,
  storeUpstreamOrderNo,
  waitForUpstreamBalance,
} from "../modules/orders/index.ts";
import { UpstreamError, type UpstreamProfile } from "../providers/esim/esim-port.ts";
import { nextLookAfterMs, type ProvisioningTiming, provisioningTimingFor } from "./provision-order/timing.ts";
import { isTopUpTargetOver, oweUndeliverable } from "./provision-order/undeliverable.ts";
import { buyAtUpstreamPrice, RefundOwedInstead } from "./provision-order/upstream-price.ts";

export {
  DEFAULT_PROVISIONING_TIMING,
  type ProvisioningTiming,
  SIMULATOR_PROVISIONING_TIMING,
} from "./provision-order/timing.ts";

// Provisioning a paid order (decision 090): a workflow whose run id is the order id, so a run killed between two steps
// resumes at the unfinished one on the job's retry and never repeats a finished one. Every step is idempotent on its
// own too (two runs may overlap). Each job run first checks the order is paid and not yet delivered, and counts itself.
//
// A new eSIM ("provision-order"):
//   1. buy-upstream-profiles: `esim/order` at the upstream's price of today (decision 083), the order id as
//      transactionId (the upstream never buys twice); the upstream order number is stored on the order and handed on;
//   2. collect-profiles: the allocated profiles; while the upstream still allocates, a later look is queued and the run
//      pauses here (past 30 minutes since payment it is a failure);
//   3. store-esims-and-deliver: in one transaction the eSIMs (once per upstream reference), their bundles, the order
//      delivered and its install email queued.
// A top-up ("provision-top-up"):
//   1. apply-top-up: `esim/topup` with the order id as transactionId; the upstream does not deduplicate it, so a run
//      after an earlier attempt first asks whether that one was applied (decision 053);
//   2. store-top-up-and-deliver: in one transaction the eSIM's new state, the bundle, the order delivered and its email.
// A step that fails: a price that rose past the floor or a package withdrawn → the sale owed back (decision 083); our
// upstream balance short (200007) → the order waits for it (decision 089); a top-up onto an ended eSIM → owed back;
// anything else is recorded and thrown for the job to retry with backoff, and flagged for the operator on giving up.

export type ProvisioningResult =
  | "delivered"
  | "allocating"
  | "already_delivered"
  | "not_confirmed"
  | "unknown_order"
  | "refund_owed"
  | "awaiting_upstream_balance";

interface ProvisionInput {
  /** The order and its package as this run found them. */
  found: OrderWithPackage;
  timing: ProvisioningTiming;
}

const provisionEsims = defineWorkflow<ProvisionInput>("provision-order", [
  {
    name: "buy-upstream-profiles",
    async run({ deps, input: { found } }) {
      const { order, package: pkg } = found;
      // Bought by a run before this flow recorded its steps: the number is on the order.
      if (order.upstreamOrderNo) {
        return { upstreamOrderNo: order.upstreamOrderNo, packageId: order.standInPackageId ?? pkg.id };
      }
      let packageId = pkg.id;
      const { upstreamOrderNo } = await buyAtUpstreamPrice(deps, order, pkg, (purchase) => {
        packageId = purchase.packageId;
        return deps.esim.orderProfiles({
          transactionId: order.id,
          packageCode: purchase.packageCode,
          count: order.quantity,
          unitPriceUsdE4: purchase.costUsdE4,
        });
      });
      await storeUpstreamOrderNo(deps.db, order.id, upstreamOrderNo, deps.now());
      // A stand-in for a package the upstream withdrew (decision 083): its eSIMs carry what was really bought.
      return { upstreamOrderNo, packageId };
    },
  },
  {
    name: "collect-profiles",
    async run({ deps, input: { found, timing }, outputs }) {
      const { order } = found;
      const { upstreamOrderNo } = outputs["buy-upstream-profiles"] as { upstreamOrderNo: string };
      const profiles = await waitForProfiles(deps, upstreamOrderNo, timing);
      if (!profiles) {
        const waitedMs = deps.now().getTime() - (order.confirmedAt ?? order.updatedAt).getTime();
        if (waitedMs > timing.maxAllocationMs) {
          throw new UpstreamError(`The upstream is still allocating order ${upstreamOrderNo}`, {
            isRetryable: true,
            upstreamCode: "ALLOCATING",
          });
        }
        // The replacement job (same key) looks again later, with a fresh count of attempts; this run ends here.
        await queueProvisioning(deps.db, order.id, {
          delayMs: nextLookAfterMs(waitedMs, timing),
          keepsEarlierRun: true,
        });
        throw new RunPaused(`the upstream is still allocating order ${upstreamOrderNo}`);
      }
      if (profiles.length !== order.quantity) {
        throw new UpstreamError(`The upstream answered ${profiles.length} profiles for ${order.quantity}`, {
          isRetryable: false,
          upstreamCode: "PROFILE_COUNT",
        });
      }
      return { upstreamOrderNo, profiles: profiles.map(profileToStep) };
    },
  },
  {
    name: "store-esims-and-deliver",
    async run({ deps, input: { found }, outputs, log }) {
      const { order } = found;
      const bought = outputs["buy-upstream-profiles"] as { packageId?: string };
      const pkg = await boughtPackage(deps, found, bought.packageId);
      const collected = outputs["collect-profiles"] as { upstreamOrderNo: string; profiles: StepProfile[] };
      const profiles = collected.profiles.map(profileFromStep);
      const now = deps.now();
      const delivered = await deps.db.transaction(async (tx) => {
        const esimIds = await insertEsims(
          tx,
          profiles.map((profile) => ({
            userId: order.userId,
            orderId: order.id,
            provider: deps.esim.name,
            upstreamReference: profile.reference,
            iccid: profile.iccid,
            smdpAddress: profile.smdpAddress,
            matchingId: profile.matchingId,
            activationCode: profile.activationCode,
            qrCodeUrl: profile.qrCodeUrl,
            apn: profile.apn,
            status: profile.status,
            destinationCode: pkg.destinationCode,
            packageId: pkg.id,
            dataTotalBytes: profile.totalBytes,
            dataUsedBytes: profile.usedBytes,
            usageUpdatedAt: profile.usageUpdatedAt,
            activateBefore: profile.activateBefore,
            expiresAt: profile.expiresAt,
            createdAt: now,
            updatedAt: now,
          })),
        );
        await insertBundles(
          tx,
          [...esimIds.values()].map((esimId) => ({
            esimId,
            orderId: order.id,
            packageId: pkg.id,
            dataMb: pkg.dataMb,
            validityDays: pkg.validityDays,
            appliedAt: now,
            createdAt: now,
          })),
        );
        const standIn =
          pkg.id === found.package.id ? "" : ` as ${pkg.upstreamCode}, for ${found.package.upstreamCode} withdrawn`;
        // The profiles' activation codes now live with the eSIMs alone (a run that is delivered never reruns).
        await forgetStepOutput(tx, { workflow: "provision-order", runId: order.id, step: "collect-profiles" });
        return deliverOrder(tx, deps, {
          orderId: order.id,
          cause: `${profiles.length} eSIM(s) of upstream order ${collected.upstreamOrderNo} stored${standIn}`,
          now,
        });
      });
      observeDelivery(deps, delivered);
      if (delivered)
        log.info({ orderId: order.id, orderNumber: order.number, esims: profiles.length }, "order delivered");
      return { delivered: delivered !== undefined };
    },
  },
]);

/** The package the buy step bought: the order's, or the stand-in it bought for a withdrawn one. */
async function boughtPackage(deps: AppDeps, found: OrderWithPackage, packageId: string | undefined) {
  if (!packageId || packageId === found.package.id) return found.package;
  const standIn = await findPackageWithDestination(deps.db, packageId);
  if (!standIn) throw new Error(`The package ${packageId} bought for order ${found.order.number} is gone`);
  return standIn.package;
}

const provisionTopUp = defineWorkflow<ProvisionInput>("provision-top-up", [
  {
    name: "apply-top-up",
    async run({ deps, input: { found } }) {
      const { order, package: pkg } = found;
      const esim = await targetEsimOf(deps, order);
      const topUp = {
        reference: esim.upstreamReference,
        packageCode: pkg.upstreamCode,
        transactionId: order.id,
        priceUsdE4: pkg.costUsdE4,
        priorCount: await countEsimBundlesOfPackage(deps.db, {
          esimId: esim.id,
          packageId: pkg.id,
          exceptOrderId: order.id,
        }),
      };
      // provisioningAttempts was read before this run counted itself: above 0, an earlier run may have applied it.
      const isRetry = order.provisioningAttempts > 0;
      const earlier = isRetry ? await deps.esim.isTopUpApplied(topUp) : false;
      if (earlier === null) {
        throw new UpstreamError(`Whether top-up ${order.number} was applied upstream cannot be told yet`, {
          isRetryable: true,
          upstreamCode: "TOPUP_OUTCOME_UNKNOWN",
        });
      }
      if (!earlier) {
        await buyAtUpstreamPrice(deps, order, pkg, (purchase) =>
          deps.esim.topUp({ ...topUp, priceUsdE4: purchase.costUsdE4 }),
        );
      }
      return { esimId: esim.id };
    },
  },
  {
    name: "store-top-up-and-deliver",
    async run({ deps, input: { found }, log }) {
      const { order, package: pkg } = found;
      const esim = await targetEsimOf(deps, order);
      const profile = await deps.esim.queryProfile(esim.upstreamReference);
      const now = deps.now();
      const delivered = await deps.db.transaction(async (tx) => {
        if (profile) await updateEsimFromUpstream(tx, esim.id, profile, now);
        await insertBundles(tx, [
          {
            esimId: esim.id,
            orderId: order.id,
            packageId: pkg.id,
            dataMb: pkg.dataMb,
            validityDays: pkg.validityDays,
            appliedAt: now,
            createdAt: now,
          },
        ]);
        return deliverOrder(tx, deps, { orderId: order.id, cause: "top-up applied upstream", now });
      });
      observeDelivery(deps, delivered);
      if (delivered) log.info({ orderId: order.id, orderNumber: order.number }, "top-up applied");
      return { delivered: delivered !== undefined };
    },
  },
]);

/** The workflows' names and steps, in order (for operators and tests reading workflow_steps). */
export const PROVISIONING_WORKFLOWS = {
  esims: { name: provisionEsims.name, steps: provisionEsims.steps },
  topUp: { name: provisionTopUp.name, steps: provisionTopUp.steps },
};

/**
 * Provisions one paid order, idempotent on the order id. Unpaid and delivered orders are left alone. A failure is
 * recorded and thrown for graphile-worker to retry with backoff; the last try, or an error the upstream says will not
 * pass, flags the order for the operator, which stays confirmed ("we are preparing your eSIM").
 */
export async function provisionOrder(
  deps: AppDeps,
  options: { orderId: string; isLastAttempt: boolean; log: JobLog; timing?: ProvisioningTiming },
): Promise<ProvisioningResult> {
  const { orderId, log } = options;
  const timing = options.timing ?? provisioningTimingFor(deps);
  const found = await findOrderWithPackage(deps.db, orderId);
  if (!found) {
    log.warn({ orderId }, "provision-order: no such order");
    return "unknown_order";
  }
  const { order } = found;
  if (order.status === "delivered") return "already_delivered";
  if (order.status !== "confirmed") {
    // Only a paid order is ever provisioned: an eSIM is never given for free.
    log.warn({ orderId, status: order.status }, "provision-order: the order is not paid; nothing done");
    return "not_confirmed";
  }
  await recordProvisioningAttempt(deps.db, orderId, deps.now());

  const workflow = order.kind === "top_up" ? provisionTopUp : provisionEsims;
  try {
    // A failed step is retried, refunded or waits (below): a warning naming the step; only giving up is an error.
    const stepLog: JobLog = {
      info: (details, message) => log.info(details, message),
      warn: (details, message) => log.warn(details, message),
      error: (details, message) => log.warn(details, message),
    };
    const run = await workflow.run(deps, { runId: orderId, input: { found, timing }, log: stepLog });
    if (run.pausedAt) return "allocating";
    const lastStep = workflow.steps[workflow.steps.length - 1]!;
    const last = run.outputs[lastStep] as { delivered: boolean } | null;
    return run.ran.includes(lastStep) && last?.delivered ? "delivered" : "already_delivered";
  } catch (thrown) {
    // The step's own error decides what follows; the workflow only names the step.
    const error = thrown instanceof WorkflowStepError ? thrown.cause : thrown;
    return await handleFailure(deps, { order, error, isLastAttempt: options.isLastAttempt, log });
  }
}

/** What a failed run leaves: a refund owed, an order waiting for our balance, or a recorded failure thrown again. */
async function handleFailure(
  deps: AppDeps,
  options: { order: OrderRow; error: unknown; isLastAttempt: boolean; log: JobLog },
): Promise<ProvisioningResult> {
  const { order, error, log } = options;
  const orderId = order.id;
  if (error instanceof RefundOwedInstead) {
    await oweUndeliverable(deps, order, error.reason, error.message);
    log.warn({ orderId, orderNumber: order.number, reason: error.message }, "undeliverable at its price: refund owed");
    return "refund_owed";
  }
  const message = error instanceof Error ? error.message : String(error);
  const isHopeless = error instanceof UpstreamError && !error.isRetryable;
  const isGivingUp = options.isLastAttempt || isHopeless;
  // Our account upstream lacks the money: the order waits for it, never a failure (decision 089).
  if (error instanceof UpstreamError && error.upstreamCode === INSUFFICIENT_BALANCE_CODE) {
    await waitForUpstreamBalance(deps, { order, reason: message });
    log.warn({ orderId, orderNumber: order.number }, "upstream balance short: order waits for it");
    return "awaiting_upstream_balance";
  }
  // A top-up refused because its eSIM ended since the order was placed can never be delivered: owed back at once.
  if (isHopeless && (await isTopUpTargetOver(deps, order))) {
    await oweUndeliverable(
      deps,
      order,
      order.payLinkId ? "pay_link_undeliverable" : "esim_ended_before_top_up",
      `the eSIM ended before the top-up could be applied (${message.slice(0, 300)})`,
    );
    log.warn({ orderId, orderNumber: order.number, err: error }, "top-up onto an ended eSIM: refund owed");
    return "refund_owed";
  }
  await recordProvisioningFailed(deps, { orderId, message, isGivingUp });
  if (isGivingUp) {
    log.error({ orderId, orderNumber: order.number, err: error }, "provisioning failed for good: order flagged");
  }
  throw error;
}

/** The profiles once allocated, or null when the upstream is still allocating after the run's wait. */
async function waitForProfiles(
  deps: AppDeps,
  upstreamOrderNo: string,
  timing: ProvisioningTiming,
): Promise<UpstreamProfile[] | null> {
  const deadline = Date.now() + timing.allocationWaitMs;
  for (;;) {
    const answer = await deps.esim.queryOrder(upstreamOrderNo);
    if (answer.state === "ready") return answer.profiles;
    if (Date.now() + timing.pollEveryMs >= deadline) return null;
    await sleep(timing.pollEveryMs);
  }
}

async function targetEsimOf(deps: AppDeps, order: OrderRow) {
  const esim = order.targetEsimId ? await findEsimById(deps.db, order.targetEsimId) : undefined;
  if (!esim) {
    throw new UpstreamError(`The eSIM of top-up ${order.number} is unknown`, {
      isRetryable: false,
      upstreamCode: "NO_TARGET_ESIM",
    });
  }
  return esim;
}

/** The paid-to-delivered time, observed once the delivery committed (a rolled-back one delivered nothing). */
function observeDelivery(deps: AppDeps, delivered: OrderRow | undefined): void {
  if (!delivered?.confirmedAt || !delivered.deliveredAt) return;
  deps.metrics.paidToDelivered.observe(
    Math.max(0, (delivered.deliveredAt.getTime() - delivered.confirmedAt.getTime()) / 1000),
  );
}

/** A profile as a step hands it on (JSON: its dates as ISO strings). */
type StepProfile = Omit<UpstreamProfile, "usageUpdatedAt" | "expiresAt" | "activateBefore"> & {
  usageUpdatedAt: string | null;
  expiresAt: string | null;
  activateBefore: string | null;
};

function profileToStep(profile: UpstreamProfile): StepOutput {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const step: StepProfile = {
    ...profile,
    usageUpdatedAt: iso(profile.usageUpdatedAt),
    expiresAt: iso(profile.expiresAt),
    activateBefore: iso(profile.activateBefore),
  };
  return step as unknown as StepOutput;
}

function profileFromStep(step: StepProfile): UpstreamProfile {
  const date = (iso: string | null) => (iso === null ? null : new Date(iso));
  return {
    ...step,
    usageUpdatedAt: date(step.usageUpdatedAt),
    expiresAt: date(step.expiresAt),
    activateBefore: date(step.activateBefore),
  };
}

/** The provision-order job, registered by the worker; `timing` lets tests and benchmarks shorten the upstream waits. */
export function createProvisionOrderJobs(options: { timing?: ProvisioningTiming } = {}): JobHandlers {
  return {
    async [PROVISION_ORDER_TASK](payload, { deps, log, attempt, maxAttempts }) {
      const { orderId } = readPayload(payload, ["orderId"]);
      await provisionOrder(deps, {
        orderId,
        isLastAttempt: attempt >= maxAttempts,
        log,
        timing: options.timing ?? provisioningTimingFor(deps),
      });
    },
  };
}
