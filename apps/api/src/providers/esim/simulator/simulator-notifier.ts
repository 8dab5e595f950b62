import { randomUUID } from "node:crypto";
import { API_BASE_PATH } from "@esim/shared/http";
import type { Config } from "../../../config.ts";
import { hashDigits } from "./hash.ts";
import type { SimulatorEsimProvider, SimulatorProfileState } from "./simulator-esim-provider.ts";

const DAY_MS = 86_400_000;
/** eSIM Access sends VALIDITY_USAGE when a day of validity is left. */
const VALIDITY_WARNING_MS = DAY_MS;
/** A webhook our own route does not answer within this is counted as failed and sent again next round. */
const POST_TIMEOUT_MS = 10_000;

export type SimulatorNotifyType = "ORDER_STATUS" | "SMDP_EVENT" | "ESIM_STATUS" | "DATA_USAGE" | "VALIDITY_USAGE";

/** A webhook body exactly as eSIM Access posts it. */
export interface SimulatorWebhook {
  notifyType: SimulatorNotifyType;
  notifyId: string;
  eventGenerateTime: string;
  content: Record<string, unknown>;
}

export interface SimulatorNotifierLog {
  warn(details: object, message: string): void;
}

export interface SimulatorNotifierOptions {
  provider: Pick<SimulatorEsimProvider, "listProfileStates">;
  /** Our own eSIM webhook route (see simulatorWebhookUrl). */
  webhookUrl: string;
  fetch?: typeof fetch;
  log: SimulatorNotifierLog;
  /** The simulator's clock, for the validity left and the event times. */
  now?: () => Date;
}

export interface SimulatorNotifier {
  /** Compares every profile with what was last delivered and posts the difference; rounds never overlap. */
  runOnce(): Promise<{ delivered: number; failed: number }>;
  /** Lets a running round finish (cut short between two posts) and sends nothing more. */
  stop(): Promise<void>;
}

/** What was last delivered for a profile: each field moves only after a 2xx for its own webhook. */
interface Notified {
  smdpStatus: string;
  esimStatus: string;
  /** Used data in tenths of the total (0–10); always 0 when unlimited. */
  usageTenths: number;
  isValidityEnding: boolean;
}

/** Our own webhook route for the simulator, where eSIM Access would be configured to post. */
export function simulatorWebhookUrl(config: Pick<Config, "PUBLIC_URL" | "ESIM_WEBHOOK_TOKEN">): string {
  const base = config.PUBLIC_URL;
  return `${base}${API_BASE_PATH}/webhooks/esim/simulator/${encodeURIComponent(config.ESIM_WEBHOOK_TOKEN)}`;
}

function snapshotOf(profile: SimulatorProfileState, at: Date): Notified {
  const { totalBytes, expiresAt } = profile;
  const msLeft = expiresAt ? expiresAt.getTime() - at.getTime() : null;
  return {
    smdpStatus: profile.smdpStatus,
    esimStatus: profile.esimStatus,
    usageTenths:
      totalBytes === null || totalBytes <= 0 ? 0 : Math.min(10, Math.floor((profile.usedBytes * 10) / totalBytes)),
    isValidityEnding: msLeft !== null && msLeft > 0 && msLeft < VALIDITY_WARNING_MS,
  };
}

/** As the upstream reports a profile it has just allocated. */
function isFreshlyAllocated(snapshot: Notified): boolean {
  return (
    snapshot.esimStatus === "GOT_RESOURCE" &&
    snapshot.smdpStatus === "RELEASED" &&
    snapshot.usageTenths === 0 &&
    !snapshot.isValidityEnding
  );
}

/** eSIM Access writes times without milliseconds. */
function upstreamTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A plausible EID, stable per profile: 32 digits whose last two are ISO/IEC 7064 MOD 97-10 check digits. */
function eidOf(esimTranNo: string): string {
  const body = `89049032${hashDigits(`eid:${esimTranNo}`, 22)}`;
  const check = 98n - ((BigInt(body) * 100n) % 97n);
  return `${body}${String(check).padStart(2, "0")}`;
}

function webhookOf(notifyType: SimulatorNotifyType, content: Record<string, unknown>, at: Date): SimulatorWebhook {
  return { notifyType, notifyId: randomUUID().replaceAll("-", ""), eventGenerateTime: upstreamTime(at), content };
}

function identityOf(profile: SimulatorProfileState) {
  return {
    iccid: profile.iccid,
    orderNo: profile.orderNo,
    esimTranNo: profile.esimTranNo,
    transactionId: profile.transactionId,
  };
}

/** The webhooks eSIM Access would send for one profile, shaped as its documentation shows them. */
export const simulatorWebhooks = {
  orderStatus: (profile: SimulatorProfileState, at: Date) =>
    webhookOf(
      "ORDER_STATUS",
      { orderNo: profile.orderNo, orderStatus: "GOT_RESOURCE", transactionId: profile.transactionId },
      at,
    ),
  esimStatus: (profile: SimulatorProfileState, at: Date) =>
    webhookOf(
      "ESIM_STATUS",
      { ...identityOf(profile), esimStatus: profile.esimStatus, smdpStatus: profile.smdpStatus },
      at,
    ),
  smdpEvent: (profile: SimulatorProfileState, at: Date) =>
    webhookOf(
      "SMDP_EVENT",
      {
        ...identityOf(profile),
        eid: eidOf(profile.esimTranNo),
        esimStatus: profile.esimStatus,
        smdpStatus: profile.smdpStatus,
        timestamp: upstreamTime(at),
        seqNumber: null,
        notifyStatus: "Executed-Success",
      },
      at,
    ),
  dataUsage: (profile: SimulatorProfileState, at: Date, usageTenths: number) => {
    const totalVolume = profile.totalBytes ?? 0;
    return webhookOf(
      "DATA_USAGE",
      {
        ...identityOf(profile),
        totalVolume,
        orderUsage: profile.usedBytes,
        remain: Math.max(0, totalVolume - profile.usedBytes),
        remainThreshold: (10 - usageTenths) / 10,
        lastUpdateTime: upstreamTime(at),
      },
      at,
    );
  },
  validityUsage: (profile: SimulatorProfileState, at: Date) => {
    const expiresAtMs = profile.expiresAt?.getTime() ?? at.getTime();
    const installedAtMs = profile.installedAt?.getTime() ?? expiresAtMs;
    return webhookOf(
      "VALIDITY_USAGE",
      {
        ...identityOf(profile),
        remain: Math.ceil((expiresAtMs - at.getTime()) / DAY_MS),
        totalDuration: Math.round((expiresAtMs - installedAtMs) / DAY_MS),
        durationUnit: "DAY",
        expiredTime: upstreamTime(new Date(expiresAtMs)),
      },
      at,
    );
  },
};

/**
 * Sends the simulator's profile changes to our webhook route as eSIM Access would. What was delivered is kept in
 * memory only: after a restart each profile is announced once more, harmless since webhooks are hints.
 */
export function createSimulatorNotifier(options: SimulatorNotifierOptions): SimulatorNotifier {
  const { provider, webhookUrl, log } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const notifiedProfiles = new Map<string, Notified>();
  const notifiedOrders = new Set<string>();
  let isStopped = false;
  let queue: Promise<unknown> = Promise.resolve();

  async function round(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    let firstFailure: object | undefined;

    /** True after a 2xx; a failure is only counted, and the same webhook goes again next round. */
    async function deliver(webhook: SimulatorWebhook): Promise<boolean> {
      if (isStopped) return false;
      const about = { notifyType: webhook.notifyType, content: webhook.content };
      try {
        const response = await fetchImpl(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(webhook),
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) {
          delivered++;
          return true;
        }
        firstFailure ??= { ...about, status: response.status };
      } catch (error) {
        firstFailure ??= { ...about, err: error };
      }
      failed++;
      return false;
    }

    async function notifyProfile(profile: SimulatorProfileState, at: Date) {
      const current = snapshotOf(profile, at);
      const notified = notifiedProfiles.get(profile.esimTranNo);
      if (!notified) {
        if (!isFreshlyAllocated(current)) {
          // Unknown to this process (a restart, or allocated and changed within one round): one hint is enough.
          if (!(await deliver(simulatorWebhooks.esimStatus(profile, at)))) return;
        } else if (!notifiedOrders.has(profile.orderNo)) {
          if (!(await deliver(simulatorWebhooks.orderStatus(profile, at)))) return;
          notifiedOrders.add(profile.orderNo);
        }
        notifiedProfiles.set(profile.esimTranNo, current);
        return;
      }
      // In the upstream's order; a failure stops this profile's round so its events stay in order.
      if (notified.smdpStatus !== current.smdpStatus) {
        if (!(await deliver(simulatorWebhooks.smdpEvent(profile, at)))) return;
        notified.smdpStatus = current.smdpStatus;
      }
      if (notified.esimStatus !== current.esimStatus) {
        if (!(await deliver(simulatorWebhooks.esimStatus(profile, at)))) return;
        notified.esimStatus = current.esimStatus;
      }
      if (notified.usageTenths !== current.usageTenths) {
        if (!(await deliver(simulatorWebhooks.dataUsage(profile, at, current.usageTenths)))) return;
        notified.usageTenths = current.usageTenths;
      }
      if (notified.isValidityEnding !== current.isValidityEnding) {
        // Only the start of the last day is announced; leaving it (expiry, a top-up) sends nothing itself.
        if (current.isValidityEnding && !(await deliver(simulatorWebhooks.validityUsage(profile, at)))) return;
        notified.isValidityEnding = current.isValidityEnding;
      }
    }

    try {
      const at = now();
      const profiles = await provider.listProfileStates();
      for (const profile of profiles) {
        if (isStopped) break;
        await notifyProfile(profile, at);
      }
      // Cancelled profiles leave the list: forget them, and orders none of whose profiles is left.
      const listed = new Set(profiles.map((profile) => profile.esimTranNo));
      for (const esimTranNo of notifiedProfiles.keys())
        if (!listed.has(esimTranNo)) notifiedProfiles.delete(esimTranNo);
      const listedOrders = new Set(profiles.map((profile) => profile.orderNo));
      for (const orderNo of notifiedOrders) if (!listedOrders.has(orderNo)) notifiedOrders.delete(orderNo);
    } catch (error) {
      log.warn({ err: error }, "simulator webhooks: reading the profiles failed; the next round retries");
    }
    if (failed > 0) {
      log.warn({ ...firstFailure, failed }, "simulator webhooks: not delivered; the next round sends them again");
    }
    return { delivered, failed };
  }

  return {
    runOnce() {
      const run = queue.then(round);
      queue = run.catch(() => {});
      return run;
    },
    async stop() {
      isStopped = true;
      await queue;
    },
  };
}

/**
 * Runs the notifier every intervalMs (SIMULATOR_NOTIFY_SECONDS), the next round timed from the end of the last
 * so rounds never overlap. stop() waits for a running round.
 */
export function startSimulatorNotifier(options: SimulatorNotifierOptions & { intervalMs: number }): SimulatorNotifier {
  const notifier = createSimulatorNotifier(options);
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (isStopped) return;
    timer = setTimeout(() => {
      void notifier.runOnce().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    runOnce: notifier.runOnce,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await notifier.stop();
    },
  };
}
