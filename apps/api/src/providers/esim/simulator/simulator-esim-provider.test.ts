import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { simulatorOrders, simulatorProfiles } from "../../providers.schema.ts";
import { UpstreamError, type UpstreamProfile } from "../esim-port.ts";
import { mapEsimStatus } from "../esim-status.ts";
import { findSimulatorPackage } from "./catalogue.ts";
import {
  createSimulatorEsimProvider,
  SIMULATOR_SMDP_ADDRESS,
  type SimulatorEsimProviderOptions,
} from "./simulator-esim-provider.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const MIB = 1024 * 1024;

let db: Database;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDatabase = database.close;
});
afterAll(() => closeDatabase());

/** A simulator on a hand-moved clock: "ten minutes later" takes no time. */
function setUp(options: Partial<SimulatorEsimProviderOptions> = {}) {
  let nowMs = new Date("2026-06-01T10:00:00Z").getTime();
  const provider = createSimulatorEsimProvider({
    db,
    now: () => new Date(nowMs),
    allocationSeconds: 5,
    installAfterSeconds: 600,
    firstUseAfterSeconds: 600,
    timeoutMs: 10,
    ...options,
  });
  return {
    provider,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

let transactionCounter = 0;
function newTransactionId() {
  transactionCounter++;
  return `test-transaction-${transactionCounter}`;
}

function pkg(code: string) {
  const found = findSimulatorPackage(code);
  if (!found) throw new Error(`no package ${code}`);
  return found;
}

async function orderReadyProfile(
  setup: ReturnType<typeof setUp>,
  packageCode = "SIM-TR-1GB-7D",
): Promise<UpstreamProfile> {
  const { upstreamOrderNo } = await setup.provider.orderProfiles({
    transactionId: newTransactionId(),
    packageCode,
    count: 1,
    unitPriceUsdE4: pkg(packageCode).costUsdE4,
  });
  setup.advance(5 * SECOND);
  const answer = await setup.provider.queryOrder(upstreamOrderNo);
  if (answer.state !== "ready") throw new Error("not allocated");
  return answer.profiles[0]!;
}

async function expectUpstreamError(
  promise: Promise<unknown>,
  expected: { isRetryable: boolean; upstreamCode?: string },
) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  expect(error).toMatchObject(expected);
}

describe("listPackages", () => {
  it("answers the catalogue with Algeria, Turkey, the regions and global", async () => {
    const packages = await setUp().provider.listPackages();
    const destinations = new Set(packages.map((item) => item.destination.code));
    for (const code of ["DZ", "TR", "europe", "middle-east-north-africa", "asia", "africa", "americas", "global"]) {
      expect(destinations).toContain(code);
    }
  });
});

describe("orderProfiles", () => {
  it("refuses an unknown package, a top-up package, a stale price and a bad count without retry", async () => {
    const { provider } = setUp();
    const base = { transactionId: newTransactionId(), count: 1 };
    await expectUpstreamError(provider.orderProfiles({ ...base, packageCode: "NOPE", unitPriceUsdE4: 1 }), {
      isRetryable: false,
      upstreamCode: "PACKAGE_NOT_FOUND",
    });
    const topUp = pkg("SIM-TR-1GB-7D-TOPUP");
    await expectUpstreamError(
      provider.orderProfiles({ ...base, packageCode: topUp.code, unitPriceUsdE4: topUp.costUsdE4 }),
      { isRetryable: false, upstreamCode: "PACKAGE_NOT_FOUND" },
    );
    await expectUpstreamError(provider.orderProfiles({ ...base, packageCode: "SIM-TR-1GB-7D", unitPriceUsdE4: 1 }), {
      isRetryable: false,
      upstreamCode: "200005",
    });
    await expectUpstreamError(
      provider.orderProfiles({
        ...base,
        count: 0,
        packageCode: "SIM-TR-1GB-7D",
        unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
      }),
      { isRetryable: false, upstreamCode: "INVALID_COUNT" },
    );
    const [orders] = await db
      .select({ total: count() })
      .from(simulatorOrders)
      .where(eq(simulatorOrders.transactionId, base.transactionId));
    expect(orders?.total).toBe(0);
  });

  it("answers the same order for the same transactionId, even from 20 concurrent calls", async () => {
    const { provider } = setUp();
    const input = {
      transactionId: newTransactionId(),
      packageCode: "SIM-FR-5GB-30D",
      count: 2,
      unitPriceUsdE4: pkg("SIM-FR-5GB-30D").costUsdE4,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => provider.orderProfiles(input)));
    expect(new Set(answers.map((answer) => answer.upstreamOrderNo)).size).toBe(1);
    const orders = await db
      .select()
      .from(simulatorOrders)
      .where(eq(simulatorOrders.transactionId, input.transactionId));
    expect(orders).toHaveLength(1);
    const profiles = await db.select().from(simulatorProfiles).where(eq(simulatorProfiles.orderNo, orders[0]!.orderNo));
    expect(profiles).toHaveLength(2);
    expect(orders[0]!.amountUsdE4).toBe(2 * input.unitPriceUsdE4);
  });

  it("refuses a transactionId reused for a different order", async () => {
    const { provider } = setUp();
    const transactionId = newTransactionId();
    await provider.orderProfiles({
      transactionId,
      packageCode: "SIM-FR-5GB-30D",
      count: 1,
      unitPriceUsdE4: pkg("SIM-FR-5GB-30D").costUsdE4,
    });
    await expectUpstreamError(
      provider.orderProfiles({
        transactionId,
        packageCode: "SIM-FR-1GB-7D",
        count: 1,
        unitPriceUsdE4: pkg("SIM-FR-1GB-7D").costUsdE4,
      }),
      { isRetryable: false, upstreamCode: "DUPLICATE_TRANSACTION" },
    );
  });
});

describe("queryOrder", () => {
  it("answers allocating until allocationSeconds have passed, then profiles ready to install", async () => {
    const setup = setUp({ allocationSeconds: 30 });
    const { upstreamOrderNo } = await setup.provider.orderProfiles({
      transactionId: newTransactionId(),
      packageCode: "SIM-TR-1GB-7D",
      count: 3,
      unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
    });
    expect(await setup.provider.queryOrder(upstreamOrderNo)).toEqual({ state: "allocating" });
    setup.advance(29 * SECOND);
    expect(await setup.provider.queryOrder(upstreamOrderNo)).toEqual({ state: "allocating" });
    setup.advance(1 * SECOND);
    const answer = await setup.provider.queryOrder(upstreamOrderNo);
    if (answer.state !== "ready") throw new Error("still allocating");
    expect(answer.profiles).toHaveLength(3);
    expect(new Set(answer.profiles.map((profile) => profile.reference)).size).toBe(3);
    for (const profile of answer.profiles) {
      expect(profile.upstreamOrderNo).toBe(upstreamOrderNo);
      expect(profile.iccid).toMatch(/^8988\d{15,16}$/);
      expect(profile.smdpAddress).toBe(SIMULATOR_SMDP_ADDRESS);
      expect(profile.activationCode).toBe(`LPA:1$${SIMULATOR_SMDP_ADDRESS}$${profile.matchingId}`);
      expect(profile.status).toBe("New");
      expect(profile.totalBytes).toBe(1024 * MIB);
      expect(profile.usedBytes).toBe(0);
      expect(profile.expiresAt).toBeNull();
    }
  });

  it("refuses an unknown order without retry", async () => {
    await expectUpstreamError(setUp().provider.queryOrder("SIM000"), {
      isRetryable: false,
      upstreamCode: "ORDER_NOT_FOUND",
    });
  });

  it("does not know a profile before its allocation", async () => {
    const setup = setUp({ allocationSeconds: 30 });
    const { upstreamOrderNo } = await setup.provider.orderProfiles({
      transactionId: newTransactionId(),
      packageCode: "SIM-TR-1GB-7D",
      count: 1,
      unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
    });
    const [row] = await db.select().from(simulatorProfiles).where(eq(simulatorProfiles.orderNo, upstreamOrderNo));
    expect(await setup.provider.queryProfile(row!.esimTranNo)).toBeNull();
    setup.advance(30 * SECOND);
    expect((await setup.provider.queryProfile(row!.esimTranNo))?.status).toBe("New");
    expect(await setup.provider.queryProfile("0000")).toBeNull();
  });
});

describe("queryProfile over time", () => {
  it("goes New → Onboard → In Use with growing usage → Depleted, deterministically", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    const at = async () => (await setup.provider.queryProfile(profile.reference))!;

    expect((await at()).status).toBe("New");
    setup.advance(10 * MINUTE);
    const onboard = await at();
    expect(onboard.status).toBe("Onboard");
    expect(onboard.usedBytes).toBe(0);
    expect(onboard.expiresAt?.getTime()).toBe(onboard.usageUpdatedAt!.getTime() + 7 * DAY);

    setup.advance(10 * MINUTE + 1 * MINUTE);
    const early = await at();
    expect(early.status).toBe("In Use");
    expect(early.usedBytes).toBeGreaterThan(0);
    setup.advance(12 * 60 * MINUTE);
    const later = await at();
    expect(later.status).toBe("In Use");
    expect(later.usedBytes).toBeGreaterThan(early.usedBytes);
    expect(await at()).toEqual(later);

    // Usage runs at 0.5×–2× of "evenly over the validity": after the validity it is depleted, or over once its days
    // ran out (Used Expired, decision 084).
    setup.advance(7 * DAY);
    const end = await at();
    expect(["Depleted", "Used Expired"]).toContain(end.status);
  });

  it("depletes a profile whose pace outruns its validity and stops counting at the total", async () => {
    // Find, deterministically, a profile of this run fast enough to deplete before its 7 days end.
    for (let attempt = 0; attempt < 20; attempt++) {
      const setup = setUp();
      const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
      setup.advance(10 * MINUTE + 7 * DAY - 1);
      const state = await setup.provider.queryProfile(profile.reference);
      if (state?.status !== "Depleted") continue;
      expect(state.usedBytes).toBe(state.totalBytes);
      return;
    }
    throw new Error("no profile depleted in 20 orders");
  });

  it("starts an installation plan's validity at installation, with the install deadline only before it", async () => {
    const setup = setUp();
    expect(pkg("SIM-TR-1GB-7D").validityStart).toBe("installation");
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    expect(profile.expiresAt).toBeNull();
    expect(profile.activateBefore).toEqual(new Date(new Date("2026-06-01T10:00:05Z").getTime() + 180 * DAY));
    setup.advance(10 * MINUTE);
    const installed = (await setup.provider.queryProfile(profile.reference))!;
    expect(installed.status).toBe("Onboard");
    expect(installed.expiresAt).toEqual(new Date(new Date("2026-06-01T10:10:05Z").getTime() + 7 * DAY));
    expect(installed.activateBefore).toBeNull();
  });

  it("starts a first-connection plan's validity at the first use, not at installation", async () => {
    const setup = setUp();
    expect(pkg("SIM-TR-3GB-15D").validityStart).toBe("first_connection");
    const profile = await orderReadyProfile(setup, "SIM-TR-3GB-15D");
    const deadline = new Date(new Date("2026-06-01T10:00:05Z").getTime() + 180 * DAY);
    expect(profile).toMatchObject({ expiresAt: null, activateBefore: deadline });
    setup.advance(10 * MINUTE);
    const installed = (await setup.provider.queryProfile(profile.reference))!;
    expect(installed).toMatchObject({ status: "Onboard", expiresAt: null, activateBefore: deadline });
    setup.advance(10 * MINUTE + MINUTE);
    const connected = (await setup.provider.queryProfile(profile.reference))!;
    expect(connected.status).toBe("In Use");
    expect(connected.expiresAt).toEqual(new Date(new Date("2026-06-01T10:20:05Z").getTime() + 15 * DAY));
    expect(connected.activateBefore).toBeNull();
  });

  it("keeps unlimited profiles unlimited", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-UL-7D");
    expect(profile.totalBytes).toBeNull();
    setup.advance(5 * DAY);
    const state = await setup.provider.queryProfile(profile.reference);
    expect(state?.status).toBe("In Use");
    expect(state?.totalBytes).toBeNull();
  });
});

describe("usageSpeed", () => {
  it("multiplies the data used over the same time, and leaves installation and validity alone", async () => {
    // Both clocks start at the same instant and move alike; both simulators answer for the same profile.
    const normal = setUp();
    const fast = setUp({ usageSpeed: 100 });
    const profile = await orderReadyProfile(normal);
    fast.advance(5 * SECOND);
    normal.advance(25 * MINUTE);
    fast.advance(25 * MINUTE);

    const slow = (await normal.provider.queryProfile(profile.reference))!;
    const quick = (await fast.provider.queryProfile(profile.reference))!;
    expect(slow.usedBytes).toBeGreaterThan(0);
    expect(quick.usedBytes).toBeGreaterThanOrEqual(100 * slow.usedBytes);
    expect(quick.usedBytes).toBeLessThan(100 * (slow.usedBytes + 1));
    expect(quick.status).toBe("In Use");
    expect(quick.expiresAt).toEqual(slow.expiresAt);
  });
});

describe("listProfileStates", () => {
  it("lists allocated, non-cancelled profiles in the state queryProfile answers", async () => {
    const setup = setUp();
    const transactionId = newTransactionId();
    const { upstreamOrderNo } = await setup.provider.orderProfiles({
      transactionId,
      packageCode: "SIM-FR-5GB-30D",
      count: 3,
      unitPriceUsdE4: pkg("SIM-FR-5GB-30D").costUsdE4,
    });
    const listed = async () =>
      (await setup.provider.listProfileStates()).filter((state) => state.orderNo === upstreamOrderNo);
    expect(await listed()).toEqual([]);

    setup.advance(5 * SECOND);
    const [cancelled, ...kept] = await listed();
    expect(kept).toHaveLength(2);
    await setup.provider.cancel(cancelled!.esimTranNo);
    setup.advance(25 * MINUTE);

    const states = await listed();
    expect(states.map((state) => state.esimTranNo)).toEqual(kept.map((state) => state.esimTranNo));
    for (const state of states) {
      const profile = (await setup.provider.queryProfile(state.esimTranNo))!;
      expect(state).toMatchObject({
        iccid: profile.iccid,
        transactionId,
        esimStatus: "IN_USE",
        smdpStatus: "ENABLED",
        usedBytes: profile.usedBytes,
        totalBytes: profile.totalBytes,
        expiresAt: profile.expiresAt,
      });
      expect(mapEsimStatus(state)).toBe(profile.status);
    }
  });
});

describe("topUp", () => {
  it("adds data and validity once per transactionId", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    const topUp = pkg("SIM-TR-3GB-15D-TOPUP");
    const input = {
      reference: profile.reference,
      packageCode: topUp.code,
      transactionId: newTransactionId(),
      priceUsdE4: topUp.costUsdE4,
    };
    await Promise.all(Array.from({ length: 5 }, () => setup.provider.topUp(input)));
    await setup.provider.topUp(input);
    setup.advance(10 * MINUTE);
    const state = await setup.provider.queryProfile(profile.reference);
    expect(state?.totalBytes).toBe(4 * 1024 * MIB);
    expect(state?.expiresAt?.getTime()).toBe(state!.usageUpdatedAt!.getTime() + 22 * DAY);
    const [row] = await db.select().from(simulatorProfiles).where(eq(simulatorProfiles.esimTranNo, profile.reference));
    expect(row?.topUps).toHaveLength(1);
  });

  it("says whether a top-up was applied, by its transactionId", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    const topUp = pkg("SIM-TR-3GB-15D-TOPUP");
    const input = {
      reference: profile.reference,
      packageCode: topUp.code,
      transactionId: newTransactionId(),
      priceUsdE4: topUp.costUsdE4,
    };
    expect(await setup.provider.isTopUpApplied(input)).toBe(false);
    await setup.provider.topUp(input);
    expect(await setup.provider.isTopUpApplied(input)).toBe(true);
    expect(await setup.provider.isTopUpApplied({ ...input, transactionId: newTransactionId() })).toBe(false);
  });

  it("lists a plan's compatible top-up by its <code>-TOPUP rule", async () => {
    const setup = setUp();
    expect(await setup.provider.listTopUpPackageCodes({ iccid: null, baseCode: "SIM-TR-3GB-15D" })).toEqual([
      "SIM-TR-3GB-15D-TOPUP",
    ]);
  });

  it("revives a depleted profile: usage resumes from the old total", async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const setup = setUp();
      const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
      setup.advance(10 * MINUTE + 7 * DAY - 1);
      if ((await setup.provider.queryProfile(profile.reference))?.status !== "Depleted") continue;
      const topUp = pkg("SIM-TR-1GB-7D-TOPUP");
      await setup.provider.topUp({
        reference: profile.reference,
        packageCode: topUp.code,
        transactionId: newTransactionId(),
        priceUsdE4: topUp.costUsdE4,
      });
      const right = await setup.provider.queryProfile(profile.reference);
      expect(right?.status).toBe("In Use");
      expect(right?.usedBytes).toBe(1024 * MIB);
      setup.advance(1 * DAY);
      const dayLater = await setup.provider.queryProfile(profile.reference);
      expect(dayLater?.usedBytes).toBeGreaterThan(1024 * MIB);
      return;
    }
    throw new Error("no profile depleted in 20 orders");
  });

  it("refuses a package of another destination, a base package, and a plan that takes no top-up", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    for (const code of ["SIM-FR-1GB-7D-TOPUP", "SIM-TR-3GB-15D"]) {
      await expectUpstreamError(
        setup.provider.topUp({
          reference: profile.reference,
          packageCode: code,
          transactionId: newTransactionId(),
          priceUsdE4: pkg(code).costUsdE4,
        }),
        { isRetryable: false, upstreamCode: "TOPUP_NOT_COMPATIBLE" },
      );
    }
    const dayPass = await orderReadyProfile(setup, "SIM-TR-500MB-1D");
    expect(pkg("SIM-TR-500MB-1D").supportsTopUp).toBe(false);
    const topUp = pkg("SIM-TR-1GB-7D-TOPUP");
    await expectUpstreamError(
      setup.provider.topUp({
        reference: dayPass.reference,
        packageCode: topUp.code,
        transactionId: newTransactionId(),
        priceUsdE4: topUp.costUsdE4,
      }),
      { isRetryable: false, upstreamCode: "TOPUP_NOT_COMPATIBLE" },
    );
  });

  it("refuses after expiry", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup, "SIM-TR-1GB-7D");
    setup.advance(10 * MINUTE + 7 * DAY);
    const topUp = pkg("SIM-TR-1GB-7D-TOPUP");
    await expectUpstreamError(
      setup.provider.topUp({
        reference: profile.reference,
        packageCode: topUp.code,
        transactionId: newTransactionId(),
        priceUsdE4: topUp.costUsdE4,
      }),
      { isRetryable: false, upstreamCode: "ESIM_EXPIRED" },
    );
  });

  it("refuses a transactionId already used on another eSIM", async () => {
    const setup = setUp();
    const first = await orderReadyProfile(setup);
    const second = await orderReadyProfile(setup);
    const topUp = pkg("SIM-TR-1GB-7D-TOPUP");
    const transactionId = newTransactionId();
    await setup.provider.topUp({
      reference: first.reference,
      packageCode: topUp.code,
      transactionId,
      priceUsdE4: topUp.costUsdE4,
    });
    await expectUpstreamError(
      setup.provider.topUp({
        reference: second.reference,
        packageCode: topUp.code,
        transactionId,
        priceUsdE4: topUp.costUsdE4,
      }),
      { isRetryable: false, upstreamCode: "DUPLICATE_TRANSACTION" },
    );
  });
});

describe("cancel", () => {
  it("cancels an unused profile, and a repeated cancel succeeds", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup);
    await setup.provider.cancel(profile.reference);
    await setup.provider.cancel(profile.reference);
    expect((await setup.provider.queryProfile(profile.reference))?.status).toBe("Canceled");
    setup.advance(1 * DAY);
    expect((await setup.provider.queryProfile(profile.reference))?.status).toBe("Canceled");
  });

  it("refuses once the profile is installed, and for an unknown one", async () => {
    const setup = setUp();
    const profile = await orderReadyProfile(setup);
    setup.advance(10 * MINUTE);
    await expectUpstreamError(setup.provider.cancel(profile.reference), {
      isRetryable: false,
      upstreamCode: "ESIM_NOT_CANCELABLE",
    });
    await expectUpstreamError(setup.provider.cancel("0000"), { isRetryable: false, upstreamCode: "ESIM_NOT_FOUND" });
  });
});

describe("getBalance", () => {
  it("starts at the configured balance and draws orders and top-ups from it; a cancel refunds the profile", async () => {
    const setup = setUp({ startingBalanceUsdE4: 50_000_000 });
    // Other tests of this file ordered on the same database: start from a known figure.
    await setup.provider.setBalance(1_000_000);
    expect(await setup.provider.getBalance()).toEqual({ balanceUsdE4: 1_000_000 });

    const base = pkg("SIM-TR-1GB-7D");
    const { upstreamOrderNo } = await setup.provider.orderProfiles({
      transactionId: newTransactionId(),
      packageCode: base.code,
      count: 2,
      unitPriceUsdE4: base.costUsdE4,
    });
    expect((await setup.provider.getBalance()).balanceUsdE4).toBe(1_000_000 - 2 * base.costUsdE4);

    setup.advance(5 * SECOND);
    const answer = await setup.provider.queryOrder(upstreamOrderNo);
    if (answer.state !== "ready") throw new Error("not allocated");
    const topUp = pkg("SIM-TR-3GB-15D-TOPUP");
    const [first, second] = answer.profiles;
    await setup.provider.topUp({
      reference: first!.reference,
      packageCode: topUp.code,
      transactionId: newTransactionId(),
      priceUsdE4: topUp.costUsdE4,
    });
    await setup.provider.cancel(second!.reference);
    await setup.provider.cancel(second!.reference);

    expect((await setup.provider.getBalance()).balanceUsdE4).toBe(1_000_000 - base.costUsdE4 - topUp.costUsdE4);
  });

  it("can be set low, and fails like any upstream call when faults are on", async () => {
    const setup = setUp();
    await setup.provider.setBalance(12_345);
    expect(await setup.provider.getBalance()).toEqual({ balanceUsdE4: 12_345 });
    setup.provider.setFaults("error=1");
    await expectUpstreamError(setup.provider.getBalance(), { isRetryable: true, upstreamCode: "SIMULATED_ERROR" });
  });
});

describe("faults", () => {
  it("with error=1 refuses every call with a retryable error and does nothing", async () => {
    const setup = setUp({ faults: "error=1" });
    const transactionId = newTransactionId();
    await expectUpstreamError(
      setup.provider.orderProfiles({
        transactionId,
        packageCode: "SIM-TR-1GB-7D",
        count: 1,
        unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
      }),
      { isRetryable: true, upstreamCode: "SIMULATED_ERROR" },
    );
    await expectUpstreamError(setup.provider.listPackages(), { isRetryable: true });
    expect(
      await db.select().from(simulatorOrders).where(eq(simulatorOrders.transactionId, transactionId)),
    ).toHaveLength(0);
    setup.provider.setFaults("");
    expect((await setup.provider.listPackages()).length).toBeGreaterThan(0);
  });

  it("with timeout=1 places the order, loses the answer, and the retry answers the same order", async () => {
    const setup = setUp({ faults: "timeout=1" });
    const input = {
      transactionId: newTransactionId(),
      packageCode: "SIM-TR-1GB-7D",
      count: 1,
      unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
    };
    await expectUpstreamError(setup.provider.orderProfiles(input), {
      isRetryable: true,
      upstreamCode: "SIMULATED_TIMEOUT",
    });
    const [placed] = await db
      .select()
      .from(simulatorOrders)
      .where(eq(simulatorOrders.transactionId, input.transactionId));
    setup.provider.setFaults({});
    expect(await setup.provider.orderProfiles(input)).toEqual({ upstreamOrderNo: placed?.orderNo });
  });

  it("fails about the configured share of calls, using the injected randomness only when faults are on", async () => {
    const rolls = [0.05, 0.5, 0.15, 0.9];
    let calls = 0;
    const setup = setUp({
      faults: "error=0.1,timeout=0.1",
      random: () => rolls[calls++ % rolls.length]!,
    });
    const outcomes = [];
    for (let index = 0; index < 4; index++) {
      outcomes.push(
        await setup.provider.listPackages().then(
          () => "ok",
          (error: UpstreamError) => error.upstreamCode,
        ),
      );
    }
    expect(outcomes).toEqual(["SIMULATED_ERROR", "ok", "SIMULATED_TIMEOUT", "ok"]);
    setup.provider.setFaults("");
    await setup.provider.listPackages();
    expect(calls).toBe(4);
  });

  it("with slow=20 adds 20 seconds to allocation", async () => {
    const setup = setUp({ allocationSeconds: 5, faults: "slow=20" });
    const { upstreamOrderNo } = await setup.provider.orderProfiles({
      transactionId: newTransactionId(),
      packageCode: "SIM-TR-1GB-7D",
      count: 1,
      unitPriceUsdE4: pkg("SIM-TR-1GB-7D").costUsdE4,
    });
    setup.advance(24 * SECOND);
    expect((await setup.provider.queryOrder(upstreamOrderNo)).state).toBe("allocating");
    setup.advance(1 * SECOND);
    expect((await setup.provider.queryOrder(upstreamOrderNo)).state).toBe("ready");
  });
});
