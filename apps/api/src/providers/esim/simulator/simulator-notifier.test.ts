import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { simulatorOrders, simulatorProfiles } from "../../providers.schema.ts";
import { findSimulatorPackage } from "./catalogue.ts";
import { createSimulatorEsimProvider, type SimulatorProfileState } from "./simulator-esim-provider.ts";
import {
  createSimulatorNotifier,
  type SimulatorWebhook,
  simulatorWebhookUrl,
  startSimulatorNotifier,
} from "./simulator-notifier.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEBHOOK_URL = "http://localhost:8080/api/v1/app/webhooks/esim/simulator/local-esim-webhook-token";

let db: Database;
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDatabase = database.close;
});
afterAll(() => closeDatabase());
// The notifier reads every profile of the database: each test starts from an empty simulator.
beforeEach(async () => {
  await db.delete(simulatorProfiles);
  await db.delete(simulatorOrders);
});

/** A fetch that records each webhook and answers the queued statuses (a thrown error for "throw"), then 200. */
function createRecordingFetch() {
  const posts: SimulatorWebhook[] = [];
  const urls: string[] = [];
  const answers: (number | "throw")[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    urls.push(String(input));
    posts.push(JSON.parse(String(init?.body)));
    const answer = answers.shift() ?? 200;
    if (answer === "throw") throw new TypeError("fetch failed");
    return new Response(JSON.stringify({ data: { received: true } }), { status: answer });
  };
  return {
    fetch: fetchImpl,
    answerNext: (...statuses: (number | "throw")[]) => answers.push(...statuses),
    /** The webhooks posted since the last call. */
    take: () => posts.splice(0),
    urls,
  };
}

/** A simulator and its notifier on one hand-moved clock. */
function setUp() {
  let nowMs = new Date("2026-06-01T10:00:00Z").getTime();
  const now = () => new Date(nowMs);
  const provider = createSimulatorEsimProvider({
    db,
    now,
    allocationSeconds: 5,
    installAfterSeconds: 600,
    firstUseAfterSeconds: 600,
  });
  const recording = createRecordingFetch();
  const log = { warn: vi.fn() };
  const notifier = createSimulatorNotifier({ provider, webhookUrl: WEBHOOK_URL, fetch: recording.fetch, log, now });
  /** One notifier round, answering the webhooks it posted. */
  const round = async () => {
    await notifier.runOnce();
    return recording.take();
  };
  return {
    provider,
    notifier,
    recording,
    log,
    now,
    round,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

let transactionCounter = 0;

/** Orders profiles and lets the allocation pass; answers their states. */
async function orderReadyProfiles(setup: ReturnType<typeof setUp>, packageCode = "SIM-TR-1GB-7D", count = 1) {
  transactionCounter++;
  const found = findSimulatorPackage(packageCode);
  if (!found) throw new Error(`no package ${packageCode}`);
  const { upstreamOrderNo } = await setup.provider.orderProfiles({
    transactionId: `notifier-transaction-${transactionCounter}`,
    packageCode,
    count,
    unitPriceUsdE4: found.costUsdE4,
  });
  setup.advance(5 * SECOND);
  const states = (await setup.provider.listProfileStates()).filter((state) => state.orderNo === upstreamOrderNo);
  if (states.length !== count) throw new Error("not allocated");
  return states;
}

function identityOf(profile: SimulatorProfileState) {
  return {
    orderNo: profile.orderNo,
    esimTranNo: profile.esimTranNo,
    iccid: profile.iccid,
    transactionId: profile.transactionId,
  };
}

describe("simulatorWebhookUrl", () => {
  it("points at our own eSIM webhook route for the simulator, with the token", () => {
    expect(
      simulatorWebhookUrl({ PUBLIC_URL: "http://localhost:8080", ESIM_WEBHOOK_TOKEN: "local-esim-webhook-token" }),
    ).toBe(WEBHOOK_URL);
  });
});

describe("createSimulatorNotifier", () => {
  it("announces a new order once with ORDER_STATUS, then posts nothing while nothing changes", async () => {
    const setup = setUp();
    expect(await setup.round()).toEqual([]);
    const [profile] = await orderReadyProfiles(setup, "SIM-TR-1GB-7D", 2);

    const posted = await setup.round();
    expect(posted).toEqual([
      {
        notifyType: "ORDER_STATUS",
        notifyId: expect.stringMatching(/^[0-9a-f]{32}$/),
        eventGenerateTime: "2026-06-01T10:00:05Z",
        content: { orderNo: profile!.orderNo, orderStatus: "GOT_RESOURCE", transactionId: profile!.transactionId },
      },
    ]);
    expect(setup.recording.urls).toEqual([WEBHOOK_URL]);
    setup.advance(5 * MINUTE);
    expect(await setup.round()).toEqual([]);
  });

  it("sends one SMDP_EVENT when the profile is installed, and ESIM_STATUS when it is first used", async () => {
    const setup = setUp();
    const [profile] = await orderReadyProfiles(setup);
    await setup.round();

    setup.advance(10 * MINUTE);
    const installed = await setup.round();
    expect(installed).toEqual([
      expect.objectContaining({
        notifyType: "SMDP_EVENT",
        content: {
          ...identityOf(profile!),
          eid: expect.stringMatching(/^\d{32}$/),
          esimStatus: "GOT_RESOURCE",
          smdpStatus: "ENABLED",
          timestamp: "2026-06-01T10:10:05Z",
          seqNumber: null,
          notifyStatus: "Executed-Success",
        },
      }),
    ]);
    // An EID's check digits: the whole number mod 97 is 1.
    expect(BigInt(String(installed[0]!.content.eid)) % 97n).toBe(1n);
    expect(await setup.round()).toEqual([]);

    setup.advance(10 * MINUTE + MINUTE);
    expect(await setup.round()).toEqual([
      expect.objectContaining({
        notifyType: "ESIM_STATUS",
        content: { ...identityOf(profile!), esimStatus: "IN_USE", smdpStatus: "ENABLED" },
      }),
    ]);
  });

  it("sends DATA_USAGE with the upstream's figures each time usage crosses another tenth of the total", async () => {
    const setup = setUp();
    const [profile] = await orderReadyProfiles(setup);
    await setup.round();
    setup.advance(20 * MINUTE + MINUTE);
    await setup.round();

    // 0.5× to 2× "evenly over 7 days": an hour never crosses two tenths, and 3 days cross at least two.
    let crossings = 0;
    let previousTenths = 0;
    for (let hour = 0; hour < 6 * 24 && crossings < 2; hour++) {
      setup.advance(HOUR);
      const upstream = (await setup.provider.queryProfile(profile!.esimTranNo))!;
      const tenths = Math.floor((upstream.usedBytes * 10) / upstream.totalBytes!);
      const posted = await setup.round();
      if (tenths === previousTenths) {
        expect(posted).toEqual([]);
        continue;
      }
      expect(posted).toEqual([
        expect.objectContaining({
          notifyType: "DATA_USAGE",
          content: {
            ...identityOf(profile!),
            totalVolume: upstream.totalBytes,
            orderUsage: upstream.usedBytes,
            remain: upstream.totalBytes! - upstream.usedBytes,
            remainThreshold: (10 - tenths) / 10,
            lastUpdateTime: setup.now().toISOString().replace(".000Z", "Z"),
          },
        }),
      ]);
      previousTenths = tenths;
      crossings++;
    }
    expect(crossings).toBe(2);
  });

  it("sends VALIDITY_USAGE once when less than a day is left, then ESIM_STATUS at expiry", async () => {
    const setup = setUp();
    // Unlimited: no DATA_USAGE on the way.
    const [profile] = await orderReadyProfiles(setup, "SIM-TR-UL-7D");
    await setup.round();
    setup.advance(20 * MINUTE + MINUTE);
    await setup.round();
    await setup.round();

    const installed = (await setup.provider.listProfileStates())[0]!;
    const expiresAt = installed.expiresAt!;
    setup.advance(expiresAt.getTime() - DAY - setup.now().getTime() - MINUTE);
    expect(await setup.round()).toEqual([]);
    setup.advance(2 * MINUTE);
    expect(await setup.round()).toEqual([
      expect.objectContaining({
        notifyType: "VALIDITY_USAGE",
        content: {
          ...identityOf(profile!),
          remain: 1,
          totalDuration: 7,
          durationUnit: "DAY",
          expiredTime: expiresAt.toISOString().replace(".000Z", "Z"),
        },
      }),
    ]);
    setup.advance(12 * HOUR);
    expect(await setup.round()).toEqual([]);

    setup.advance(12 * HOUR);
    expect(await setup.round()).toEqual([
      expect.objectContaining({
        notifyType: "ESIM_STATUS",
        content: expect.objectContaining({ esimStatus: "USED_EXPIRED" }),
      }),
    ]);
  });

  it("sends a webhook refused with 503, or lost, again the next round, then not again", async () => {
    const setup = setUp();
    await orderReadyProfiles(setup);
    await setup.round();
    setup.advance(10 * MINUTE);

    setup.recording.answerNext(503);
    const refused = await setup.notifier.runOnce();
    expect(refused).toEqual({ delivered: 0, failed: 1 });
    expect(setup.log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: 503, failed: 1, notifyType: "SMDP_EVENT" }),
      expect.any(String),
    );
    expect(setup.recording.take().map((webhook) => webhook.notifyType)).toEqual(["SMDP_EVENT"]);

    setup.recording.answerNext("throw");
    expect(await setup.notifier.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect(setup.recording.take().map((webhook) => webhook.notifyType)).toEqual(["SMDP_EVENT"]);

    expect(await setup.notifier.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(setup.recording.take().map((webhook) => webhook.notifyType)).toEqual(["SMDP_EVENT"]);
    expect(await setup.round()).toEqual([]);
  });

  it("never notifies a cancelled profile", async () => {
    const setup = setUp();
    const [cancelled, kept] = await orderReadyProfiles(setup, "SIM-TR-1GB-7D", 2);
    await setup.round();
    await setup.provider.cancel(cancelled!.esimTranNo);

    setup.advance(10 * MINUTE);
    const posted = await setup.round();
    expect(posted.map((webhook) => [webhook.notifyType, webhook.content.esimTranNo])).toEqual([
      ["SMDP_EVENT", kept!.esimTranNo],
    ]);
    setup.advance(2 * DAY);
    const later = await setup.round();
    expect(later.length).toBeGreaterThan(0);
    expect(later.map((webhook) => webhook.content.esimTranNo)).not.toContain(cancelled!.esimTranNo);
  });

  it("announces a profile it has never seen in a later state once, with ESIM_STATUS (after a restart)", async () => {
    const setup = setUp();
    const [profile] = await orderReadyProfiles(setup);
    setup.advance(30 * MINUTE);

    expect(await setup.round()).toEqual([
      expect.objectContaining({
        notifyType: "ESIM_STATUS",
        content: { ...identityOf(profile!), esimStatus: "IN_USE", smdpStatus: "ENABLED" },
      }),
    ]);
    expect(await setup.round()).toEqual([]);
  });
});

describe("startSimulatorNotifier", () => {
  it("runs a round every interval, never two at once, and stop() waits for the running one", async () => {
    let calls = 0;
    let active = 0;
    let maxActive = 0;
    let gate: Promise<void> | undefined;
    let isInGate = false;
    let openGate = () => {};
    const provider = {
      async listProfileStates(): Promise<SimulatorProfileState[]> {
        calls++;
        active++;
        maxActive = Math.max(maxActive, active);
        if (gate) {
          isInGate = true;
          await gate;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 3));
        }
        active--;
        return [];
      },
    };
    const notifier = startSimulatorNotifier({
      provider,
      webhookUrl: WEBHOOK_URL,
      intervalMs: 1,
      fetch: createRecordingFetch().fetch,
      log: { warn: () => {} },
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));

    gate = new Promise((resolve) => {
      openGate = resolve;
    });
    await vi.waitFor(() => expect(isInGate).toBe(true));
    let isStopped = false;
    const stopping = notifier.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isStopped).toBe(false);
    openGate();
    await stopping;
    const callsAtStop = calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(callsAtStop);
    expect(maxActive).toBe(1);
  });
});
