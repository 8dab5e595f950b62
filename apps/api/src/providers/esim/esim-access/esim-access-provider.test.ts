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
  double.setIccidDelay(0);
});

function recordingLog() {
  const warnings: { details: object; message: string }[] = [];
  const errors: { details: object; message: string }[] = [];
  return {
    warnings,
    errors,
    log: {
      warn: (details: object, message: string) => warnings.push({ details, message }),
      error: (details: object, message: string) => errors.push({ details, message }),
    },
  };
}

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
  it("reshapes base and top-up packages and leaves out, with a log, what we cannot sell", async () => {
    const { warnings, log } = recordingLog();
    const packages = await client({ log }).listPackages();
    const byCode = new Map(packages.map((pkg) => [pkg.code, pkg]));
    // CKH900 is a daily plan (dataType 2): kept out (decision 051); CKH-180D lasts 180 days.
    expect([...byCode.keys()].sort()).toEqual(["CKH491", "EU42-5-30", "GL139-3-30", "TOPUP_CKH491"]);
    expect(warnings.map((warning) => warning.details)).toEqual([
      { packageCode: "CKH900", reason: "daily plan (decision 051)" },
      { packageCode: "CKH-180D", reason: "validity outside 1–90 days" },
    ]);
    expect(packages.isTopUpListMissing).toBeUndefined();
    expect(byCode.get("CKH491")).toMatchObject({
      destination: { code: "TR", type: "country" },
      dataMb: 1024,
      validityDays: 7,
      costUsdE4: 12_300,
      supportsTopUp: true,
      isTopUp: false,
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

describe("listPackages when the TOPUP list is refused", () => {
  it("still answers the base packages, says the top-ups are missing and logs it", async () => {
    double.failNext(
      { kind: "error", errorCode: "900001", errorMsg: "busy" },
      {
        path: "package/list",
        when: (body) => body.type === "TOPUP",
      },
    );
    const { warnings, log } = recordingLog();
    const packages = await client({ log }).listPackages();
    expect(packages.map((pkg) => pkg.code).sort()).toEqual(["CKH491", "EU42-5-30", "GL139-3-30"]);
    expect(packages.isTopUpListMissing).toBe(true);
    expect(warnings.some((warning) => warning.message.includes("TOPUP package list failed"))).toBe(true);
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

  it("finds the existing order by searching profiles when a repeated transactionId is refused (200008)", async () => {
    const transactionId = newTransactionId();
    const first = await orderTurkey(client(), transactionId);
    double.setDuplicateTransactionAnswer("error");
    expect(await orderTurkey(client(), transactionId)).toEqual(first);
  });

  it("asks to retry later on 200008 when no profile carries the transactionId yet, never ordering twice", async () => {
    double.holdAllocation(true);
    const transactionId = newTransactionId();
    await orderTurkey(client(), transactionId);
    double.setDuplicateTransactionAnswer("error");
    const ordersBefore = double.requests.filter((request) => request.path === "esim/order").length;
    const error = await caught(orderTurkey(client(), transactionId));
    expect(error).toMatchObject({ isRetryable: true, upstreamCode: "200008" });
    expect(double.requests.filter((request) => request.path === "esim/order").length).toBe(ordersBefore + 1);
  });

  it("keeps the good profiles of the date search when one is unreadable", async () => {
    const [broken] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    const stored = double.profiles.get(broken!.reference)!;
    const transactionId = newTransactionId();
    const first = await orderTurkey(client(), transactionId);
    const saved = stored.esimStatus;
    (stored as { esimStatus: unknown }).esimStatus = 42;
    double.setDuplicateTransactionAnswer("error");
    const { warnings, log } = recordingLog();
    try {
      expect(await orderTurkey(client({ log }), transactionId)).toEqual(first);
    } finally {
      stored.esimStatus = saved;
    }
    expect(warnings.some((warning) => warning.message.includes("unreadable"))).toBe(true);
  });

  it("delivers a profile whose ICCID comes later: ready with its activation code, the ICCID on a later query", async () => {
    double.setIccidDelay(2);
    const { upstreamOrderNo } = await orderTurkey();
    const [profile] = await readyProfiles(upstreamOrderNo);
    expect(profile).toMatchObject({ iccid: null, status: "New" });
    expect(profile!.activationCode).toMatch(/^LPA:1\$/);
    expect((await client().queryProfile(profile!.reference))?.iccid).toBeNull();
    expect((await client().queryProfile(profile!.reference))?.iccid).toMatch(/^8985/);
  });

  it("keeps the order allocating while a profile has no activation code, and logs it", async () => {
    const { upstreamOrderNo } = await orderTurkey();
    const [profile] = await readyProfiles(upstreamOrderNo);
    const stored = double.profiles.get(profile!.reference)!;
    const ac = stored.ac;
    stored.ac = "";
    const { warnings, log } = recordingLog();
    expect(await client({ log }).queryOrder(upstreamOrderNo)).toEqual({ state: "allocating" });
    expect(warnings).toHaveLength(1);
    stored.ac = ac;
    expect((await client().queryOrder(upstreamOrderNo)).state).toBe("ready");
  });

  it("reports a documented order parameters error (200008, a batch over 30) as retryable, ordering nothing", async () => {
    const error = await caught(orderTurkey(client(), newTransactionId(), 31));
    expect(error).toMatchObject({ isRetryable: true, upstreamCode: "200008" });
    expect(error.message).toContain("Order parameters error, please contact customer service.");
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

  it("logs a refusal outside the documented table once, at error level, with its code and body", async () => {
    const { errors, log } = recordingLog();
    const provider = client({ log });
    double.failNext({ kind: "error", errorCode: "310499", errorMsg: "package sale paused" }, { path: "esim/order" });
    expect(await caught(orderTurkey(provider))).toMatchObject({ isRetryable: false, upstreamCode: "310499" });
    expect(errors).toEqual([
      {
        details: expect.objectContaining({
          path: "esim/order",
          code: "310499",
          body: { success: false, errorCode: "310499", errorMsg: "package sale paused", obj: null },
        }),
        message: expect.stringContaining("outside the documented error codes"),
      },
    ]);
  });

  it("logs nothing at error level for a documented refusal", async () => {
    const { errors, log } = recordingLog();
    double.failNext({ kind: "error", errorCode: "200007", errorMsg: "Insufficient balance" }, { path: "esim/order" });
    await caught(orderTurkey(client({ log })));
    expect(errors).toEqual([]);
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
  async function newTopUp(provider = client()) {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    return {
      reference: profile!.reference,
      packageCode: "TOPUP_CKH491",
      transactionId: newTransactionId(),
      priceUsdE4: 12_300,
      provider,
    };
  }

  function topUpCalls(transactionId: string) {
    return double.requests.filter(
      (request) =>
        request.path === "esim/topup" && (request.body as { transactionId?: string }).transactionId === transactionId,
    ).length;
  }

  it("counts a documented success, and the profile lists the top-up in its packageList", async () => {
    const { provider, ...input } = await newTopUp();
    await provider.topUp(input);
    expect(double.profiles.get(input.reference)?.topUps.map((topUp) => topUp.transactionId)).toEqual([
      input.transactionId,
    ]);
    expect(await provider.isTopUpApplied(input)).toBe(true);
    expect(await provider.isTopUpApplied({ ...input, priorCount: 1 })).toBe(false);
    expect((await provider.queryProfile(input.reference))?.totalBytes).toBe(2 * 1_073_741_824);
  });

  it("after a timeout on a call that was applied, finds it on the profile and never calls again", async () => {
    const { provider, ...input } = await newTopUp(client({ timeoutMs: 300 }));
    double.failNext({ kind: "apply-then-hang" }, { path: "esim/topup" });
    await provider.topUp(input);
    expect(double.profiles.get(input.reference)?.topUps).toHaveLength(1);
    expect(topUpCalls(input.transactionId)).toBe(1);
  });

  it("after a timeout on a call that did nothing, reads the profile and calls once more", async () => {
    const { provider, ...input } = await newTopUp(client({ timeoutMs: 300 }));
    double.failNext({ kind: "hang" }, { path: "esim/topup" });
    await provider.topUp(input);
    expect(double.profiles.get(input.reference)?.topUps).toHaveLength(1);
    expect(topUpCalls(input.transactionId)).toBe(2);
  });

  it("counts only top-ups beyond those we had applied (priorCount)", async () => {
    const { provider, ...input } = await newTopUp(client({ timeoutMs: 300 }));
    await provider.topUp(input);
    const second = { ...input, transactionId: newTransactionId(), priorCount: 1 };
    double.failNext({ kind: "apply-then-hang" }, { path: "esim/topup" });
    await provider.topUp(second);
    expect(double.profiles.get(input.reference)?.topUps).toHaveLength(2);
    expect(topUpCalls(second.transactionId)).toBe(1);
  });

  it("takes a documented refusal as a failure, whatever its text: 200008 is never an earlier success", async () => {
    const { provider, ...input } = await newTopUp();
    double.failNext(
      { kind: "error", errorCode: "200008", errorMsg: "transactionId already exists" },
      { path: "esim/topup" },
    );
    expect(await caught(provider.topUp(input))).toMatchObject({ isRetryable: false, upstreamCode: "200008" });
    expect(double.profiles.get(input.reference)?.topUps).toEqual([]);
  });

  it("logs a refusal outside the documented table with its body and, after one read of the profile, takes it as final", async () => {
    const { errors, log } = recordingLog();
    const { provider, ...input } = await newTopUp(client({ log }));
    double.failNext({ kind: "error", errorCode: "310404", errorMsg: "esim status error" }, { path: "esim/topup" });
    const readsBefore = double.requests.filter((request) => request.path === "esim/query").length;
    expect(await caught(provider.topUp(input))).toMatchObject({ isRetryable: false, upstreamCode: "310404" });
    expect(double.profiles.get(input.reference)?.topUps).toEqual([]);
    expect(topUpCalls(input.transactionId)).toBe(1);
    expect(double.requests.filter((request) => request.path === "esim/query").length - readsBefore).toBe(1);
    expect(errors).toEqual([
      {
        details: expect.objectContaining({
          path: "esim/topup",
          code: "310404",
          body: { success: false, errorCode: "310404", errorMsg: "esim status error", obj: null },
        }),
        message: expect.stringContaining("outside the documented error codes"),
      },
    ]);
  });

  it("counts an undocumented refusal as a success when the one confirming read shows the top-up applied", async () => {
    const { provider, ...input } = await newTopUp();
    await provider.topUp(input);
    // The profile already lists the package beyond priorCount: the refusal came after the work was done.
    double.failNext({ kind: "error", errorCode: "310404", errorMsg: "esim status error" }, { path: "esim/topup" });
    await provider.topUp(input);
    expect(double.profiles.get(input.reference)?.topUps).toHaveLength(1);
    expect(topUpCalls(input.transactionId)).toBe(2);
  });

  it("does not deduplicate a repeated transactionId, as documented: the client's check is what applies once", async () => {
    const { provider, ...input } = await newTopUp();
    await provider.topUp(input);
    await provider.topUp(input);
    expect(double.profiles.get(input.reference)?.topUps).toHaveLength(2);
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

describe("listTopUpPackageCodes", () => {
  it("asks package/list with type TOPUP and the eSIM's ICCID, once per ICCID for ten minutes", async () => {
    const [profile] = await readyProfiles((await orderTurkey()).upstreamOrderNo);
    const provider = client();
    const before = double.requests.length;
    expect(await provider.listTopUpPackageCodes({ iccid: profile!.iccid, baseCode: "CKH491" })).toEqual([
      "TOPUP_CKH491",
    ]);
    expect(await provider.listTopUpPackageCodes({ iccid: profile!.iccid, baseCode: "CKH491" })).toEqual([
      "TOPUP_CKH491",
    ]);
    const asked = double.requests.slice(before);
    expect(asked.map((request) => request.body)).toEqual([{ type: "TOPUP", iccid: profile!.iccid }]);
  });

  it("without an ICCID, asks package/list with type TOPUP and the base packageCode, once per package", async () => {
    const provider = client();
    const before = double.requests.length;
    expect(await provider.listTopUpPackageCodes({ iccid: null, baseCode: "CKH491" })).toEqual(["TOPUP_CKH491"]);
    expect(await provider.listTopUpPackageCodes({ iccid: null, baseCode: "CKH491" })).toEqual(["TOPUP_CKH491"]);
    // A base package of another place takes none of them.
    expect(await provider.listTopUpPackageCodes({ iccid: null, baseCode: "CKH900" })).toEqual([]);
    const asked = double.requests.slice(before);
    expect(asked.map((request) => request.body)).toEqual([
      { type: "TOPUP", packageCode: "CKH491" },
      { type: "TOPUP", packageCode: "CKH900" },
    ]);
  });

  it("falls back to the base package's list when the ICCID's list fails", async () => {
    const provider = client();
    const before = double.requests.length;
    double.failNext({ kind: "http", status: 503 }, { path: "package/list" });
    expect(await provider.listTopUpPackageCodes({ iccid: "8985000000000000000", baseCode: "CKH491" })).toEqual([
      "TOPUP_CKH491",
    ]);
    const asked = double.requests.slice(before);
    expect(asked.map((request) => request.body)).toEqual([
      { type: "TOPUP", iccid: "8985000000000000000" },
      { type: "TOPUP", packageCode: "CKH491" },
    ]);
  });

  it("cannot say when neither list can be had", async () => {
    double.failNext({ kind: "http", status: 503 }, { path: "package/list" });
    expect(await client().listTopUpPackageCodes({ iccid: null, baseCode: "CKH491" })).toBeNull();
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
    expect(await caught(client().getBalance())).toMatchObject({ isRetryable, upstreamCode });
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
    // When each request leaves the client: what the budget paces (arrivals at the double also carry this machine's
    // scheduling, which on a busy two-core machine bunches them by tens of milliseconds).
    const starts: number[] = [];
    const provider = client({
      fetch: (input, init) => {
        starts.push(performance.now());
        return fetch(input, init);
      },
    });
    const before = double.requests.length;
    await Promise.all(Array.from({ length: 17 }, () => provider.queryOrder(upstreamOrderNo)));
    expect(double.requests.length - before).toBe(17);
    expect(starts).toHaveLength(17);
    for (let index = 0; index + 8 < starts.length; index++) {
      expect(starts[index + 8]! - starts[index]!).toBeGreaterThanOrEqual(990);
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

describe("one package asked for again (findPackage)", () => {
  it("answers a base package at its price of today from package/list filtered by its packageCode", async () => {
    double.setPackagePrice("EU42-5-30", 99_000);
    const found = await client().findPackage?.({ code: "EU42-5-30", isTopUp: false });
    expect(found).toMatchObject({ code: "EU42-5-30", costUsdE4: 99_000 });
    const asked = double.requests.filter((request) => request.path === "package/list").at(-1);
    expect(asked?.body).toEqual({ type: "BASE", packageCode: "EU42-5-30" });
  });

  it("answers a top-up from the TOPUP list, and null for a package the upstream withdrew", async () => {
    expect(await client().findPackage?.({ code: "TOPUP_CKH491", isTopUp: true })).toMatchObject({
      code: "TOPUP_CKH491",
      isTopUp: true,
    });
    expect(await client().findPackage?.({ code: "GL139-3-30", isTopUp: false })).toMatchObject({ costUsdE4: 99_000 });
    double.withdrawPackage("GL139-3-30");
    expect(await client().findPackage?.({ code: "GL139-3-30", isTopUp: false })).toBeNull();
    // The withdrawn package is refused as documented when bought.
    const refused = client().orderProfiles({
      transactionId: newTransactionId(),
      packageCode: "GL139-3-30",
      count: 1,
      unitPriceUsdE4: 99_000,
    });
    await expect(refused).rejects.toMatchObject({ isRetryable: false, upstreamCode: "310241" });
  });
});
