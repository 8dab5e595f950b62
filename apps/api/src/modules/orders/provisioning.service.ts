import { setTimeout as sleep } from "node:timers/promises";
import type { AutomaticRefundReason } from "@esim/shared/orders/refunds";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob, type JobHandlers, type JobLog, readPayload } from "../../lib/job-queue.ts";
import { UpstreamError, type UpstreamProfile } from "../../providers/esim/esim-port.ts";
import {
  isPackagePriceStale,
  parseDzdPerUsdE4,
  readPriceSettings,
  refreshPackageFromUpstream,
} from "../catalog/index.ts";
import {
  countEsimBundlesOfPackage,
  findEsimById,
  insertBundles,
  insertEsims,
  updateEsimFromUpstream,
} from "../esims/index.ts";
import { getOrderMoney } from "../ledger/index.ts";
import { settleOrderCredit } from "../store-credit/index.ts";
import { automaticRefundDocumentReason, queueAutomaticRefundEmail } from "./automatic-refund-email.ts";
import { queueInstallEmail } from "./install-email.ts";
import { applyOrderEvent, flagOrder, type OrderRow } from "./order-lifecycle.ts";
import {
  findOrderWithPackage,
  recordProvisioningAttempt,
  recordProvisioningFailure,
  recordUpstreamCost,
  storeUpstreamOrderNo,
} from "./provisioning.repo.ts";
import { oweRefund, settleOrderRefund } from "./refunds.ts";
import {
  INSUFFICIENT_BALANCE_CODE,
  WATCH_UPSTREAM_BALANCE_TASK,
  waitForUpstreamBalance,
  watchUpstreamBalance,
} from "./upstream-balance.ts";

export const PROVISION_ORDER_TASK = "provision-order";
/**
 * graphile-worker waits exp(attempt) seconds between tries: 10 attempts span about three and a half hours before the
 * order is flagged for the operator.
 */
export const PROVISIONING_MAX_ATTEMPTS = 10;

/**
 * Queues the provisioning of a paid order in the caller's transaction, keyed by the order id: one job however often
 * this is called; one already failed for good, or running now, is replaced by a new one (run after `delayMs`).
 */
export async function queueProvisioning(
  db: DbOrTx,
  orderId: string,
  options: { delayMs?: number; keepsEarlierRun?: boolean } = {},
) {
  await addJob(db, {
    task: PROVISION_ORDER_TASK,
    payload: { orderId },
    key: orderId,
    // A later look must not postpone a run already due sooner (one the upstream's ORDER_STATUS webhook asked for).
    keyMode: options.keepsEarlierRun ? "preserve_run_at" : "replace",
    maxAttempts: PROVISIONING_MAX_ATTEMPTS,
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
  });
}

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
function nextLookAfterMs(waitedMs: number, timing: ProvisioningTiming): number {
  return Math.min(timing.maxRecheckAfterMs, Math.max(timing.recheckAfterMs, waitedMs));
}

export type ProvisioningResult =
  | "delivered"
  | "allocating"
  | "already_delivered"
  | "not_confirmed"
  | "unknown_order"
  | "refund_owed"
  | "awaiting_upstream_balance";

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

type OrderWithPackage = NonNullable<Awaited<ReturnType<typeof findOrderWithPackage>>>;

/**
 * Applies a paid top-up to its eSIM upstream with the order id as transactionId, then stores the eSIM's new state and
 * the new bundle, and marks the order delivered, once. The upstream does not deduplicate a top-up's transactionId, so
 * a run after an earlier attempt first asks whether that attempt was applied (decision 053) and never calls again if so.
 */
async function applyTopUp(deps: AppDeps, { order, package: pkg }: OrderWithPackage): Promise<boolean> {
  const esim = order.targetEsimId ? await findEsimById(deps.db, order.targetEsimId) : undefined;
  if (!esim) {
    throw new UpstreamError(`The eSIM of top-up ${order.number} is unknown`, {
      isRetryable: false,
      upstreamCode: "NO_TARGET_ESIM",
    });
  }
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
    await buyAtUpstreamPrice(deps, order, pkg, (cost) => deps.esim.topUp({ ...topUp, priceUsdE4: cost.costUsdE4 }));
  }
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
    return deliver(tx, deps, { orderId: order.id, cause: "top-up applied upstream", now });
  });
  observeDelivery(deps, delivered);
  return delivered !== undefined;
}

/** The upstream's refusals of the price we sent (eSIM Access 200005 "package price", 200006 "amount wrong"). */
const PRICE_REFUSALS = new Set(["200005", "200006"]);
/** eSIM Access 310241: "The packageCode does not exist." */
const PACKAGE_GONE = "310241";

/** Thrown inside a run when the order can no longer be bought as sold: the sale is owed back, nothing is flagged. */
class RefundOwedInstead extends Error {
  constructor(
    readonly reason: AutomaticRefundReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Buys at the upstream's price of today (decision 083): a stored price older than the catalogue's resync period is
 * refreshed first; a refusal of the price (200005/200006) or of the package (310241) refreshes that package at once.
 * A package the upstream no longer lists is taken off sale and the order refunded; a cost that rose is bought at by
 * itself while the sale still clears the operator's floor, else refunded. Anything else is the caller's failure.
 */
async function buyAtUpstreamPrice<T>(
  deps: AppDeps,
  order: OrderRow,
  pkg: OrderWithPackage["package"],
  buy: (cost: { costUsdE4: number }) => Promise<T>,
): Promise<T> {
  let cost = pkg.costUsdE4;
  if (isPackagePriceStale(pkg, deps.now())) {
    cost = await refreshedCost(deps, order, pkg, cost);
  }
  try {
    await recordCostBeforeBuying(deps, order, { costUsdE4: cost });
    return await buy({ costUsdE4: cost });
  } catch (error) {
    const code = error instanceof UpstreamError ? (error.upstreamCode ?? "") : "";
    if (!PRICE_REFUSALS.has(code) && code !== PACKAGE_GONE) throw error;
    const refreshed = await refreshedCost(deps, order, pkg, cost);
    // Listed, at the price we sent: the refusal is not about price or withdrawal, so it stays the failure it was.
    if (refreshed === cost) throw error;
    // The refusal bought nothing: the cost of this purchase replaces the one stored before it.
    await recordCostBeforeBuying(deps, order, { costUsdE4: refreshed }, { replace: true });
    return buy({ costUsdE4: refreshed });
  }
}

/** The package's cost as the upstream says now (stored in the catalogue); throws RefundOwedInstead when unsellable. */
async function refreshedCost(
  deps: AppDeps,
  order: OrderRow,
  pkg: OrderWithPackage["package"],
  soldAtUsdE4: number,
): Promise<number> {
  const refreshed = await refreshPackageFromUpstream(deps, pkg);
  if (!refreshed.exists) {
    throw new RefundOwedInstead(
      "package_withdrawn",
      `the package ${pkg.upstreamCode} was withdrawn by the upstream and is off sale`,
    );
  }
  // A cost that fell (or stayed) was already accepted when the order was sold; only a rise is held to the floor.
  if (refreshed.costUsdE4 > soldAtUsdE4) {
    const margin = await marginAtCost(deps, order, refreshed.costUsdE4);
    const floorDzdMinor = deps.config.UPSTREAM_REPRICE_MIN_MARGIN_DZD * 100;
    if (margin.marginDzdMinor < floorDzdMinor) {
      throw new RefundOwedInstead(
        "upstream_price_loss",
        `the upstream's price of ${pkg.upstreamCode} rose to ${refreshed.costUsdE4 / 10_000} USD: ` +
          `${margin.costDzdMinor / 100} DA for a sale of ${margin.netDzdMinor / 100} DA net, under the floor`,
      );
    }
  }
  return refreshed.costUsdE4;
}

/**
 * What the order would earn at this upstream cost: the sale net of the merchant's share of the gateway fee, minus
 * the cost (× quantity) in dinars at today's rate, rounded up against us.
 */
async function marginAtCost(deps: AppDeps, order: OrderRow, unitCostUsdE4: number) {
  const money = await getOrderMoney(deps.db, order.id);
  const soldDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
  const merchantSharePercent =
    deps.config.PAYMENT_FEES_PAID_BY === "merchant"
      ? deps.config.PAYMENT_FEE_PERCENT
      : deps.config.PAYMENT_FEES_PAID_BY === "split"
        ? deps.config.PAYMENT_FEE_PERCENT / 2
        : 0;
  const netDzdMinor = Math.floor(soldDzdMinor * (1 - merchantSharePercent / 100));
  const rateE4 = parseDzdPerUsdE4((await readPriceSettings(deps)).dzdPerUsd) ?? 0;
  // USD × 1e4 × (DZD/USD × 1e4) → DZD minor: ÷ 1e4 ÷ 1e4 × 100.
  const costDzdMinor = Math.ceil((unitCostUsdE4 * order.quantity * rateE4) / 1_000_000);
  return { netDzdMinor, costDzdMinor, marginDzdMinor: netDzdMinor - costDzdMinor };
}

/**
 * Stores the order's upstream cost (unit price × quantity, as the upstream is asked to charge) and today's rate before
 * the upstream is called: a crash after the purchase never leaves a bought order without its cost (decision 065).
 */
async function recordCostBeforeBuying(
  deps: AppDeps,
  order: OrderWithPackage["order"],
  pkg: { costUsdE4: number },
  options: { replace?: boolean } = {},
) {
  const { dzdPerUsd } = await readPriceSettings(deps);
  await recordUpstreamCost(
    deps.db,
    order.id,
    { upstreamCostUsdE4: pkg.costUsdE4 * order.quantity, dzdPerUsd },
    options,
  );
}

/** confirmed → delivered with the install (or top-up) email queued in the same transaction; undefined if already done. */
async function deliver(tx: DbOrTx, deps: AppDeps, options: { orderId: string; cause: string; now: Date }) {
  const delivered = await applyOrderEvent(tx, {
    orderId: options.orderId,
    event: "delivered",
    cause: options.cause,
    actor: "worker",
    now: options.now,
  });
  if (!delivered) return undefined;
  await queueInstallEmail(tx, { orderId: options.orderId, publicUrl: deps.config.PUBLIC_URL });
  return delivered;
}

/** The paid-to-delivered time, observed once the delivery committed (a rolled-back one delivered nothing). */
function observeDelivery(deps: AppDeps, delivered: OrderRow | undefined): void {
  if (!delivered?.confirmedAt || !delivered.deliveredAt) return;
  deps.metrics.paidToDelivered.observe(
    Math.max(0, (delivered.deliveredAt.getTime() - delivered.confirmedAt.getTime()) / 1000),
  );
}

/**
 * Provisions one paid order (a top-up: see applyTopUp), idempotent on the order id: the upstream is ordered with the order id as transactionId
 * (never buys twice), eSIMs are stored once per upstream reference, the order moves confirmed → delivered once and only
 * then is the install email queued. While the upstream allocates, the run queues a later look at the same order and
 * ends, keeping the worker's slots free. Unpaid and delivered orders are left alone. A failure is recorded and thrown for
 * graphile-worker to retry with backoff; the last try, or an error the upstream says will not pass, flags the order
 * for the operator, which stays confirmed ("we are preparing your eSIM").
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
  const { order, package: pkg } = found;
  if (order.status === "delivered") return "already_delivered";
  if (order.status !== "confirmed") {
    // Only a paid order is ever provisioned: an eSIM is never given for free.
    log.warn({ orderId, status: order.status }, "provision-order: the order is not paid; nothing done");
    return "not_confirmed";
  }
  await recordProvisioningAttempt(deps.db, orderId, deps.now());

  try {
    if (order.kind === "top_up") {
      const delivered = await applyTopUp(deps, found);
      if (delivered) log.info({ orderId, orderNumber: order.number }, "top-up applied");
      return delivered ? "delivered" : "already_delivered";
    }
    let upstreamOrderNo = order.upstreamOrderNo;
    if (!upstreamOrderNo) {
      ({ upstreamOrderNo } = await buyAtUpstreamPrice(deps, order, pkg, (cost) =>
        deps.esim.orderProfiles({
          transactionId: order.id,
          packageCode: pkg.upstreamCode,
          count: order.quantity,
          unitPriceUsdE4: cost.costUsdE4,
        }),
      ));
      await storeUpstreamOrderNo(deps.db, orderId, upstreamOrderNo, deps.now());
    }
    const profiles = await waitForProfiles(deps, upstreamOrderNo, timing);
    if (!profiles) {
      const waitedMs = deps.now().getTime() - (order.confirmedAt ?? order.updatedAt).getTime();
      if (waitedMs > timing.maxAllocationMs) {
        throw new UpstreamError(`The upstream is still allocating order ${upstreamOrderNo}`, {
          isRetryable: true,
          upstreamCode: "ALLOCATING",
        });
      }
      // This run ends; the replacement job (same key) looks again later, with a fresh count of attempts.
      await queueProvisioning(deps.db, orderId, {
        delayMs: nextLookAfterMs(waitedMs, timing),
        keepsEarlierRun: true,
      });
      return "allocating";
    }
    if (profiles.length !== order.quantity) {
      throw new UpstreamError(`The upstream answered ${profiles.length} profiles for ${order.quantity}`, {
        isRetryable: false,
        upstreamCode: "PROFILE_COUNT",
      });
    }
    const now = deps.now();
    const delivered = await deps.db.transaction(async (tx) => {
      const esimIds = await insertEsims(
        tx,
        profiles.map((profile) => ({
          userId: order.userId,
          orderId,
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
          orderId,
          packageId: pkg.id,
          dataMb: pkg.dataMb,
          validityDays: pkg.validityDays,
          appliedAt: now,
          createdAt: now,
        })),
      );
      return deliver(tx, deps, {
        orderId,
        cause: `${profiles.length} eSIM(s) of upstream order ${upstreamOrderNo} stored`,
        now,
      });
    });
    observeDelivery(deps, delivered);
    if (delivered) log.info({ orderId, orderNumber: order.number, esims: profiles.length }, "order delivered");
    return delivered ? "delivered" : "already_delivered";
  } catch (error) {
    if (error instanceof RefundOwedInstead) {
      await oweUndeliverable(deps, order, error.reason, error.message);
      log.warn(
        { orderId, orderNumber: order.number, reason: error.message },
        "undeliverable at its price: refund owed",
      );
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
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await recordProvisioningFailure(tx, orderId, { error: message.slice(0, 1000), now });
      if (isGivingUp) {
        await flagOrder(tx, { orderId, kind: "provisioning_failed", reason: message, actor: "worker", now });
      }
    });
    if (isGivingUp) {
      log.error({ orderId, orderNumber: order.number, err: error }, "provisioning failed for good: order flagged");
    }
    throw error;
  }
}

/** Whether a top-up's eSIM is over upstream (cancelled, deleted or past its end): nothing can be added to it. */
async function isTopUpTargetOver(deps: AppDeps, order: OrderRow): Promise<boolean> {
  if (order.kind !== "top_up" || !order.targetEsimId) return false;
  const esim = await findEsimById(deps.db, order.targetEsimId);
  if (!esim) return false;
  let profile: UpstreamProfile | null;
  try {
    profile = await deps.esim.queryProfile(esim.upstreamReference);
  } catch {
    // Unreadable: not proven over, so the order is flagged as before.
    return false;
  }
  if (!profile) return false;
  if (profile.status === "Canceled" || profile.status === "Deleted") return true;
  return profile.expiresAt !== null && profile.expiresAt.getTime() <= deps.now().getTime();
}

/**
 * The whole sale owed back in one transaction (decision 083), like an operator's refund decision but without one: the
 * order goes to refund_due, the ledger owes the amount with its credit note, the traveller is emailed in their language.
 */
async function oweUndeliverable(
  deps: AppDeps,
  order: OrderRow,
  reason: AutomaticRefundReason,
  cause: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const moved = await applyOrderEvent(tx, {
      orderId: order.id,
      event: "refund_decided",
      cause,
      actor: "worker",
      now,
    });
    if (!moved) return;
    const money = await getOrderMoney(tx, order.id);
    const amountDzdMinor = money.soldDzdMinor - money.refundedDzdMinor;
    await oweRefund(tx, deps, {
      order: moved,
      key: `refund-owed:undeliverable:${order.id}`,
      source: "sale",
      amountDzdMinor,
      reason: cause,
      documentReason: automaticRefundDocumentReason(reason),
      actor: "worker",
      now,
    });
    await settleOrderCredit(tx, { order: moved, outcome: "released", cause, actor: "worker", now });
    await queueAutomaticRefundEmail(tx, deps, { order: moved, reason, amountDzdMinor, isHeldMoney: false });
    await settleOrderRefund(tx, { order: moved, cause: "nothing owed", actor: "worker", now });
  });
}

/** The orders module's tasks; `timing` lets tests and benchmarks shorten the waits for the upstream. */
export function createOrdersJobs(options: { timing?: ProvisioningTiming } = {}): JobHandlers {
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
    async [WATCH_UPSTREAM_BALANCE_TASK](_payload, { deps, log }) {
      await watchUpstreamBalance(deps, { log, queueProvisioning: (db, orderId) => queueProvisioning(db, orderId) });
    },
  };
}
