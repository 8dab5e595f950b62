import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UpstreamError } from "../esim-port.ts";
import { type EsimAccessDouble, startEsimAccessDouble } from "./esim-access-double.ts";
import { createEsimAccessProvider, parseUpstreamTime } from "./esim-access-provider.ts";

let double: EsimAccessDouble;
let signedDouble: EsimAccessDouble;

beforeAll(async () => {
  double = await startEsimAccessDouble({ accessCode: "plain-code" });
  signedDouble = await startEsimAccessDouble({ accessCode: "signed-code", secret: "signing-secret" });
});
afterAll(async () => {
  await double.close();
  await signedDouble.close();
});
beforeEach(() => {
  double.holdAllocation(false);
  double.setDuplicateTransactionAnswer("same-order");
});

function client(options: Partial<Parameters<typeof createEsimAccessProvider>[0]> = {}) {
  return createEsimAccessProvider({ baseUrl: double.url, accessCode: double.accessCode, timeoutMs: 2000, ...options });
}

let transactionCounter = 0;
function newTransactionId() {
  transactionCounter++;
  return `order-${transactionCounter}`;
}

async function caught(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function orderTurkey(provider = client(), transactionId = newTransactionId(), count = 1) {
  return provider.orderProfiles({ transactionId, packageCode: "CKH491", count, unitPriceUsdE4: 12_300 });
}

async function readyProfiles(upstreamOrderNo: string, provider = client()) {
  const answer = await provider.queryOrder(upstreamOrderNo);
  if (answer.state !== "ready") throw new Error("still allocating");
  return answer.profiles;
}

describe("authentication", () => {
  it("sends RT-AccessCode alone without a secret, as JSON POSTs under /api/v1/open", async () => {
    const before = double.requests.length;
    await client().listPackages();
    const [request] = double.requests.slice(before);
    expect(request?.path).toBe("package/list");
    expect(request?.headers["rt-accesscode"]).toBe("plain-code");
    expect(request?.headers["rt-signature"]).toBeUndefined();
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("is refused, without retry, with a wrong access code", async () => {
    const error = await caught(client({ accessCode: "wrong" }).listPackages());
    expect(error).toMatchObject({ isRetryable: false, upstreamCode: "101003" });
  });

  it("signs every request in HMAC mode, which the double verifies", async () => {
    const provider = createEsimAccessProvider({
      baseUrl: signedDouble.url,
      accessCode: "signed-code",
      secret: "signing-secret",
    });
    const { upstreamOrderNo } = await orderTurkey(provider);
    expect(await readyProfiles(upstreamOrderNo, provider)).toHaveLength(1);
    const last = signedDouble.requests.at(-1);
    expect(last?.headers["rt-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(last?.headers["rt-requestid"]).not.toBe(signedDouble.requests.at(-2)?.headers["rt-requestid"]);
  });

  it("is refused with a wrong secret or without signing where signing is required", async () => {
    const wrongSecret = createEsimAccessProvider({
      baseUrl: signedDouble.url,
      accessCode: "signed-code",
      secret: "other",
    });
    expect(await caught(wrongSecret.listPackages())).toMatchObject({ isRetryable: false, upstreamCode: "101003" });
    const unsigned = createEsimAccessProvider({ baseUrl: signedDouble.url, accessCode: "signed-code" });
    expect(await caught(unsigned.listPackages())).toMatchObject({ isRetryable: false, upstreamCode: "000101" });
  });
});

describe("listPackages", () => {
  it("reshapes base and top-up packages and leaves out what we cannot sell", async () => {
    const packages = await client().listPackages();
    const byCode = new Map(packages.map((pkg) => [pkg.code, pkg]));
    expect([...byCode.keys()].sort()).toEqual(["CKH491", "CKH900", "EU42-5-30", "GL139-3-30", "TOPUP_CKH491"]);
    expect(byCode.get("CKH491")).toMatchObject({
      destination: { code: "TR", type: "country" },
      dataMb: 1024,
      validityDays: 7,
      costUsdE4: 12_300,
      supportsTopUp: true,
      isTopUp: false,
    });
    expect(byCode.get("CKH900")).toMatchObject({
      isUnlimited: true,
      dataMb: null,
      fairUsePolicy: "High speed up to 2 GB/day, then 512 Kbps",
    });
    expect(byCode.get("EU42-5-30")).toMatchObject({ destination: { code: "europe", type: "region" }, dataMb: 5120 });
    expect(byCode.get("EU42-5-30")?.networks).toContainEqual({ country: "DE", operator: "Telekom", networkType: "4G" });
    expect(byCode.get("GL139-3-30")).toMatchObject({
      destination: { code: "global", type: "global" },
      validityDays: 30,
    });
    expect(byCode.get("TOPUP_CKH491")).toMatchObject({ isTopUp: true, destination: { code: "TR", type: "country" } });
  });
});

describe("orderProfiles and queryOrder", () => {
  it("sends transactionId, amount and the package, then answers allocating (200010) until the profiles exist", async () => {
    double.holdAllocation(true);
    const transactionId = newTransactionId();
    const { upstreamOrderNo } = await orderTurkey(client(), transactionId, 2);
    const orderRequest = double.requests.findLast((request) => request.path === "esim/order");
    expect(orderRequest?.body).toEqual({
      transactionId,
      amount: 24_600,
      packageInfoList: [{ packageCode: "CKH491", count: 2, price: 12_300 }],
    });
    expect(await client().queryOrder(upstreamOrderNo)).toEqual({ state: "allocating" });

    double.holdAllocation(false);
    const profiles = await readyProfiles(upstreamOrderNo);
    expect(profiles).toHaveLength(2);
    for (const profile of profiles) {
      expect(profile.upstreamOrderNo).toBe(upstreamOrderNo);
      expect(profile.smdpAddress).toBe("rsp-eu.double.localhost");
      expect(profile.activationCode).toBe(`LPA:1$rsp-eu.double.localhost$${profile.matchingId}`);
      expect(profile.status).toBe("New");
      expect(profile.totalBytes).toBe(1_073_741_824);
      expect(profile.activateBefore).toEqual(new Date("2026-12-01T00:00:00Z"));
      expect(profile.expiresAt).toBeNull();
    }
  });

  it("answers the same order for the same transactionId", async () => {
    const transactionId = newTransactionId();
    const first = await orderTurkey(client(), transactionId);
    expect(await orderTurkey(client(), transactionId)).toEqual(first);
  });

  it("resolves a 'transactionId already exists' error to the existing order by searching profiles", async () => {
    const transactionId = newTransactionId();
    const first = await orderTurkey(client(), transactionId);
    double.setDuplicateTransactionAnswer("error");
    expect(await orderTurkey(client(), transactionId)).toEqual(first);
  });

  it("asks to retry later when the duplicate's profiles are not allocated yet, never ordering twice", async () => {
    double.holdAllocation(true);
    const transactionId = newTransactionId();
    await orderTurkey(client(), transactionId);
    double.setDuplicateTransactionAnswer("error");
    const error = await caught(orderTurkey(client(), transactionId));
    expect(error).toMatchObject({ isRetryable: true, upstreamCode: "DUPLICATE_TRANSACTION_PENDING" });
  });

  it("refuses a transactionId longer than 50 characters without calling", async () => {
    const before = double.requests.length;
    const error = await caught(orderTurkey(client(), "x".repeat(51)));
    expect(error).toMatchObject({ isRetryable: false, upstreamCode: "INVALID_TRANSACTION_ID" });
    expect(double.requests.length).toBe(before);
  });

  it("maps business refusals to errors that are not retried", async () => {
    const provider = client();
    const stalePrice = provider.orderProfiles({
      transactionId: newTransactionId(),
      packageCode: "CKH491",
      count: 1,
      unitPriceUsdE4: 1,
    });
    expect(await caught(stalePrice)).toMatchObject({ isRetryable: false, upstreamCode: "200005" });
    double.failNext({ kind: "error", errorCode: "200007", errorMsg: "Insufficient balance" }, { path: "esim/order" });
    expect(await caught(orderTurkey(provider))).toMatchObject({ isRetryable: false, upstreamCode: "200007" });
  });
});

describe("queryProfile", () => {
  it("maps the upstream statuses and usage as they change, with the usage time", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    const reference = profile!.reference;
    const stored = double.profiles.get(reference)!;

    stored.smdpStatus = "ENABLED";
    expect((await client().queryProfile(reference))?.status).toBe("Onboard");
    stored.esimStatus = "IN_USE";
    expect((await client().queryProfile(reference))?.status).toBe("Onboard");
    stored.orderUsage = 5_000_000;
    const inUse = await client().queryProfile(reference);
    expect(inUse).toMatchObject({
      status: "In Use",
      usedBytes: 5_000_000,
      expiresAt: new Date("2026-12-01T00:00:00Z"),
    });
    expect(inUse?.usageUpdatedAt).toEqual(new Date("2026-06-01T09:00:00Z"));
    stored.esimStatus = "USED_UP";
    expect((await client().queryProfile(reference))?.status).toBe("Depleted");
    stored.smdpStatus = "DELETED";
    expect((await client().queryProfile(reference))?.status).toBe("Deleted");
  });

  it("answers null for an unknown profile", async () => {
    expect(await client().queryProfile("00000000000000")).toBeNull();
  });
});

describe("topUp", () => {
  it("applies a top-up once per transactionId", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    const input = {
      reference: profile!.reference,
      packageCode: "TOPUP_CKH491",
      transactionId: newTransactionId(),
      priceUsdE4: 12_300,
    };
    await client().topUp(input);
    await client().topUp(input);
    expect(double.profiles.get(profile!.reference)?.topUps).toEqual([input.transactionId]);
    expect((await client().queryProfile(profile!.reference))?.totalBytes).toBe(2 * 1_073_741_824);
  });

  it("refuses an incompatible package and an expired eSIM without retry", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    const reference = profile!.reference;
    const wrong = client().topUp({
      reference,
      packageCode: "CKH900",
      transactionId: newTransactionId(),
      priceUsdE4: 55_000,
    });
    expect(await caught(wrong)).toMatchObject({ isRetryable: false, upstreamCode: "310241" });
    double.profiles.get(reference)!.esimStatus = "USED_EXPIRED";
    const expired = client().topUp({
      reference,
      packageCode: "TOPUP_CKH491",
      transactionId: newTransactionId(),
      priceUsdE4: 12_300,
    });
    expect(await caught(expired)).toMatchObject({ isRetryable: false, upstreamCode: "200002" });
  });
});

describe("cancel", () => {
  it("cancels a new profile, and a repeated cancel succeeds", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    await client().cancel(profile!.reference);
    await client().cancel(profile!.reference);
    expect((await client().queryProfile(profile!.reference))?.status).toBe("Canceled");
  });

  it("refuses a profile in use without retry", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    Object.assign(double.profiles.get(profile!.reference)!, {
      esimStatus: "IN_USE",
      smdpStatus: "ENABLED",
      orderUsage: 10,
    });
    expect(await caught(client().cancel(profile!.reference))).toMatchObject({
      isRetryable: false,
      upstreamCode: "200002",
    });
  });
});

describe("getBalance", () => {
  it("asks balance/query, signed, and reads the balance in USD × 10 000 as orders and cancels move it", async () => {
    const provider = createEsimAccessProvider({
      baseUrl: signedDouble.url,
      accessCode: "signed-code",
      secret: "signing-secret",
    });
    signedDouble.setBalance(500_000);
    expect(await provider.getBalance()).toEqual({ balanceUsdE4: 500_000 });
    const request = signedDouble.requests.at(-1);
    expect(request).toMatchObject({ path: "balance/query", body: {} });
    expect(request?.headers["rt-signature"]).toMatch(/^[0-9a-f]{64}$/);

    const [profile] = await readyProfiles(
      (await orderTurkey(provider, newTransactionId(), 2)).upstreamOrderNo,
      provider,
    );
    expect(await provider.getBalance()).toEqual({ balanceUsdE4: 500_000 - 2 * 12_300 });
    await provider.cancel(profile!.reference);
    expect(await provider.getBalance()).toEqual({ balanceUsdE4: 500_000 - 12_300 });
  });

  it("reports the upstream's error answers and a malformed balance as errors saying whether to retry", async () => {
    expect(await caught(client({ accessCode: "wrong" }).getBalance())).toMatchObject({
      isRetryable: false,
      upstreamCode: "101003",
    });
    double.failNext({ kind: "error", errorCode: "900001", errorMsg: "System busy" }, { path: "balance/query" });
    expect(await caught(client().getBalance())).toMatchObject({ isRetryable: true, upstreamCode: "900001" });
    double.failNext({ kind: "http", status: 502 }, { path: "balance/query" });
    expect(await caught(client().getBalance())).toMatchObject({ isRetryable: true, upstreamCode: "HTTP_502" });
    double.failNext({ kind: "malformed" }, { path: "balance/query" });
    expect(await caught(client().getBalance())).toMatchObject({ isRetryable: false, upstreamCode: "INVALID_RESPONSE" });
  });
});

describe("transport failures", () => {
  it.each([
    [{ kind: "http", status: 500 } as const, true, "HTTP_500"],
    [{ kind: "http", status: 503 } as const, true, "HTTP_503"],
    [{ kind: "http", status: 429 } as const, true, "HTTP_429"],
    [{ kind: "http", status: 400 } as const, false, "HTTP_400"],
    [{ kind: "error", errorCode: "900001", errorMsg: "System busy" } as const, true, "900001"],
    [{ kind: "error", errorCode: "000001", errorMsg: "Server error" } as const, true, "000001"],
    [{ kind: "malformed" } as const, false, "INVALID_RESPONSE"],
  ])("%o → retryable %s (%s)", async (failure, isRetryable, upstreamCode) => {
    double.failNext(failure);
    expect(await caught(client().listPackages())).toMatchObject({ isRetryable, upstreamCode });
  });

  it("gives up on a hung upstream after the timeout, as retryable", async () => {
    double.failNext({ kind: "hang" });
    const startedMs = Date.now();
    expect(await caught(client({ timeoutMs: 200 }).listPackages())).toMatchObject({
      isRetryable: true,
      upstreamCode: "TIMEOUT",
    });
    expect(Date.now() - startedMs).toBeLessThan(2000);
  });

  it("reports an unreachable upstream as retryable", async () => {
    const closed = await startEsimAccessDouble();
    await closed.close();
    expect(await caught(client({ baseUrl: closed.url }).listPackages())).toMatchObject({
      isRetryable: true,
      upstreamCode: "NETWORK",
    });
  });
});

describe("rate limit", () => {
  it("starts at most 8 requests in any second", async () => {
    const { upstreamOrderNo } = await orderTurkey();
    const provider = client();
    const before = double.requests.length;
    await Promise.all(Array.from({ length: 17 }, () => provider.queryOrder(upstreamOrderNo)));
    const arrivals = double.requests.slice(before).map((request) => request.atMs);
    expect(arrivals).toHaveLength(17);
    for (let index = 0; index + 8 < arrivals.length; index++) {
      // A little slack for the network between the client's clock and the double's.
      expect(arrivals[index + 8]! - arrivals[index]!).toBeGreaterThanOrEqual(950);
    }
  });
});

describe("parseUpstreamTime", () => {
  it("reads times with and without a zone as UTC", () => {
    expect(parseUpstreamTime("2025-03-19T18:00:00+0000")).toEqual(new Date("2025-03-19T18:00:00Z"));
    expect(parseUpstreamTime("2025-03-19 18:00:00")).toEqual(new Date("2025-03-19T18:00:00Z"));
    expect(parseUpstreamTime("nonsense")).toBeNull();
    expect(parseUpstreamTime(null)).toBeNull();
  });
});
