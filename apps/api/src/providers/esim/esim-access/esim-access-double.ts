import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { computeEsimAccessSignature, isSameSignature } from "./sign-request.ts";

/**
 * A local stand-in for eSIM Access that speaks its protocol as documented (docs.esimaccess.com): POST
 * JSON under /api/v1/open, RT-AccessCode or HMAC headers checked, `{ success, errorCode, errorMsg, obj }` answers with
 * the documented error codes and messages, asynchronous allocation answered with 200010, new profiles whose ICCID may
 * come later (`iccidDelay`), applied top-ups listed in the profile's packageList, no deduplication of a top-up's
 * transactionId (none is documented), and failures on demand. For tests only.
 */

/** The documented error messages (docs.esimaccess.com, "Error Codes"), by code. */
const ERRORS = {
  "000101": "Request header (mandatory) is null",
  "000103": "This https request method (get/post ) is not supported",
  "000104": "Request in invalid JSON format",
  "000105": "Request parameters (mandatory) are not contained",
  "101001": "The timestamp of the request has expired.",
  "101003": "Request signature mismatch.",
  "200002": "This operation is not allowed due to the order status.",
  "200005": "Package price error. Check price.",
  "200006": "Total order price amount is wrong. Check prices.",
  "200007": "Insufficient account balance",
  "200008": "Order parameters error, please contact customer service.",
  "200010": "Profile is being downloaded for the order.",
  "310241": "The packageCode does not exist.",
  "310272": "The orderNo does not exist.",
  "310403": "The ICCID does not exist in the order.",
} as const;
type DocumentedCode = keyof typeof ERRORS;

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
  /** 1: validity starts at installation; 2: at the first network connection. */
  activeType?: number;
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
  activeType: number;
  packageCode: string;
  /** The top-ups applied, in order: each listed in the profile's packageList after the first plan. */
  topUps: { transactionId: string; packageCode: string; createTime: string }[];
  createTime: string;
}

/** What the next matching request gets instead of a normal answer. */
export type DoubleFailure =
  | { kind: "http"; status: number }
  | { kind: "error"; errorCode: string; errorMsg: string }
  | { kind: "hang" }
  /** The request is carried out, then no answer ever comes (a client times out on a call that did happen). */
  | { kind: "apply-then-hang" }
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
  /** The next `times` requests (to `path`, or any; whose body passes `when`, or any) fail this way. */
  failNext(
    failure: DoubleFailure,
    options?: { times?: number; path?: string; when?: (body: Record<string, unknown>) => boolean },
  ): void;
  /** While held, new orders stay unallocated (esim/query answers 200010) until released. */
  holdAllocation(isHeld: boolean): void;
  /**
   * How esim/order treats a known transactionId: the same order (default: "Duplicate transactionId will be identified
   * as the same request") or error 200008, the only documented refusal it could be.
   */
  setDuplicateTransactionAnswer(mode: "same-order" | "error"): void;
  /** New profiles answer `iccid: ""` for this many esim/query answers (0: at once), as the documented examples show. */
  setIccidDelay(queries: number): void;
  /** Every profile still without its ICCID gets it now. */
  releaseIccids(): void;
  /** Our prepaid account (USD × 10 000) as balance/query answers it: orders and top-ups draw on it, cancels refund. */
  setBalance(balanceUsdE4: number): void;
  /** The package's price moves upstream: package/list answers it, esim/order and esim/topup check against it. */
  setPackagePrice(packageCode: string, priceUsdE4: number): void;
  /** The package is withdrawn upstream: gone from package/list, refused with 310241 when bought. */
  withdrawPackage(packageCode: string): void;
  close(): Promise<void>;
  /** Requests refused for going over `requestsPerSecond` (see rateLimitOf). */
  refusedForRate(): number;
}

/**
 * eSIM Access allows 8 requests a second per account. The answer to a 9th is not in the documentation
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
    iccidDelay?: number;
    requestsPerSecond?: number;
  } & DoubleAllocationTiming = {},
): Promise<EsimAccessDouble> {
  const rateLimit = rateLimitOf(options.requestsPerSecond);
  const allocationTimers = new Set<NodeJS.Timeout>();
  const accessCode = options.accessCode ?? "double-access-code";
  let balanceUsdE4 = options.balanceUsdE4 ?? 1_000_000;
  // The upstream's price moves and withdrawals (setPackagePrice, withdrawPackage), seen by package/list and purchases.
  const priceOf = new Map<string, number>();
  const withdrawn = new Set<string>();
  const onSale = () =>
    DOUBLE_PACKAGES.filter((pkg) => !withdrawn.has(pkg.packageCode)).map((pkg) => ({
      ...pkg,
      price: priceOf.get(pkg.packageCode) ?? pkg.price,
    }));
  const secret = options.secret;
  const requests: RecordedRequest[] = [];
  const failures: {
    failure: DoubleFailure;
    remaining: number;
    path: string | undefined;
    when: ((body: Record<string, unknown>) => boolean) | undefined;
  }[] = [];
  const orders = new Map<string, { orderNo: string; packageCode: string; count: number; isAllocated: boolean }>();
  const profiles = new Map<string, DoubleProfile>();
  /** Profiles whose ICCID is not given yet, with how many more answers it stays hidden. */
  const hiddenIccidQueries = new Map<string, number>();
  let iccidDelay = options.iccidDelay ?? 0;
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
  function refuseAsDocumented(response: ServerResponse, errorCode: DocumentedCode) {
    refuse(response, errorCode, ERRORS[errorCode]);
  }

  /** A profile as esim/query documents it: its first plan then each top-up in packageList; ICCID "" while hidden. */
  function present(profile: DoubleProfile) {
    const { packageCode, topUps, createTime, ...fields } = profile;
    const hiddenFor = hiddenIccidQueries.get(profile.esimTranNo) ?? 0;
    if (hiddenFor > 0) hiddenIccidQueries.set(profile.esimTranNo, hiddenFor - 1);
    else hiddenIccidQueries.delete(profile.esimTranNo);
    const describe = (code: string, at: string) => {
      const pkg = DOUBLE_PACKAGES.find((item) => item.packageCode === code);
      return {
        packageName: pkg?.name ?? code,
        packageCode: code,
        slug: pkg?.slug ?? code,
        duration: pkg?.duration ?? 0,
        volume: pkg?.volume ?? 0,
        locationCode: pkg?.location ?? "",
        createTime: at,
      };
    };
    return {
      ...fields,
      iccid: hiddenFor > 0 ? "" : profile.iccid,
      eid: "",
      dataType: 1,
      packageList: [
        describe(packageCode, createTime),
        ...topUps.map((topUp) => describe(topUp.packageCode, topUp.createTime)),
      ],
    };
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
        activeType: pkg.activeType ?? 1,
        packageCode: pkg.packageCode,
        topUps: [],
        createTime: new Date().toISOString().replace(/\.\d{3}Z$/, "+0000"),
      });
      if (iccidDelay > 0) hiddenIccidQueries.set(esimTranNo, iccidDelay);
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
        let candidates = onSale().filter((pkg) => pkg.type === type);
        if (type === "TOPUP" && typeof body.iccid === "string" && body.iccid !== "") {
          // "Include iccid with TOPUP to see available TOPUP plans": here, those of the eSIM's own place.
          const profile = [...profiles.values()].find((item) => item.iccid === body.iccid);
          const base = DOUBLE_PACKAGES.find((pkg) => pkg.packageCode === profile?.packageCode);
          candidates = base ? candidates.filter((pkg) => pkg.location === base.location) : [];
        } else if (type === "TOPUP" && typeof body.packageCode === "string" && body.packageCode !== "") {
          // TOPUP with a base package's code: the top-ups of that package (here, those of its place); none for a code
          // that is no base package.
          const base = onSale().find((pkg) => pkg.packageCode === body.packageCode && pkg.type === "BASE");
          candidates = base ? candidates.filter((pkg) => pkg.location === base.location) : [];
        } else if (type === "BASE" && typeof body.packageCode === "string" && body.packageCode !== "") {
          // BASE with a packageCode: that package alone (an empty list once it is withdrawn).
          candidates = candidates.filter((pkg) => pkg.packageCode === body.packageCode);
        }
        const packageList = candidates.map(({ type: _type, ...pkg }) => ({ activeType: 1, ...pkg }));
        return answer(response, { packageList });
      }
      case "esim/order": {
        const transactionId = String(body.transactionId ?? "");
        const [item] =
          (body.packageInfoList as { packageCode: string; count: number; price: number }[] | undefined) ?? [];
        if (!transactionId || transactionId.length > 50 || !item) return refuseAsDocumented(response, "000105");
        const existing = orders.get(transactionId);
        if (existing) {
          if (duplicateMode === "error") return refuseAsDocumented(response, "200008");
          return answer(response, { orderNo: existing.orderNo, transactionId });
        }
        const pkg = onSale().find(
          (candidate) => candidate.packageCode === item.packageCode && candidate.type === "BASE",
        );
        if (!pkg) return refuseAsDocumented(response, "310241");
        // "You can order up to 30 eSIMs in one batch": beyond it, our reading of "Order parameters error".
        if (!Number.isInteger(item.count) || item.count < 1 || item.count > 30) {
          return refuseAsDocumented(response, "200008");
        }
        if (item.price !== pkg.price) return refuseAsDocumented(response, "200005");
        if (body.amount !== item.price * item.count) return refuseAsDocumented(response, "200006");
        if (balanceUsdE4 < item.price * item.count) return refuseAsDocumented(response, "200007");
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
        if (!pager) return refuseAsDocumented(response, "000105");
        let esimList: DoubleProfile[];
        if (typeof body.orderNo === "string" && body.orderNo !== "") {
          const order = [...orders.values()].find((candidate) => candidate.orderNo === body.orderNo);
          if (!order) return refuseAsDocumented(response, "310272");
          if (!order.isAllocated) return refuseAsDocumented(response, "200010");
          esimList = [...profiles.values()].filter((profile) => profile.orderNo === order.orderNo);
        } else if (typeof body.iccid === "string" && body.iccid !== "") {
          esimList = [...profiles.values()].filter((profile) => profile.iccid === body.iccid);
        } else if (typeof body.esimTranNo === "string") {
          esimList = [...profiles.values()].filter((profile) => profile.esimTranNo === body.esimTranNo);
        } else if (typeof body.startTime === "string" && typeof body.endTime === "string") {
          esimList = [...profiles.values()];
        } else {
          return refuseAsDocumented(response, "000105");
        }
        const pageSize = pager.pageSize ?? 50;
        const start = ((pager.pageNum ?? 1) - 1) * pageSize;
        return answer(response, {
          esimList: esimList.slice(start, start + pageSize).map(present),
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
        if (!profile) return refuseAsDocumented(response, "310403");
        // No deduplication: the documentation promises none on a top-up's transactionId.
        const transactionId = String(body.transactionId ?? "");
        if (!transactionId || typeof body.packageCode !== "string") return refuseAsDocumented(response, "000105");
        const pkg = onSale().find(
          (candidate) => candidate.packageCode === body.packageCode && candidate.type === "TOPUP",
        );
        const baseLocation = DOUBLE_PACKAGES.find((base) => base.packageCode === profile.packageCode)?.location;
        // A top-up fits an eSIM of the same place only.
        if (!pkg || pkg.location !== baseLocation) return refuseAsDocumented(response, "310241");
        if (["USED_EXPIRED", "UNUSED_EXPIRED", "CANCEL", "REVOKED"].includes(profile.esimStatus)) {
          return refuseAsDocumented(response, "200002");
        }
        if (body.amount !== undefined && Number(body.amount) !== pkg.price)
          return refuseAsDocumented(response, "200005");
        if (balanceUsdE4 < pkg.price) return refuseAsDocumented(response, "200007");
        balanceUsdE4 -= pkg.price;
        profile.totalVolume += pkg.volume;
        profile.topUps.push({
          transactionId,
          packageCode: pkg.packageCode,
          createTime: new Date().toISOString().replace(/\.\d{3}Z$/, "+0000"),
        });
        return answer(response, {
          transactionId,
          iccid: profile.iccid,
          expiredTime: profile.expiredTime,
          totalVolume: profile.totalVolume,
          totalDuration: pkg.duration,
          orderUsage: profile.orderUsage,
        });
      }
      case "esim/cancel": {
        const profile = profiles.get(String(body.esimTranNo));
        if (!profile) return refuseAsDocumented(response, "310403");
        if (profile.esimStatus !== "GOT_RESOURCE" || profile.smdpStatus !== "RELEASED") {
          return refuseAsDocumented(response, "200002");
        }
        profile.esimStatus = "CANCEL";
        // Cancelling an unused profile refunds its price to our balance (as eSIM Access documents it).
        balanceUsdE4 += DOUBLE_PACKAGES.find((pkg) => pkg.packageCode === profile.packageCode)?.price ?? 0;
        return answer(response, {});
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
    if (!receivedCode) return { errorCode: "000101", errorMsg: ERRORS["000101"] };
    if (receivedCode !== accessCode) return { errorCode: "101003", errorMsg: ERRORS["101003"] };
    if (!secret) return null;
    const requestId = header("RT-RequestID");
    const timestamp = header("RT-Timestamp");
    const signature = header("RT-Signature");
    if (!requestId || !timestamp || !signature) return { errorCode: "000101", errorMsg: ERRORS["000101"] };
    const expected = computeEsimAccessSignature({ timestamp, requestId, accessCode, body: rawBody, secret });
    if (!isSameSignature(expected, signature)) return { errorCode: "101003", errorMsg: ERRORS["101003"] };
    if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000) {
      return { errorCode: "101001", errorMsg: ERRORS["101001"] };
    }
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
        return refuseAsDocumented(response, "000104");
      }
      requests.push({ path, headers: request.headers, body, atMs: Date.now() });
      if (request.method !== "POST") return refuseAsDocumented(response, "000103");
      if (rateLimit.isRefused(Date.now()))
        return refuse(response, RATE_LIMIT_ERROR.errorCode, RATE_LIMIT_ERROR.errorMsg);

      const failureIndex = failures.findIndex(
        (entry) => (entry.path === undefined || entry.path === path) && (entry.when === undefined || entry.when(body)),
      );
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
          case "apply-then-hang": {
            hanging.add(response);
            // The work is done as usual; its answer goes nowhere.
            const discard = { writeHead: () => discard, end: () => discard } as unknown as ServerResponse;
            if (!authenticate(request, rawBody)) handle(path, body, discard);
            return;
          }
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
      failures.push({ failure, remaining: failOptions.times ?? 1, path: failOptions.path, when: failOptions.when });
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
    setIccidDelay(queries) {
      iccidDelay = queries;
    },
    releaseIccids() {
      hiddenIccidQueries.clear();
    },
    setBalance(next) {
      balanceUsdE4 = next;
    },
    setPackagePrice(packageCode, priceUsdE4) {
      priceOf.set(packageCode, priceUsdE4);
    },
    withdrawPackage(packageCode) {
      withdrawn.add(packageCode);
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
