import type * as z from "zod/mini";
import { prettifyError } from "zod/mini";
import { type EsimProvider, UpstreamError, type UpstreamPackage, type UpstreamProfile } from "../esim-port.ts";
import { mapEsimStatus } from "../esim-status.ts";
import {
  balanceSchema,
  type EsimAccessEnvelope,
  type EsimAccessProfile,
  envelopeSchema,
  orderAnswerSchema,
  packageListSchema,
  profileListSchema,
  usageListSchema,
} from "./esim-access-schemas.ts";
import { mapEsimAccessPackage } from "./map-package.ts";
import { createRateLimiter } from "./rate-limiter.ts";
import { buildEsimAccessHeaders } from "./sign-request.ts";

/** eSIM Access: "profile not yet allocated", the normal answer to esim/query for a few seconds after ordering. */
export const ERROR_NOT_ALLOCATED = "200010";
/** Server error, system busy, timestamp expired (our clock or a slow queue; a re-signed retry fixes it). */
const RETRYABLE_ERROR_CODES = new Set(["000001", "900001", "101001"]);
const MAX_TRANSACTION_ID_LENGTH = 50;
const DAY_MS = 86_400_000;

export interface EsimAccessProviderOptions {
  baseUrl: string;
  accessCode: string;
  /** With it every request is HMAC-signed; without it the access code alone authenticates. */
  secret?: string | undefined;
  /** Per-request limit, headers to body; a hung upstream must not hold a worker forever. */
  timeoutMs?: number;
  /** eSIM Access allows 8 requests/s per account. */
  requestsPerSecond?: number;
  /** The account's budget shared by every process (shared-rate-budget.ts); without it, one counted in this process. */
  limiter?: { run<T>(task: () => Promise<T>): Promise<T> };
  /** How far back a duplicate transactionId's order is searched (esim/query by date). */
  duplicateLookupDays?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** eSIM Access times are UTC; some come without a zone ("2025-03-19 18:00:00"), which JavaScript would read as local. */
export function parseUpstreamTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const date = new Date(hasZone ? value : `${value.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function looksLikeDuplicateTransaction(message: string): boolean {
  return /transaction/i.test(message) && /(exist|duplicat|repeat|used|already)/i.test(message);
}

function toUpstreamProfile(
  profile: EsimAccessProfile,
  usage?: { dataUsage: number; lastUpdateTime?: string | null | undefined },
): UpstreamProfile {
  const [, smdpAddress = "", matchingId = ""] = /^LPA:1\$([^$]+)\$([^$]+)/.exec(profile.ac) ?? [];
  const usedBytes = usage?.dataUsage ?? profile.orderUsage ?? 0;
  const status = mapEsimStatus({ esimStatus: profile.esimStatus, smdpStatus: profile.smdpStatus, usedBytes });
  const expiredTime = parseUpstreamTime(profile.expiredTime);
  // Before installation eSIM Access's expiredTime is the install deadline; afterwards, the end of validity.
  const isUnused = profile.smdpStatus.toUpperCase() === "RELEASED";
  return {
    reference: profile.esimTranNo,
    upstreamOrderNo: profile.orderNo,
    iccid: profile.iccid,
    smdpAddress,
    matchingId,
    activationCode: profile.ac,
    qrCodeUrl: profile.qrCodeUrl ?? null,
    apn: profile.apn ?? null,
    status,
    totalBytes: profile.totalVolume && profile.totalVolume > 0 ? profile.totalVolume : null,
    usedBytes,
    usageUpdatedAt: parseUpstreamTime(usage?.lastUpdateTime),
    expiresAt: isUnused ? null : expiredTime,
    activateBefore: isUnused ? expiredTime : null,
  };
}

/**
 * The eSIM Access client (PROVIDERS.md): every call a signed JSON POST under /api/v1/open, every answer
 * validated, every failure an UpstreamError that says whether retrying can help.
 */
export function createEsimAccessProvider(options: EsimAccessProviderOptions): EsimProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const limiter = options.limiter ?? createRateLimiter({ perSecond: options.requestsPerSecond ?? 8 });
  const duplicateLookupDays = options.duplicateLookupDays ?? 30;

  async function post(path: string, payload: Record<string, unknown>): Promise<EsimAccessEnvelope> {
    const body = JSON.stringify(payload);
    return limiter.run(async () => {
      const headers = {
        "Content-Type": "application/json",
        ...buildEsimAccessHeaders({ accessCode: options.accessCode, secret: options.secret, body, nowMs: Date.now() }),
      };
      let text: string;
      let status: number;
      try {
        const response = await fetchImpl(`${baseUrl}/api/v1/open/${path}`, {
          method: "POST",
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        const isTimeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new UpstreamError(`eSIM Access ${path}: ${isTimeout ? "timed out" : "unreachable"}`, {
          isRetryable: true,
          upstreamCode: isTimeout ? "TIMEOUT" : "NETWORK",
          cause: error,
        });
      }
      if (status === 429 || status >= 500) {
        throw new UpstreamError(`eSIM Access ${path}: HTTP ${status}`, {
          isRetryable: true,
          upstreamCode: `HTTP_${status}`,
        });
      }
      if (status < 200 || status >= 300) {
        throw new UpstreamError(`eSIM Access ${path}: HTTP ${status}`, {
          isRetryable: false,
          upstreamCode: `HTTP_${status}`,
        });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new UpstreamError(`eSIM Access ${path}: answer is not JSON`, {
          isRetryable: false,
          upstreamCode: "INVALID_RESPONSE",
          cause: error,
        });
      }
      const envelope = envelopeSchema.safeParse(json);
      if (!envelope.success) {
        throw new UpstreamError(`eSIM Access ${path}: unexpected answer: ${prettifyError(envelope.error)}`, {
          isRetryable: false,
          upstreamCode: "INVALID_RESPONSE",
        });
      }
      return envelope.data;
    });
  }

  function errorOf(path: string, envelope: EsimAccessEnvelope): UpstreamError {
    const code =
      envelope.errorCode === null || envelope.errorCode === undefined ? "UNKNOWN" : String(envelope.errorCode);
    const message = envelope.errorMsg ?? envelope.errorMessage ?? "failed";
    return new UpstreamError(`eSIM Access ${path}: ${message} (${code})`, {
      isRetryable: RETRYABLE_ERROR_CODES.has(code),
      upstreamCode: code,
    });
  }

  function read<T extends z.ZodMiniType>(path: string, schema: T, envelope: EsimAccessEnvelope): z.output<T> {
    if (!envelope.success) throw errorOf(path, envelope);
    const parsed = schema.safeParse(envelope.obj);
    if (!parsed.success) {
      throw new UpstreamError(`eSIM Access ${path}: unexpected answer: ${prettifyError(parsed.error)}`, {
        isRetryable: false,
        upstreamCode: "INVALID_RESPONSE",
      });
    }
    return parsed.data;
  }

  async function queryProfiles(filter: Record<string, unknown>, pageNum = 1) {
    const envelope = await post("esim/query", { ...filter, pager: { pageNum, pageSize: 50 } });
    if (!envelope.success && String(envelope.errorCode) === ERROR_NOT_ALLOCATED) return null;
    return read("esim/query", profileListSchema, envelope).esimList ?? [];
  }

  /**
   * eSIM Access has no "order by transactionId" query, but every profile carries the transactionId it was
   * ordered with: search recent profiles by date for ours.
   */
  async function findOrderNoByTransactionId(transactionId: string): Promise<string | null> {
    const end = now();
    const start = new Date(end.getTime() - duplicateLookupDays * DAY_MS);
    for (let pageNum = 1; pageNum <= 20; pageNum++) {
      const profiles = await queryProfiles({ startTime: start.toISOString(), endTime: end.toISOString() }, pageNum);
      if (!profiles || profiles.length === 0) return null;
      const match = profiles.find((profile) => profile.transactionId === transactionId);
      if (match) return match.orderNo;
      if (profiles.length < 50) return null;
    }
    return null;
  }

  async function fetchUsage(reference: string) {
    try {
      const envelope = await post("esim/usage/query", { esimTranNoList: [reference] });
      if (!envelope.success) return undefined;
      const obj = envelope.obj as { esimUsageList?: unknown } | unknown[] | null | undefined;
      const list = Array.isArray(obj) ? obj : obj?.esimUsageList;
      const parsed = usageListSchema.safeParse(list);
      return parsed.success ? parsed.data.find((usage) => usage.esimTranNo === reference) : undefined;
    } catch {
      // Usage is a refinement: esim/query already carries orderUsage, so a failed usage call is not a failed query.
      return undefined;
    }
  }

  return {
    name: "esim-access",

    async listPackages() {
      const packages = new Map<string, UpstreamPackage>();
      for (const type of ["BASE", "TOPUP"] as const) {
        const answer = read("package/list", packageListSchema, await post("package/list", { type }));
        for (const item of answer.packageList) {
          const mapped = mapEsimAccessPackage(item, { isTopUp: type === "TOPUP" });
          if (mapped && !packages.has(mapped.code)) packages.set(mapped.code, mapped);
        }
      }
      return [...packages.values()];
    },

    async orderProfiles(input) {
      if (input.transactionId.length === 0 || input.transactionId.length > MAX_TRANSACTION_ID_LENGTH) {
        throw new UpstreamError("transactionId must be 1 to 50 characters", {
          isRetryable: false,
          upstreamCode: "INVALID_TRANSACTION_ID",
        });
      }
      const envelope = await post("esim/order", {
        transactionId: input.transactionId,
        amount: input.unitPriceUsdE4 * input.count,
        packageInfoList: [{ packageCode: input.packageCode, count: input.count, price: input.unitPriceUsdE4 }],
      });
      if (envelope.success) return { upstreamOrderNo: read("esim/order", orderAnswerSchema, envelope).orderNo };

      const error = errorOf("esim/order", envelope);
      if (error.isRetryable) throw error;
      // A retry after a lost answer may meet "transactionId already used": the order exists, find it.
      const existing = await findOrderNoByTransactionId(input.transactionId);
      if (existing) return { upstreamOrderNo: existing };
      if (looksLikeDuplicateTransaction(error.message)) {
        // Its profiles are not allocated yet, so the search cannot see it: ask again later, never order twice.
        throw new UpstreamError(`${error.message}; its order is not visible yet`, {
          isRetryable: true,
          upstreamCode: "DUPLICATE_TRANSACTION_PENDING",
          cause: error,
        });
      }
      throw error;
    },

    async queryOrder(upstreamOrderNo) {
      const profiles = await queryProfiles({ orderNo: upstreamOrderNo });
      if (!profiles || profiles.length === 0) return { state: "allocating" };
      return { state: "ready", profiles: profiles.map((profile) => toUpstreamProfile(profile)) };
    },

    async queryProfile(reference) {
      const profiles = await queryProfiles({ esimTranNo: reference });
      const profile = profiles?.find((item) => item.esimTranNo === reference);
      if (!profile) return null;
      return toUpstreamProfile(profile, await fetchUsage(reference));
    },

    async topUp(input) {
      const envelope = await post("esim/topup", {
        esimTranNo: input.reference,
        packageCode: input.packageCode,
        transactionId: input.transactionId,
        amount: input.priceUsdE4,
      });
      if (envelope.success) return;
      const error = errorOf("esim/topup", envelope);
      // Our top-up transactionIds are never reused for another top-up: a duplicate is our own earlier attempt.
      if (!error.isRetryable && looksLikeDuplicateTransaction(error.message)) return;
      throw error;
    },

    async cancel(reference) {
      const envelope = await post("esim/cancel", { esimTranNo: reference });
      if (envelope.success) return;
      const error = errorOf("esim/cancel", envelope);
      if (error.isRetryable) throw error;
      // A retry after a lost answer finds the profile already cancelled: that is success.
      const profiles = await queryProfiles({ esimTranNo: reference });
      if (
        profiles?.some((profile) => profile.esimTranNo === reference && profile.esimStatus.toUpperCase() === "CANCEL")
      ) {
        return;
      }
      throw error;
    },

    async getBalance() {
      // No parameters: an empty JSON object, signed like every other call.
      const answer = read("balance/query", balanceSchema, await post("balance/query", {}));
      return { balanceUsdE4: answer.balance };
    },
  };
}
