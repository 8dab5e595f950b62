import { AVAILABLE_ESIM_STATUSES, TOP_UP_ESIM_STATUSES } from "@esim/shared/statuses";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob } from "../../lib/job-queue.ts";
import { isSameDigest, sha256Hex } from "../../lib/secrets.ts";
import { UpstreamError, type UpstreamPriority } from "../../providers/esim/esim-port.ts";
import { destinationPlansOf } from "../catalog/index.ts";
import { findCancellationRequestByEsim, findEsimOrder } from "./cancellation.repo.ts";
import { cancellationOf } from "./cancellation.service.ts";
import { queueDueEsimAlerts } from "./esim-alerts.ts";
import { recordEsimWebhookEvent } from "./esim-webhook-events.repo.ts";
import {
  type EsimRow,
  type EsimSummaryView,
  type EsimView,
  findEsimById,
  findEsimsByUpstreamHint,
  findStaleEsims,
  findUserEsimView,
  listCompatibleTopUpPackages,
  listEsimBundles,
  listUserEsimSummaries,
  listUserEsimViews,
  touchEsim,
  updateEsimFromUpstream,
} from "./esims.repo.ts";
import { verifyPin } from "./pin.service.ts";

const MINUTE_MS = 60 * 1000;
/** An available eSIM not heard of for this long is re-queried by the sweep. */
export const ESIM_STALE_AFTER_MS = 30 * MINUTE_MS;
const SYNC_BATCH = 50;

type DestinationPlans = { fromDzdMinor: number; fromUsdMinor: number; planCount: number };

export interface PresentableEsim {
  /** The list's narrow view; the detail's full one has all of it. */
  view: EsimSummaryView;
  destinationPlans: DestinationPlans | undefined;
  now: Date;
}

/** Whether the eSIM counts as available (New, Onboard or In Use, and not past its expiry). */
export function isEsimAvailable(esim: Pick<EsimRow, "status" | "expiresAt">, now: Date): boolean {
  return (
    (AVAILABLE_ESIM_STATUSES as readonly string[]).includes(esim.status) &&
    (esim.expiresAt === null || esim.expiresAt > now)
  );
}

/** Whether top-ups are offered: the plan allows them, its days not over, in a status the upstream tops up. */
export function canTopUpEsim(view: Pick<EsimSummaryView, "esim" | "package">, now: Date): boolean {
  const { esim } = view;
  return (
    view.package.supportsTopUp &&
    (esim.expiresAt === null || esim.expiresAt > now) &&
    (TOP_UP_ESIM_STATUSES as readonly string[]).includes(esim.status)
  );
}

/** The caller's eSIMs, newest first, split into available and expired. */
export async function listEsims(deps: AppDeps, options: { userId: string }) {
  const now = deps.now();
  const views = await listUserEsimSummaries(deps.db, options.userId);
  const plans = await destinationPlansOf(deps, new Set(views.map((view) => view.destination.code)));
  const all = views.map((view) => ({ view, destinationPlans: plans.get(view.destination.code), now }));
  return {
    available: all.filter((item) => isEsimAvailable(item.view.esim, now)),
    expired: all.filter((item) => !isEsimAvailable(item.view.esim, now)),
  };
}

async function findOwnEsim(deps: AppDeps, options: { userId: string; esimId: string }): Promise<EsimView> {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such eSIM." });
  return view;
}

/** One of the caller's eSIMs with its bundles and cancellation state; anyone else's answers NOT_FOUND. */
export async function getEsim(deps: AppDeps, options: { userId: string; esimId: string }) {
  const view = await findOwnEsim(deps, options);
  const [bundles, plans, order, request] = await Promise.all([
    listEsimBundles(deps.db, view.esim.id),
    destinationPlansOf(deps, [view.destination.code]),
    findEsimOrder(deps.db, view.esim.orderId),
    findCancellationRequestByEsim(deps.db, view.esim.id),
  ]);
  const now = deps.now();
  const cancellation = cancellationOf({
    esim: view.esim,
    bundleCount: bundles.length,
    paidAt: order?.confirmedAt ?? null,
    request,
    now,
  });
  return { view, destinationPlans: plans.get(view.destination.code), now, bundles, cancellation };
}

/** The install secrets of the caller's eSIM, only after the right PIN (counted by verifyPin). */
export async function revealInstallDetails(deps: AppDeps, options: { userId: string; esimId: string; pin: string }) {
  const view = await findOwnEsim(deps, options);
  await verifyPin(deps, { userId: options.userId, pin: options.pin });
  return view.esim;
}

/**
 * The upstream codes of the top-ups that fit the eSIM, as its provider lists them (eSIM Access: package/list with the
 * eSIM's ICCID, or before it is known with its base packageCode; cached); null when it cannot say (neither list could
 * be had, or the eSIM's plan is another provider's). Null is never filled in with a guess (decision 085).
 */
async function topUpCodesOf(deps: AppDeps, view: Pick<EsimView, "esim" | "package">): Promise<string[] | null> {
  if (view.package.provider !== deps.esim.name) return null;
  return deps.esim.listTopUpPackageCodes({ iccid: view.esim.iccid, baseCode: view.package.upstreamCode });
}

/**
 * The top-up codes for the caller's eSIM (see topUpCodesOf), read before a checkout's transaction; null when the eSIM
 * is not the caller's or the provider cannot say (the checkout then refuses: TOP_UP_LIST_UNAVAILABLE).
 */
export async function findTopUpCodes(deps: AppDeps, options: { userId: string; esimId: string }) {
  const view = await findUserEsimView(deps.db, options.userId, options.esimId);
  return view ? topUpCodesOf(deps, view) : null;
}

/**
 * The top-up plans for the caller's eSIM; empty when it cannot be topped up. TOP_UP_LIST_UNAVAILABLE when the provider
 * cannot say which fit right now: a plan it has not listed is never offered.
 */
export async function listTopUps(deps: AppDeps, options: { userId: string; esimId: string }) {
  const view = await findOwnEsim(deps, options);
  if (!canTopUpEsim(view, deps.now())) return [];
  const codes = await topUpCodesOf(deps, view);
  if (!codes) throw topUpListUnavailable();
  return listCompatibleTopUpPackages(deps.db, view.package, codes);
}

/** Which top-ups fit the eSIM cannot be known now (the upstream's lists failed): try again in a few minutes. */
export function topUpListUnavailable(): AppError {
  return new AppError("TOP_UP_LIST_UNAVAILABLE", {
    message: "Which top-ups fit this eSIM cannot be known right now; try again in a few minutes.",
  });
}

interface SyncLog {
  warn: (details: object, message: string) => void;
}

/**
 * Re-queries one eSIM upstream and stores what it says; the upstream's word is the only source. A failed query is
 * logged and the eSIM touched (the next run retries), unless `throwRetryable` asks for a retryable failure to be
 * thrown for the caller's job to try again.
 */
async function syncEsim(
  deps: AppDeps,
  esim: EsimRow,
  log: SyncLog,
  options: { priority?: UpstreamPriority; throwRetryable?: boolean } = {},
): Promise<boolean> {
  const now = deps.now();
  try {
    const profile = options.priority
      ? await deps.esim.queryProfile(esim.upstreamReference, { priority: options.priority })
      : await deps.esim.queryProfile(esim.upstreamReference);
    if (!profile) {
      await touchEsim(deps.db, esim.id, now);
      return false;
    }
    await deps.db.transaction(async (tx) => {
      await updateEsimFromUpstream(tx, esim.id, profile, now);
      // With the update that makes them due, so the alert job exists exactly when the new state is stored.
      await queueDueEsimAlerts(tx, { esimId: esim.id, now, publicUrl: deps.config.PUBLIC_URL });
      // Whoever reacts to new usage or validity (auto top-up) is told by a job of this commit; one waits per eSIM.
      await addJob(tx, {
        task: ESIM_UPSTREAM_UPDATED_TASK,
        payload: { esimId: esim.id },
        key: `esim-upstream-updated:${esim.id}`,
        maxAttempts: 5,
      });
    });
    return true;
  } catch (error) {
    if (options.throwRetryable && error instanceof UpstreamError && error.isRetryable) throw error;
    log.warn({ err: error, esimId: esim.id }, "eSIM sync: upstream query failed; next run retries");
    await touchEsim(deps.db, esim.id, now);
    return false;
  }
}

/** Whether the path token is the configured webhook token (constant time). */
export function isEsimWebhookTokenValid(deps: AppDeps, token: string): boolean {
  return isSameDigest(sha256Hex(token), sha256Hex(deps.config.ESIM_WEBHOOK_TOKEN));
}

function stringsOf(content: Record<string, unknown>, key: string): string[] {
  const value = content[key];
  if (typeof value === "string" && value.length > 0) return [value];
  if (typeof value === "number") return [String(value)];
  return [];
}

/**
 * Queued with each stored word of the upstream about an eSIM (usage, status, validity), payload `{ esimId }`. The
 * auto-top-up module subscribes to it (it depends on this module).
 */
export const ESIM_UPSTREAM_UPDATED_TASK = "esim-upstream-updated";

/**
 * Queued when the upstream says an order's profiles are ready (ORDER_STATUS, GOT_RESOURCE), payload
 * `{ upstreamOrderNo }`. The orders module subscribes to it (it owns provisioning and depends on this module).
 */
export const UPSTREAM_ORDER_READY_TASK = "upstream-order-ready";

/**
 * Queued for each eSIM a webhook names, payload `{ esimId }`: its re-query upstream, at background priority. One
 * waits per eSIM (keyed, run ESIM_REFRESH_DELAY_MS after the first event), so a flurry of events is one refresh.
 */
export const ESIM_REFRESH_TASK = "esim-refresh";
/** Events about one eSIM within this long after the first are answered by one refresh (SMDP_EVENT comes in bursts). */
export const ESIM_REFRESH_DELAY_MS = 5_000;

/**
 * Treats an upstream webhook as a hint (it carries no signature), without calling the upstream: the event is recorded
 * once per notifyId (a replay changes nothing), each eSIM it names gets a queued refresh (ESIM_REFRESH_TASK), and an
 * order said ready is handed to the orders module, whose run re-queries it. Unknown references and CHECK_HEALTH
 * change nothing. Answers how many eSIMs it queued a refresh for (0 for a replay).
 */
export async function receiveEsimWebhook(
  deps: AppDeps,
  options: { notifyId: string | undefined; notifyType: string; content: Record<string, unknown> },
): Promise<{ isReplay: boolean; queued: number }> {
  if (options.notifyType === "CHECK_HEALTH") return { isReplay: false, queued: 0 };
  const { content, notifyId } = options;
  return deps.db.transaction(async (tx) => {
    // In the transaction of its jobs: an event is recorded exactly when what it asks for is queued.
    if (notifyId && !(await recordEsimWebhookEvent(tx, { notifyId, notifyType: options.notifyType }))) {
      return { isReplay: true, queued: 0 };
    }
    const [readyOrderNo] = stringsOf(content, "orderNo");
    if (options.notifyType === "ORDER_STATUS" && content.orderStatus === "GOT_RESOURCE" && readyOrderNo) {
      // One job per upstream order however often the webhook comes; its run ends at once for an order not ours.
      await addJob(tx, {
        task: UPSTREAM_ORDER_READY_TASK,
        payload: { upstreamOrderNo: readyOrderNo },
        key: `upstream-order-ready:${readyOrderNo}`,
        maxAttempts: 5,
      });
    }
    const nested = Array.isArray(content.esimList) ? (content.esimList as Record<string, unknown>[]) : [];
    const sources = [content, ...nested.filter((item) => item && typeof item === "object")];
    const found = await findEsimsByUpstreamHint(tx, {
      references: sources.flatMap((source) => stringsOf(source, "esimTranNo")),
      iccids: sources.flatMap((source) => stringsOf(source, "iccid")),
      orderNos: sources.flatMap((source) => stringsOf(source, "orderNo")),
    });
    for (const esim of found) {
      // preserve_run_at: a refresh already waiting keeps its time, so events keep coalescing into it.
      await addJob(tx, {
        task: ESIM_REFRESH_TASK,
        payload: { esimId: esim.id },
        key: `esim-refresh:${esim.id}`,
        keyMode: "preserve_run_at",
        delayMs: ESIM_REFRESH_DELAY_MS,
        maxAttempts: 5,
      });
    }
    return { isReplay: false, queued: found.length };
  });
}

/** Runs a queued refresh: the eSIM re-queried at background priority; a busy budget fails the attempt for a retry. */
export async function refreshEsim(deps: AppDeps, options: { esimId: string; log: SyncLog }): Promise<boolean> {
  const esim = await findEsimById(deps.db, options.esimId);
  if (!esim) return false;
  return syncEsim(deps, esim, options.log, { priority: "background", throwRetryable: true });
}

/**
 * Re-queries each of the user's available eSIMs upstream now (the operator opening a customer), storing what the
 * upstream says; one that does not answer keeps its stored figures. Answers the user's eSIMs afterwards.
 */
export async function refreshUserEsims(deps: AppDeps, options: { userId: string; log: SyncLog }) {
  const now = deps.now();
  const views = await listUserEsimViews(deps.db, options.userId);
  for (const view of views) {
    if (isEsimAvailable(view.esim, now)) await syncEsim(deps, view.esim, options.log);
  }
  return listUserEsimViews(deps.db, options.userId);
}

/** Re-queries available eSIMs not updated for 30 minutes, a batch of 50; answers how many were updated. */
export async function syncStaleEsims(deps: AppDeps, options: { log: SyncLog }): Promise<number> {
  const now = deps.now();
  const stale = await findStaleEsims(deps.db, {
    statuses: AVAILABLE_ESIM_STATUSES,
    before: new Date(now.getTime() - ESIM_STALE_AFTER_MS),
    limit: SYNC_BATCH,
  });
  let updated = 0;
  for (const esim of stale) if (await syncEsim(deps, esim, options.log)) updated++;
  return updated;
}
