import type * as z from "zod/mini";
import { prettifyError } from "zod/mini";
import {
  type EsimProvider,
  type TopUpInput,
  UpstreamError,
  type UpstreamPackage,
  type UpstreamPackageList,
  type UpstreamPriority,
  type UpstreamProfile,
} from "../esim-port.ts";
import { mapEsimStatus } from "../esim-status.ts";
import {
  balanceSchema,
  type EsimAccessEnvelope,
  type EsimAccessProfile,
  envelopeSchema,
  orderAnswerSchema,
  packageListSchema,
  packageSchema,
  profileListSchema,
  profileSchema,
  usageListSchema,
} from "./esim-access-schemas.ts";
import { mapEsimAccessPackage } from "./map-package.ts";
import { createRateLimiter } from "./rate-limiter.ts";
import { buildEsimAccessHeaders } from "./sign-request.ts";

/** eSIM Access 200010: "Profile is being downloaded for the order", the normal answer to esim/query while it allocates. */
export const ERROR_NOT_ALLOCATED = "200010";
/** eSIM Access 200008: "Order parameters error, please contact customer service" (not a duplicate transactionId). */
const ERROR_ORDER_PARAMETERS = "200008";
/** Server error, system busy, timestamp expired (our clock or a slow queue; a re-signed retry fixes it). */
const RETRYABLE_ERROR_CODES = new Set(["000001", "900001", "101001"]);
/**
 * The error codes the documentation lists (docs.esimaccess.com, "Error Codes"). Any of them but a server error or a busy
 * system is a refusal: the call did nothing. A code outside this list leaves the outcome of a write unknown.
 */
const DOCUMENTED_ERROR_CODES = new Set([
  "000001",
  "000101",
  "000102",
  "000103",
  "000104",
  "000105",
  "000106",
  "000107",
  "101001",
  "101002",
  "101003",
  "200002",
  "200005",
  "200006",
  "200007",
  "200008",
  "200009",
  "200010",
  "200011",
  "310201",
  "310211",
  "310221",
  "310231",
  "310241",
  "310243",
  "310251",
  "310272",
  "310403",
  "900001",
]);
/** A server error or a busy system may come after the write was done: its outcome is unknown. */
const OUTCOME_UNKNOWN_ERROR_CODES = new Set(["000001", "900001"]);
/** Transport failures after which a write may or may not have been applied upstream. */
const OUTCOME_UNKNOWN_TRANSPORT_CODES = new Set(["TIMEOUT", "NETWORK", "INVALID_RESPONSE"]);
const MAX_TRANSACTION_ID_LENGTH = 50;
const DAY_MS = 86_400_000;
/**
 * How long the compatible top-ups of one ICCID, or of one base package, are kept in this process (read-only data
 * derived from package/list; decision 085).
 */
const TOP_UP_CODES_TTL_MS = 10 * 60_000;
/** How often topUp calls esim/topup when each outcome is unknown and the profile shows no sign of it. */
const TOP_UP_CALLS = 2;

/** Where the client reports what it leaves out, and refusals an operator must add to the table (pino fits). */
export interface EsimAccessLog {
  warn(details: object, message: string): void;
  /** Refusals outside the documented table (pino's `error`); without it they go to `warn`. */
  error?(details: object, message: string): void;
}

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
  limiter?: { run<T>(task: () => Promise<T>, priority?: UpstreamPriority): Promise<T> };
  /** How far back a duplicate transactionId's order is searched (esim/query by date). */
  duplicateLookupDays?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Where unusable packages and profiles are reported; they are left out, never fail a whole list. */
  log?: EsimAccessLog;
}

/** eSIM Access times are UTC; some come without a zone ("2025-03-19 18:00:00"), which JavaScript would read as local. */
export function parseUpstreamTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const date = new Date(hasZone ? value : `${value.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time as esim/query's documented example writes it ("2010-06-30T01:20+00:00"): ISO, UTC, to the minute. */
function toUpstreamTime(date: Date): string {
  return `${date.toISOString().slice(0, 16)}+00:00`;
}

const LPA_ACTIVATION_CODE = /^LPA:1\$([^$]+)\$([^$]+)/;

/** Whether the profile carries what installs it: an LPA activation code (the ICCID may come later). */
function hasActivationCode(profile: EsimAccessProfile): boolean {
  return LPA_ACTIVATION_CODE.test(profile.ac ?? "");
}

/**
 * Whether the profile's days have started: never while not installed (RELEASED) or mid-install (DOWNLOAD,
 * INSTALLATION); for a first-connection plan (`activeType` 2), not before it connected (`activateTime` still null),
 * even installed and turned off (DISABLED + GOT_RESOURCE).
 */
function hasDaysStarted(profile: EsimAccessProfile): boolean {
  const smdpStatus = profile.smdpStatus.toUpperCase();
  if (smdpStatus === "RELEASED" || smdpStatus === "DOWNLOAD" || smdpStatus === "INSTALLATION") return false;
  const isFirstConnection = Number(profile.activeType) === 2;
  return !(isFirstConnection && profile.esimStatus.toUpperCase() === "GOT_RESOURCE" && !profile.activateTime);
}

/**
 * A profile in our shape. Without an ICCID it is still installable (iccid null until the upstream gives it); without
 * an activation code the install fields are empty, which only status and usage updates may use.
 */
function toUpstreamProfile(
  profile: EsimAccessProfile,
  usage?: { dataUsage: number; lastUpdateTime?: string | null | undefined },
): UpstreamProfile {
  const [activationCode = "", smdpAddress = "", matchingId = ""] = LPA_ACTIVATION_CODE.exec(profile.ac ?? "") ?? [];
  const usedBytes = usage?.dataUsage ?? profile.orderUsage ?? 0;
  const status = mapEsimStatus({ esimStatus: profile.esimStatus, smdpStatus: profile.smdpStatus, usedBytes });
  const expiredTime = parseUpstreamTime(profile.expiredTime);
  // Until its days start eSIM Access's expiredTime is a use-by date, afterwards the end of validity (decision 084).
  const isUnused = !hasDaysStarted(profile);
  return {
    reference: profile.esimTranNo,
    upstreamOrderNo: profile.orderNo,
    iccid: profile.iccid ? profile.iccid : null,
    smdpAddress,
    matchingId,
    activationCode: activationCode ? (profile.ac ?? "") : "",
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
 * The eSIM Access client, as its documentation describes the API: every call a signed JSON POST under /api/v1/open, every answer
 * validated, every failure an UpstreamError that says whether retrying can help.
 */
export function createEsimAccessProvider(options: EsimAccessProviderOptions): EsimProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const limiter = options.limiter ?? createRateLimiter({ perSecond: options.requestsPerSecond ?? 8 });
  const duplicateLookupDays = options.duplicateLookupDays ?? 30;
  const log: EsimAccessLog = options.log ?? { warn() {} };
  // Keyed `iccid:<ICCID>` or `package:<base packageCode>`: the two documented ways to ask which top-ups fit.
  const topUpCodesCache = new Map<string, { codes: string[]; fetchedAtMs: number }>();

  /** The TOPUP codes package/list answers for one filter, cached; null when the list cannot be had. */
  async function cachedTopUpCodes(key: string, filter: Record<string, string>): Promise<string[] | null> {
    const cached = topUpCodesCache.get(key);
    const nowMs = Date.now();
    if (cached && nowMs - cached.fetchedAtMs < TOP_UP_CODES_TTL_MS) return cached.codes;
    try {
      const { codes } = await listPackagesOfType("TOPUP", filter);
      topUpCodesCache.set(key, { codes, fetchedAtMs: nowMs });
      return codes;
    } catch (error) {
      log.warn({ err: error, ...filter }, "eSIM Access: compatible top-ups unavailable");
      return null;
    }
  }
  // Provisioning polls an allocating order many times: its missing activation code is reported once per process.
  const ordersReportedWithoutCode = new Set<string>();

  async function post(
    path: string,
    payload: Record<string, unknown>,
    priority: UpstreamPriority = "buying",
  ): Promise<EsimAccessEnvelope> {
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
    }, priority);
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

  /**
   * A refusal whose code the documentation does not list: logged once, at error level, with the upstream's whole
   * answer, so an operator can add it to the table (decision 083).
   */
  function logUndocumentedRefusal(path: string, envelope: EsimAccessEnvelope, details: object): void {
    const code =
      envelope.errorCode === null || envelope.errorCode === undefined ? "UNKNOWN" : String(envelope.errorCode);
    (log.error ?? log.warn).call(
      log,
      { path, code, message: envelope.errorMsg ?? envelope.errorMessage ?? null, ...details, body: envelope },
      "eSIM Access: a refusal outside the documented error codes",
    );
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

  /** Each item validated alone: a bad one is logged and dropped, the good ones kept. */
  function readEach<T extends z.ZodMiniType>(path: string, schema: T, items: unknown[]): z.output<T>[] {
    const good: z.output<T>[] = [];
    for (const [index, item] of items.entries()) {
      const parsed = schema.safeParse(item);
      if (parsed.success) good.push(parsed.data);
      else log.warn({ path, index, problem: prettifyError(parsed.error) }, "eSIM Access: an unreadable item left out");
    }
    return good;
  }

  /** The profiles the filter finds (each validated alone), or null while the order is still allocating (200010). */
  async function queryProfiles(filter: Record<string, unknown>, pageNum = 1, priority?: UpstreamPriority) {
    const envelope = await post("esim/query", { ...filter, pager: { pageNum, pageSize: 50 } }, priority);
    if (!envelope.success && String(envelope.errorCode) === ERROR_NOT_ALLOCATED) return null;
    const raw = read("esim/query", profileListSchema, envelope).esimList ?? [];
    return { profiles: readEach("esim/query", profileSchema, raw), total: raw.length };
  }

  /**
   * eSIM Access has no "order by transactionId" query, but every profile carries the transactionId it was
   * ordered with: search recent profiles by date for ours.
   */
  async function findOrderNoByTransactionId(transactionId: string): Promise<string | null> {
    const end = now();
    const start = new Date(end.getTime() - duplicateLookupDays * DAY_MS);
    for (let pageNum = 1; pageNum <= 20; pageNum++) {
      const page = await queryProfiles({ startTime: toUpstreamTime(start), endTime: toUpstreamTime(end) }, pageNum);
      if (!page || page.total === 0) return null;
      const match = page.profiles.find((profile) => profile.transactionId === transactionId);
      if (match) return match.orderNo;
      if (page.total < 50) return null;
    }
    return null;
  }

  async function fetchUsage(reference: string, priority?: UpstreamPriority) {
    try {
      const envelope = await post("esim/usage/query", { esimTranNoList: [reference] }, priority);
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

  /** One package/list call, each package validated and mapped alone; what we cannot sell is logged and left out. */
  async function listPackagesOfType(type: "BASE" | "TOPUP", filter: Record<string, unknown> = {}) {
    const answer = read("package/list", packageListSchema, await post("package/list", { type, ...filter }));
    const mapped: UpstreamPackage[] = [];
    for (const item of readEach("package/list", packageSchema, answer.packageList)) {
      const pkg = mapEsimAccessPackage(item, {
        isTopUp: type === "TOPUP",
        onLeftOut: (reason) => log.warn({ packageCode: item.packageCode, reason }, "eSIM Access: package left out"),
      });
      if (pkg) mapped.push(pkg);
    }
    return { mapped, codes: mapped.map((pkg) => pkg.code) };
  }

  /** The top-up is on the profile when its packageList holds more entries of the package than we had applied (053). */
  async function isTopUpApplied(input: TopUpInput): Promise<boolean | null> {
    const page = await queryProfiles({ esimTranNo: input.reference });
    const profile = page?.profiles.find((item) => item.esimTranNo === input.reference);
    // No such profile: nothing was applied. An unreadable one, or one without packageList, cannot tell.
    if (!profile) return page?.total === 0 ? false : null;
    if (!profile.packageList) return null;
    const count = profile.packageList.filter((item) => item.packageCode === input.packageCode).length;
    return count > (input.priorCount ?? 0);
  }

  /** One read of the profile after an undocumented refusal: applied is a success, anything else the refusal itself. */
  async function confirmRefusal(input: TopUpInput, refusal: UpstreamError): Promise<void> {
    let applied: boolean | null;
    try {
      applied = await isTopUpApplied(input);
    } catch (error) {
      throw new UpstreamError(`eSIM Access esim/topup: refused (${refusal.message}) and the profile unreadable`, {
        isRetryable: true,
        upstreamCode: "TOPUP_OUTCOME_UNKNOWN",
        cause: error,
      });
    }
    if (applied === true) return;
    throw new UpstreamError(refusal.message, {
      isRetryable: false,
      upstreamCode: refusal.upstreamCode,
      cause: refusal,
    });
  }

  return {
    name: "esim-access",

    async listPackages() {
      const packages = new Map<string, UpstreamPackage>();
      for (const pkg of (await listPackagesOfType("BASE")).mapped) {
        if (!packages.has(pkg.code)) packages.set(pkg.code, pkg);
      }
      const result: UpstreamPackageList = [];
      try {
        // Asked apart: a refused TOPUP list must not stop the base packages from syncing.
        for (const pkg of (await listPackagesOfType("TOPUP")).mapped) {
          if (!packages.has(pkg.code)) packages.set(pkg.code, pkg);
        }
      } catch (error) {
        log.warn({ err: error }, "eSIM Access: the TOPUP package list failed; base packages synced, top-ups kept");
        result.isTopUpListMissing = true;
      }
      result.push(...packages.values());
      return result;
    },

    async findPackage(input) {
      // BASE filtered by packageCode answers that package alone (an empty list: withdrawn). TOPUP with a packageCode
      // means "the top-ups of this base package", so a top-up is found in the whole TOPUP list.
      const { mapped } = input.isTopUp
        ? await listPackagesOfType("TOPUP")
        : await listPackagesOfType("BASE", { packageCode: input.code });
      return mapped.find((pkg) => pkg.code === input.code) ?? null;
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
      if (!DOCUMENTED_ERROR_CODES.has(error.upstreamCode ?? "")) {
        logUndocumentedRefusal("esim/order", envelope, { transactionId: input.transactionId });
      }
      if (error.isRetryable) throw error;
      // A retry after a lost answer may be refused although the order exists: look for it by its transactionId.
      const existing = await findOrderNoByTransactionId(input.transactionId);
      if (existing) return { upstreamOrderNo: existing };
      if (error.upstreamCode === ERROR_ORDER_PARAMETERS) {
        // Documented as "order parameters error", nothing more: it may be our own earlier order not visible yet.
        // Ordering again with the same transactionId is the same request upstream, so asking later never buys twice.
        throw new UpstreamError(error.message, { isRetryable: true, upstreamCode: error.upstreamCode, cause: error });
      }
      throw error;
    },

    async queryOrder(upstreamOrderNo) {
      const page = await queryProfiles({ orderNo: upstreamOrderNo });
      if (!page || page.total === 0) return { state: "allocating" };
      const unusable = page.total - page.profiles.filter(hasActivationCode).length;
      if (unusable > 0) {
        // A profile we cannot install (no activation code yet, or unreadable): the order waits, within its bound.
        if (ordersReportedWithoutCode.size > 1000) ordersReportedWithoutCode.clear();
        if (!ordersReportedWithoutCode.has(upstreamOrderNo)) {
          ordersReportedWithoutCode.add(upstreamOrderNo);
          log.warn({ upstreamOrderNo, unusable }, "eSIM Access: a profile of the order has no activation code yet");
        }
        return { state: "allocating" };
      }
      return { state: "ready", profiles: page.profiles.map((profile) => toUpstreamProfile(profile)) };
    },

    async queryProfile(reference, queryOptions) {
      const page = await queryProfiles({ esimTranNo: reference }, 1, queryOptions?.priority);
      const profile = page?.profiles.find((item) => item.esimTranNo === reference);
      if (!profile) return null;
      return toUpstreamProfile(profile, await fetchUsage(reference, queryOptions?.priority));
    },

    async topUp(input) {
      let unknownOutcome: UpstreamError | undefined;
      for (let call = 1; call <= TOP_UP_CALLS; call++) {
        try {
          const envelope = await post("esim/topup", {
            esimTranNo: input.reference,
            packageCode: input.packageCode,
            transactionId: input.transactionId,
            amount: input.priceUsdE4,
          });
          if (envelope.success) return;
          const error = errorOf("esim/topup", envelope);
          // A documented refusal did nothing: it is a failure, whatever its text says.
          if (
            DOCUMENTED_ERROR_CODES.has(error.upstreamCode ?? "") &&
            !OUTCOME_UNKNOWN_ERROR_CODES.has(error.upstreamCode ?? "")
          ) {
            throw error;
          }
          if (!OUTCOME_UNKNOWN_ERROR_CODES.has(error.upstreamCode ?? "")) {
            // A refusal outside the documented table (310404 seen in production): logged whole, then one read of the
            // profile decides; calling again would spend the shared budget for hours on an answer that will not change.
            logUndocumentedRefusal("esim/topup", envelope, {
              reference: input.reference,
              transactionId: input.transactionId,
            });
            return await confirmRefusal(input, error);
          }
          unknownOutcome = error;
        } catch (error) {
          const isUnknown =
            error instanceof UpstreamError &&
            (OUTCOME_UNKNOWN_TRANSPORT_CODES.has(error.upstreamCode ?? "") ||
              /^HTTP_5\d\d$/.test(error.upstreamCode ?? ""));
          if (!isUnknown) throw error;
          unknownOutcome = error;
        }
        // esim/topup documents no idempotency on transactionId: read the profile before calling it again.
        let applied: boolean | null;
        try {
          applied = await isTopUpApplied(input);
        } catch (error) {
          throw new UpstreamError(`eSIM Access esim/topup: outcome unknown and the profile unreadable`, {
            isRetryable: true,
            upstreamCode: "TOPUP_OUTCOME_UNKNOWN",
            cause: error,
          });
        }
        if (applied === true) return;
        if (applied === null) break;
      }
      throw new UpstreamError(`eSIM Access esim/topup: outcome unknown (${unknownOutcome?.message ?? "no answer"})`, {
        isRetryable: true,
        upstreamCode: "TOPUP_OUTCOME_UNKNOWN",
        cause: unknownOutcome,
      });
    },

    isTopUpApplied,

    async listTopUpPackageCodes(input) {
      // The eSIM's own list when its ICCID is known; else (not given yet, or that list failed) the documented list of
      // the base package's top-ups. Neither: null, and the caller sells none rather than guess (decision 085).
      const byIccid = input.iccid ? await cachedTopUpCodes(`iccid:${input.iccid}`, { iccid: input.iccid }) : null;
      if (byIccid) return byIccid;
      return cachedTopUpCodes(`package:${input.baseCode}`, { packageCode: input.baseCode });
    },

    async cancel(reference) {
      const envelope = await post("esim/cancel", { esimTranNo: reference });
      if (envelope.success) return;
      const error = errorOf("esim/cancel", envelope);
      if (error.isRetryable) throw error;
      // A retry after a lost answer finds the profile already cancelled: that is success.
      const page = await queryProfiles({ esimTranNo: reference });
      if (
        page?.profiles.some(
          (profile) => profile.esimTranNo === reference && profile.esimStatus.toUpperCase() === "CANCEL",
        )
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
