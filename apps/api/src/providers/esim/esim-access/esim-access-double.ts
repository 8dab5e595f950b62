import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { computeEsimAccessSignature, isSameSignature } from "./sign-request.ts";

/**
 * A local stand-in for eSIM Access that speaks its protocol (PROVIDERS.md): POST JSON under /api/v1/open,
 * RT-AccessCode or HMAC headers checked, `{ success, errorCode, errorMsg, obj }` answers, asynchronous
 * allocation answered with 200010, and failures on demand. For tests only.
 */

/** eSIM Access: "profile not yet allocated". */
const ERROR_NOT_ALLOCATED_CODE = "200010";

export interface DoublePackage {
  packageCode: string;
  slug: string;
  name: string;
  price: number;
  currencyCode: string;
  volume: number;
  dataType: number;
  duration: number;
  durationUnit: string;
  location: string;
  locationCode?: string;
  speed: string;
  supportTopUpType: number;
  fupPolicy?: string;
  locationNetworkList: {
    locationName: string;
    locationCode?: string;
    operatorList: { operatorName: string; networkType: string }[];
  }[];
  type: "BASE" | "TOPUP";
}

export interface DoubleProfile {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  ac: string;
  qrCodeUrl: string;
  apn: string;
  smdpStatus: string;
  esimStatus: string;
  expiredTime: string;
  totalVolume: number;
  orderUsage: number;
  packageCode: string;
  topUps: string[];
}

/** What the next matching request gets instead of a normal answer. */
export type DoubleFailure =
  | { kind: "http"; status: number }
  | { kind: "error"; errorCode: string; errorMsg: string }
  | { kind: "hang" }
  | { kind: "malformed" };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
  atMs: number;
}

export const DOUBLE_PACKAGES: DoublePackage[] = [
  {
    packageCode: "CKH491",
    slug: "TR_1_7",
    name: "Türkiye 1GB 7Days",
    price: 12_300,
    currencyCode: "USD",
    volume: 1_073_741_824,
    dataType: 1,
    duration: 7,
    durationUnit: "DAY",
    location: "TR",
    speed: "3G/4G/5G",
    supportTopUpType: 2,
    locationNetworkList: [
      {
        locationName: "Türkiye",
        locationCode: "TR",
        operatorList: [
          { operatorName: "Turkcell", networkType: "5G" },
          { operatorName: "Vodafone", networkType: "4G" },
        ],
      },
    ],
    type: "BASE",
  },
  {
    packageCode: "CKH900",
    slug: "FR_UL_7",
    name: "France Unlimited 7Days",
    price: 55_000,
    currencyCode: "USD",
    volume: 2_147_483_648,
    dataType: 2,
    duration: 7,
    durationUnit: "DAY",
    location: "FR",
    speed: "4G/5G",
    supportTopUpType: 1,
    fupPolicy: "512 Kbps",
    locationNetworkList: [{ locationName: "France", operatorList: [{ operatorName: "Orange", networkType: "5G" }] }],
    type: "BASE",
  },
  {
    packageCode: "EU42-5-30",
    slug: "EU-42_5_30",
    name: "Europe (42 areas) 5GB 30Days",
    price: 48_000,
    currencyCode: "USD",
    volume: 5_368_709_120,
    dataType: 1,
    duration: 30,
    durationUnit: "DAY",
    location: "FR,DE,ES,IT,PT,NL,BE,AT,GR,PL",
    locationCode: "!RG",
    speed: "4G",
    supportTopUpType: 2,
    locationNetworkList: [
      { locationName: "France", operatorList: [{ operatorName: "SFR", networkType: "4G" }] },
      { locationName: "Germany", operatorList: [{ operatorName: "Telekom", networkType: "4G" }] },
    ],
    type: "BASE",
  },
  {
    packageCode: "GL139-3-30",
    slug: "GL-139_3_30",
    name: "Global (139 areas) 3GB 30Days",
    price: 99_000,
    currencyCode: "USD",
    volume: 3_221_225_472,
    dataType: 1,
    duration: 1,
    durationUnit: "MONTH",
    location: "FR,US,CN,JP,TR,BR,ZA,AU",
    locationCode: "!GL",
    speed: "4G",
    supportTopUpType: 1,
    locationNetworkList: [],
    type: "BASE",
  },
  {
    packageCode: "CKH-180D",
    slug: "TR_20_180",
    name: "Türkiye 20GB 180Days",
    price: 150_000,
    currencyCode: "USD",
    volume: 21_474_836_480,
    dataType: 1,
    duration: 180,
    durationUnit: "DAY",
    location: "TR",
    speed: "4G",
    supportTopUpType: 1,
    locationNetworkList: [],
    type: "BASE",
  },
  {
    packageCode: "TOPUP_CKH491",
    slug: "TR_1_7_TOPUP",
    name: "Türkiye 1GB 7Days top up",
    price: 12_300,
    currencyCode: "USD",
    volume: 1_073_741_824,
    dataType: 1,
    duration: 7,
    durationUnit: "DAY",
    location: "TR",
    speed: "3G/4G/5G",
    supportTopUpType: 2,
    locationNetworkList: [],
    type: "TOPUP",
  },
];

export interface EsimAccessDouble {
  url: string;
  accessCode: string;
  secret: string | undefined;
  requests: RecordedRequest[];
  profiles: Map<string, DoubleProfile>;
  /** The next `times` requests (to `path`, or any) fail this way. */
  failNext(failure: DoubleFailure, options?: { times?: number; path?: string }): void;
  /** While held, new orders stay unallocated (esim/query answers 200010) until released. */
  holdAllocation(isHeld: boolean): void;
  /** How esim/order treats a known transactionId: answer the same order (default) or an error, as the real API may. */
  setDuplicateTransactionAnswer(mode: "same-order" | "error"): void;
  /** Our prepaid account (USD × 10 000) as balance/query answers it: orders and top-ups draw on it, cancels refund. */
  setBalance(balanceUsdE4: number): void;
  close(): Promise<void>;
  /** Requests refused for going over `requestsPerSecond` (see rateLimitOf). */
  refusedForRate(): number;
}

/**
 * eSIM Access allows 8 requests a second per account (PROVIDERS.md). The answer to a 9th is not in the documentation
 * we could read (docs.esimaccess.com's Postman collection, 2026-11-26): the double answers the code our client
 * already takes as "busy, retry later", the safe side (decision 052).
 */
export const RATE_LIMIT_ERROR = { errorCode: "900001", errorMsg: "System busy, request rate limit exceeded" } as const;

/** Refuses a request that would be the (N+1)th to arrive within any sliding 1000 ms; counts the refusals. */
function rateLimitOf(requestsPerSecond: number | undefined) {
  const arrivalsMs: number[] = [];
  let refused = 0;
  return {
    isRefused(atMs: number): boolean {
      if (requestsPerSecond === undefined) return false;
      while (arrivalsMs.length > 0 && arrivalsMs[0]! <= atMs - 1000) arrivalsMs.shift();
      if (arrivalsMs.length >= requestsPerSecond) {
        refused++;
        return true;
      }
      arrivalsMs.push(atMs);
      return false;
    },
    refused: () => refused,
  };
}

/** As the real upstream (bench/upstream-burst.ts): profiles ready some seconds after the order, then a hook. */
export interface DoubleAllocationTiming {
  /** How long after esim/order an order's profiles are ready (0: at once). */
  allocationDelayMs?: () => number;
  /** Called when an order's profiles are ready, where eSIM Access would post its ORDER_STATUS webhook. */
  onOrderAllocated?: (order: { orderNo: string; transactionId: string }) => void;
}

export async function startEsimAccessDouble(
  options: {
    accessCode?: string;
    secret?: string;
    balanceUsdE4?: number;
    requestsPerSecond?: number;
  } & DoubleAllocationTiming = {},
): Promise<EsimAccessDouble> {
  const rateLimit = rateLimitOf(options.requestsPerSecond);
  const allocationTimers = new Set<NodeJS.Timeout>();
  const accessCode = options.accessCode ?? "double-access-code";
  let balanceUsdE4 = options.balanceUsdE4 ?? 1_000_000;
  const secret = options.secret;
  const requests: RecordedRequest[] = [];
  const failures: { failure: DoubleFailure; remaining: number; path: string | undefined }[] = [];
  const orders = new Map<string, { orderNo: string; packageCode: string; count: number; isAllocated: boolean }>();
  const profiles = new Map<string, DoubleProfile>();
  const appliedTopUps = new Set<string>();
  let isAllocationHeld = false;
  let duplicateMode: "same-order" | "error" = "same-order";
  let sequence = 0;
  const hanging = new Set<ServerResponse>();

  function answer(response: ServerResponse, obj: unknown) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ success: true, errorCode: null, errorMsg: null, obj }));
  }
  function refuse(response: ServerResponse, errorCode: string, errorMsg: string) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ success: false, errorCode, errorMsg, obj: null }));
  }

  function allocate(
    order: { orderNo: string; packageCode: string; count: number; isAllocated: boolean },
    transactionId: string,
  ) {
    const pkg = DOUBLE_PACKAGES.find((item) => item.packageCode === order.packageCode)!;
    for (let index = 0; index < order.count; index++) {
      sequence++;
      const esimTranNo = `2506${String(sequence).padStart(10, "0")}`;
      const matchingId = `MATCH-${String(sequence).padStart(6, "0")}`;
      profiles.set(esimTranNo, {
        esimTranNo,
        orderNo: order.orderNo,
        transactionId,
        iccid: `8985224528${String(sequence).padStart(10, "0")}`,
        ac: `LPA:1$rsp-eu.double.localhost$${matchingId}`,
        qrCodeUrl: `https://static.double.localhost/qr/${esimTranNo}.png`,
        apn: "double",
        smdpStatus: "RELEASED",
        esimStatus: "GOT_RESOURCE",
        expiredTime: "2026-12-01T00:00:00+0000",
        totalVolume: pkg.volume,
        orderUsage: 0,
        packageCode: pkg.packageCode,
        topUps: [],
      });
    }
    order.isAllocated = true;
  }

  function allocateInTime(order: Parameters<typeof allocate>[0], transactionId: string) {
    const delayMs = options.allocationDelayMs?.() ?? 0;
    const allocateNow = () => {
      allocate(order, transactionId);
      options.onOrderAllocated?.({ orderNo: order.orderNo, transactionId });
    };
    if (delayMs <= 0) return allocateNow();
    const timer = setTimeout(() => {
      allocationTimers.delete(timer);
      allocateNow();
    }, delayMs);
    allocationTimers.add(timer);
  }

  function handle(path: string, body: Record<string, unknown>, response: ServerResponse) {
    switch (path) {
      case "package/list": {
        const type = body.type === "TOPUP" ? "TOPUP" : "BASE";
        const packageList = DOUBLE_PACKAGES.filter((pkg) => pkg.type === type).map(({ type: _type, ...pkg }) => pkg);
        return answer(response, { packageList });
      }
      case "esim/order": {
        const transactionId = String(body.transactionId ?? "");
        const [item] =
          (body.packageInfoList as { packageCode: string; count: number; price: number }[] | undefined) ?? [];
        if (!transactionId || transactionId.length > 50 || !item)
          return refuse(response, "000105", "Mandatory params missing");
        const existing = orders.get(transactionId);
        if (existing) {
          if (duplicateMode === "error") return refuse(response, "200008", "transactionId already exists");
          return answer(response, { orderNo: existing.orderNo, transactionId });
        }
        const pkg = DOUBLE_PACKAGES.find(
          (candidate) => candidate.packageCode === item.packageCode && candidate.type === "BASE",
        );
        if (!pkg) return refuse(response, "310241", "packageCode does not exist");
        if (item.price !== pkg.price) return refuse(response, "200005", "Package price error");
        if (body.amount !== item.price * item.count) return refuse(response, "200006", "Wrong total amount");
        sequence++;
        const order = {
          orderNo: `B2506${String(sequence).padStart(10, "0")}`,
          packageCode: pkg.packageCode,
          count: item.count,
          isAllocated: false,
        };
        orders.set(transactionId, order);
        balanceUsdE4 -= item.price * item.count;
        if (!isAllocationHeld) allocateInTime(order, transactionId);
        return answer(response, { orderNo: order.orderNo, transactionId });
      }
      case "esim/query": {
        const pager = body.pager as { pageNum?: number; pageSize?: number } | undefined;
        if (!pager) return refuse(response, "000105", "Mandatory params missing");
        let esimList: DoubleProfile[];
        if (typeof body.orderNo === "string") {
          const order = [...orders.values()].find((candidate) => candidate.orderNo === body.orderNo);
          if (!order) return refuse(response, "310272", "orderNo does not exist");
          if (!order.isAllocated) return refuse(response, ERROR_NOT_ALLOCATED_CODE, "Profile not yet allocated");
          esimList = [...profiles.values()].filter((profile) => profile.orderNo === order.orderNo);
        } else if (typeof body.esimTranNo === "string") {
          esimList = [...profiles.values()].filter((profile) => profile.esimTranNo === body.esimTranNo);
        } else if (typeof body.startTime === "string" && typeof body.endTime === "string") {
          esimList = [...profiles.values()];
        } else {
          return refuse(response, "000105", "Mandatory params missing");
        }
        const pageSize = pager.pageSize ?? 50;
        const start = ((pager.pageNum ?? 1) - 1) * pageSize;
        return answer(response, {
          esimList: esimList
            .slice(start, start + pageSize)
            .map(({ packageCode: _code, topUps: _topUps, ...profile }) => profile),
          pager: { pageNum: pager.pageNum ?? 1, pageSize, total: esimList.length },
        });
      }
      case "esim/usage/query": {
        const list = (body.esimTranNoList as string[] | undefined) ?? [];
        return answer(response, {
          esimUsageList: list.flatMap((esimTranNo) => {
            const profile = profiles.get(esimTranNo);
            return profile
              ? [
                  {
                    esimTranNo,
                    dataUsage: profile.orderUsage,
                    totalData: profile.totalVolume,
                    lastUpdateTime: "2026-06-01T09:00:00+0000",
                  },
                ]
              : [];
          }),
        });
      }
      case "esim/topup": {
        const profile = profiles.get(String(body.esimTranNo));
        if (!profile) return refuse(response, "310403", "ICCID not in the order");
        const transactionId = String(body.transactionId ?? "");
        if (appliedTopUps.has(transactionId)) return refuse(response, "200008", "transactionId already exists");
        const pkg = DOUBLE_PACKAGES.find(
          (candidate) => candidate.packageCode === body.packageCode && candidate.type === "TOPUP",
        );
        const baseLocation = DOUBLE_PACKAGES.find((base) => base.packageCode === profile.packageCode)?.location;
        // A top-up fits an eSIM of the same place only.
        if (!pkg || pkg.location !== baseLocation) return refuse(response, "310241", "packageCode does not exist");
        if (["USED_EXPIRED", "UNUSED_EXPIRED", "CANCEL", "REVOKED"].includes(profile.esimStatus)) {
          return refuse(response, "200002", "Operation not allowed due to order status");
        }
        appliedTopUps.add(transactionId);
        balanceUsdE4 -= pkg.price;
        profile.totalVolume += pkg.volume;
        profile.topUps.push(transactionId);
        return answer(response, { transactionId, iccid: profile.iccid });
      }
      case "esim/cancel": {
        const profile = profiles.get(String(body.esimTranNo));
        if (!profile) return refuse(response, "310403", "ICCID not in the order");
        if (profile.esimStatus !== "GOT_RESOURCE" || profile.smdpStatus !== "RELEASED") {
          return refuse(response, "200002", "Operation not allowed due to order status");
        }
        profile.esimStatus = "CANCEL";
        // Cancelling an unused profile refunds its price to our balance (PROVIDERS.md).
        balanceUsdE4 += DOUBLE_PACKAGES.find((pkg) => pkg.packageCode === profile.packageCode)?.price ?? 0;
        return answer(response, null);
      }
      case "balance/query":
        return answer(response, { balance: balanceUsdE4 });
      default:
        response.writeHead(404).end();
    }
  }

  function authenticate(request: IncomingMessage, rawBody: string): { errorCode: string; errorMsg: string } | null {
    const header = (name: string) => {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const receivedCode = header("RT-AccessCode");
    if (!receivedCode) return { errorCode: "000101", errorMsg: "Missing mandatory header" };
    if (receivedCode !== accessCode) return { errorCode: "101003", errorMsg: "Signature mismatch" };
    if (!secret) return null;
    const requestId = header("RT-RequestID");
    const timestamp = header("RT-Timestamp");
    const signature = header("RT-Signature");
    if (!requestId || !timestamp || !signature) return { errorCode: "000101", errorMsg: "Missing mandatory header" };
    const expected = computeEsimAccessSignature({ timestamp, requestId, accessCode, body: rawBody, secret });
    if (!isSameSignature(expected, signature)) return { errorCode: "101003", errorMsg: "Signature mismatch" };
    if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000)
      return { errorCode: "101001", errorMsg: "Timestamp expired" };
    return null;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const prefix = "/api/v1/open/";
      const path = (request.url ?? "").startsWith(prefix) ? (request.url ?? "").slice(prefix.length) : "";
      let body: Record<string, unknown> = {};
      try {
        body = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
      } catch {
        return refuse(response, "000104", "Invalid JSON");
      }
      requests.push({ path, headers: request.headers, body, atMs: Date.now() });
      if (request.method !== "POST") return refuse(response, "000103", "Unsupported HTTP method");
      if (rateLimit.isRefused(Date.now()))
        return refuse(response, RATE_LIMIT_ERROR.errorCode, RATE_LIMIT_ERROR.errorMsg);

      const failureIndex = failures.findIndex((entry) => entry.path === undefined || entry.path === path);
      const planned = failureIndex >= 0 ? failures[failureIndex] : undefined;
      if (planned) {
        planned.remaining--;
        if (planned.remaining <= 0) failures.splice(failureIndex, 1);
        switch (planned.failure.kind) {
          case "http":
            response.writeHead(planned.failure.status, { "content-type": "text/plain" }).end("upstream trouble");
            return;
          case "error":
            return refuse(response, planned.failure.errorCode, planned.failure.errorMsg);
          case "hang":
            hanging.add(response);
            return;
          case "malformed":
            response.writeHead(200, { "content-type": "application/json" }).end(
              JSON.stringify({
                success: true,
                obj: { packageList: [{ nonsense: 1 }], esimList: [{ iccid: 1 }], orderNo: 42 },
              }),
            );
            return;
        }
      }

      const authError = authenticate(request, rawBody);
      if (authError) return refuse(response, authError.errorCode, authError.errorMsg);
      handle(path, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accessCode,
    secret,
    requests,
    profiles,
    failNext(failure, failOptions = {}) {
      failures.push({ failure, remaining: failOptions.times ?? 1, path: failOptions.path });
    },
    holdAllocation(isHeld) {
      isAllocationHeld = isHeld;
      if (!isHeld) {
        for (const [transactionId, order] of orders) if (!order.isAllocated) allocate(order, transactionId);
      }
    },
    setDuplicateTransactionAnswer(mode) {
      duplicateMode = mode;
    },
    setBalance(next) {
      balanceUsdE4 = next;
    },
    refusedForRate: rateLimit.refused,
    close() {
      for (const timer of allocationTimers) clearTimeout(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
