import { randomUUID } from "node:crypto";
import { getEsim, listEsims, listEsimTopUps, revealInstallDetails } from "@esim/shared/esims/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { runDueJobs } from "../../jobs/worker.ts";
import { createPackage, createSignedInUser } from "../../test/factories.ts";
import { packages } from "../catalog/catalog.schema.ts";
import {
  createBuyingApp,
  orderBody,
  placeTestOrder,
  postOrder,
  pressButton,
  readOrder,
} from "../orders/buying.test-kit.ts";
import { orders } from "../orders/orders.schema.ts";
import { esims } from "./esims.schema.ts";
import { syncStaleEsims } from "./esims.service.ts";
import { buyEsim, createTopUpablePlan, readEsim, request, runQueuedEsimRefreshes } from "./esims.test-kit.ts";

const testApp = await createBuyingApp();
const { db, deps, clock } = testApp;
const { plan, topUp } = await createTopUpablePlan(testApp);
const quiet = { warn() {} };
const MINUTE_MS = 60_000;

describe("GET /esims", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await request(testApp, "GET", "/esims");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("answers empty lists for a user without eSIMs", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await request(testApp, "GET", "/esims", { headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { available: [], expired: [] } });
  });

  it("lists only the caller's eSIMs, newest first, split into available and expired", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await buyEsim(testApp, plan.id); // someone else's
    const second = await createPaidOrderForSameBuyer(bought.headers, bought.user);
    await db.update(esims).set({ status: "Depleted" }).where(eq(esims.id, second.id));

    const response = await request(testApp, "GET", "/esims", { headers: bought.headers });
    expect(response.statusCode).toBe(200);
    const body = listEsims.response.parse(response.json());
    expect(body.data.available.map((esim) => esim.id)).toEqual([bought.esim.id]);
    expect(body.data.expired.map((esim) => esim.id)).toEqual([second.id]);
    expect(body.data.available[0]).toMatchObject({
      status: "New",
      group: "available",
      iccid: bought.esim.iccid,
      isInstalled: false,
      supportsTopUp: true,
      canTopUp: true,
      destination: { code: plan.destinationCode },
      plan: { name: plan.name, validityDays: plan.validityDays },
    });
    expect(body.data.expired[0]).toMatchObject({ status: "Depleted", group: "expired", isInstalled: true });
  });

  it("lists an eSIM delivered before the upstream gave its ICCID, with none", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await forgetIccid(bought.esim.id);
    const response = await request(testApp, "GET", "/esims", { headers: bought.headers });
    expect(response.statusCode).toBe(200);
    const body = listEsims.response.parse(response.json());
    expect(body.data.available).toEqual([expect.objectContaining({ id: bought.esim.id, iccid: null })]);
  });

  it("counts an eSIM past its expiry as expired whatever its status", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await db
      .update(esims)
      .set({ status: "In Use", expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(esims.id, bought.esim.id));
    const body = listEsims.response.parse(
      (await request(testApp, "GET", "/esims", { headers: bought.headers })).json(),
    );
    expect(body.data.available).toEqual([]);
    expect(body.data.expired[0]).toMatchObject({ id: bought.esim.id, group: "expired", canTopUp: false });
  });
});

/** As eSIM Access may deliver a new profile: its activation code given, its ICCID not yet. */
async function forgetIccid(esimId: string) {
  await db.update(esims).set({ iccid: null }).where(eq(esims.id, esimId));
}

async function createPaidOrderForSameBuyer(headers: Record<string, string>, user: { email: string | null }) {
  clock.advance(1000);
  const placed = await placeTestOrder(testApp, headers, orderBody({ email: user.email ?? "" }, plan.id));
  await pressButton(testApp, placed.checkoutUrl, "pay");
  await runDueJobs(deps);
  await runDueJobs(deps);
  const [esim] = await db.select().from(esims).where(eq(esims.orderId, placed.orderId));
  return esim!;
}

describe("GET /esims/:id", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await request(testApp, "GET", `/esims/${randomUUID()}`);
    expect(response.statusCode).toBe(401);
  });

  it("refuses an id that is not a UUID with VALIDATION_FAILED", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await request(testApp, "GET", "/esims/not-a-uuid", { headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("answers NOT_FOUND alike for an unknown id and someone else's eSIM", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const { headers } = await createSignedInUser(testApp);
    for (const id of [randomUUID(), owner.esim.id]) {
      const response = await request(testApp, "GET", `/esims/${id}`, { headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers the eSIM with its order number and first bundle", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers });
    expect(response.statusCode).toBe(200);
    const { data } = getEsim.response.parse(response.json());
    expect(data).toMatchObject({
      id: bought.esim.id,
      orderId: bought.orderId,
      orderNumber: bought.number,
      apn: bought.esim.apn,
      activateBefore: bought.esim.activateBefore?.toISOString() ?? null,
    });
    expect(data.bundles).toEqual([
      expect.objectContaining({ kind: "new", orderNumber: bought.number, planName: plan.name }),
    ]);
    expect(JSON.stringify(response.json())).not.toContain(bought.esim.matchingId);
  });

  it("answers an eSIM whose ICCID is still to come, installable with its activation code after the PIN", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await forgetIccid(bought.esim.id);
    const response = await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers });
    expect(response.statusCode).toBe(200);
    expect(getEsim.response.parse(response.json()).data).toMatchObject({ id: bought.esim.id, iccid: null });

    await request(testApp, "PUT", "/profile/pin", { headers: bought.headers, payload: { pin: "1234" } });
    const install = await request(testApp, "POST", `/esims/${bought.esim.id}/install`, {
      headers: bought.headers,
      payload: { pin: "1234" },
    });
    expect(revealInstallDetails.response.parse(install.json()).data.activationCode).toBe(bought.esim.activationCode);
  });
});

describe("when an eSIM's validity starts", () => {
  /** The simulator has installed the profile (10 minutes after allocation); the upstream's word is stored. */
  async function installed(bought: Awaited<ReturnType<typeof buyEsim>>) {
    clock.advance(11 * MINUTE_MS);
    await request(testApp, "POST", `/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`, {
      payload: {
        notifyType: "SMDP_EVENT",
        content: { iccid: bought.esim.iccid, esimTranNo: bought.esim.upstreamReference },
      },
    });
    await runQueuedEsimRefreshes(testApp);
  }

  it("gives the plan's validityStart, and no end date before the days start, only the install deadline", async () => {
    const firstConnection = await createPackage(testApp, { simulatorIndex: 2 });
    expect(firstConnection.validityStart).toBe("first_connection");
    const bought = await buyEsim(testApp, firstConnection.id);
    // Installed but not yet connected: the days of a first-connection plan have not started.
    await installed(bought);
    const response = await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers });
    const { data } = getEsim.response.parse(response.json());
    expect(data.status).toBe("Onboard");
    expect(data.plan.validityStart).toBe("first_connection");
    expect(data.expiresAt).toBeNull();
    expect(data.activateBefore).not.toBeNull();
  });

  it("gives the end date of an installation plan once installed", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await installed(bought);
    const response = await request(testApp, "GET", "/esims", { headers: bought.headers });
    const { data } = listEsims.response.parse(response.json());
    const esim = data.available.find((item) => item.id === bought.esim.id);
    expect(esim?.plan.validityStart).toBe("installation");
    expect(esim?.status).toBe("Onboard");
    expect(esim?.expiresAt).not.toBeNull();
  });
});

describe("GET /esims/:id/topups", () => {
  it("answers NOT_FOUND for someone else's eSIM", async () => {
    const owner = await buyEsim(testApp, plan.id);
    const { headers } = await createSignedInUser(testApp);
    const response = await request(testApp, "GET", `/esims/${owner.esim.id}/topups`, { headers });
    expect(response.statusCode).toBe(404);
  });

  it("lists the plan's active TOPUP packages as plans", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const response = await request(testApp, "GET", `/esims/${bought.esim.id}/topups`, { headers: bought.headers });
    expect(response.statusCode).toBe(200);
    const { data } = listEsimTopUps.response.parse(response.json());
    expect(data.map((offer) => offer.id)).toEqual([topUp.id]);
  });

  it("offers only the top-ups the provider lists for the eSIM, not every top-up of the same place", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const asked = vi.spyOn(deps.esim, "listTopUpPackageCodes");
    await createPackage(testApp, {
      upstreamCode: `${plan.upstreamCode}-OTHER`,
      destinationCode: plan.destinationCode,
      coverage: plan.coverage,
      dataType: plan.dataType,
      isTopUp: true,
      retailDzdMinor: 1990_00,
    });
    try {
      const response = await request(testApp, "GET", `/esims/${bought.esim.id}/topups`, { headers: bought.headers });
      const { data } = listEsimTopUps.response.parse(response.json());
      expect(data.map((offer) => offer.id)).toEqual([topUp.id]);
      expect(asked).toHaveBeenCalledWith({ iccid: bought.esim.iccid, baseCode: plan.upstreamCode });
    } finally {
      asked.mockRestore();
      await db
        .update(packages)
        .set({ isActive: false })
        .where(eq(packages.upstreamCode, `${plan.upstreamCode}-OTHER`));
    }
  });

  it("offers no guessed top-up when the provider cannot say which fit: the list says so, and a top-up order is refused before any payment", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const cannotSay = vi.spyOn(deps.esim, "listTopUpPackageCodes").mockResolvedValue(null);
    try {
      const listed = await request(testApp, "GET", `/esims/${bought.esim.id}/topups`, { headers: bought.headers });
      expect(listed.statusCode).toBe(503);
      expect(listed.json().error.code).toBe("TOP_UP_LIST_UNAVAILABLE");
      const ordersBefore = await db.select({ id: orders.id }).from(orders);
      const placed = await postOrder(
        testApp,
        bought.headers,
        orderBody(bought.user, topUp.id, { topUpOf: bought.esim.id }),
      );
      expect(placed.statusCode).toBe(503);
      expect(placed.json().error.code).toBe("TOP_UP_LIST_UNAVAILABLE");
      expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(ordersBefore.length);
    } finally {
      cannotSay.mockRestore();
    }
  });

  it("answers an empty list for a cancelled, an expired, or a non-top-up eSIM", async () => {
    const cancelled = await buyEsim(testApp, plan.id);
    await db.update(esims).set({ status: "Canceled" }).where(eq(esims.id, cancelled.esim.id));
    const expired = await buyEsim(testApp, plan.id);
    await db
      .update(esims)
      .set({ expiresAt: new Date(clock.now().getTime() - 1) })
      .where(eq(esims.id, expired.esim.id));
    const noTopUpPlan = await createPackage(testApp, { simulatorIndex: 0, supportsTopUp: false });
    const plain = await buyEsim(testApp, noTopUpPlan.id);
    for (const bought of [cancelled, expired, plain]) {
      const response = await request(testApp, "GET", `/esims/${bought.esim.id}/topups`, { headers: bought.headers });
      expect(response.json()).toEqual({ data: [] });
    }
  });
});

describe("POST /webhooks/esim/:provider/:token", () => {
  const url = (token: string) => `/webhooks/esim/simulator/${token}`;

  it("answers 404 with a wrong token and changes nothing", async () => {
    const bought = await buyEsim(testApp, plan.id);
    clock.advance(30 * MINUTE_MS);
    const response = await request(testApp, "POST", url("wrong-token-wrong-token"), {
      payload: { notifyType: "ESIM_STATUS", content: { esimTranNo: bought.esim.upstreamReference } },
    });
    expect(response.statusCode).toBe(404);
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("New");
  });

  it("answers 200 to CHECK_HEALTH and to an unknown reference", async () => {
    const token = deps.config.ESIM_WEBHOOK_TOKEN;
    for (const payload of [
      { notifyType: "CHECK_HEALTH", content: {} },
      { notifyType: "DATA_USAGE", content: { esimTranNo: "NOPE", iccid: "000" } },
    ]) {
      const response = await request(testApp, "POST", url(token), { payload });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.queued).toBe(0);
    }
  });

  it("refuses a body without notifyType with VALIDATION_FAILED", async () => {
    const response = await request(testApp, "POST", url(deps.config.ESIM_WEBHOOK_TOKEN), { payload: { content: {} } });
    expect(response.statusCode).toBe(400);
  });

  it("queues a refresh of the named eSIM that stores the upstream's status and usage as the simulator clock moves", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const token = deps.config.ESIM_WEBHOOK_TOKEN;
    clock.advance(11 * MINUTE_MS);
    await request(testApp, "POST", url(token), {
      payload: {
        notifyType: "SMDP_EVENT",
        content: { iccid: bought.esim.iccid, esimTranNo: bought.esim.upstreamReference },
      },
    });
    await runQueuedEsimRefreshes(testApp);
    expect(await readEsim(testApp, bought.esim.id)).toMatchObject({ status: "Onboard", dataUsedBytes: 0 });

    clock.advance(60 * MINUTE_MS);
    const response = await request(testApp, "POST", url(token), {
      payload: { notifyType: "DATA_USAGE", content: { orderNo: (await readOrderNo(bought.orderId)) ?? "" } },
    });
    expect(response.json().data.queued).toBe(1);
    await runQueuedEsimRefreshes(testApp);
    const inUse = await readEsim(testApp, bought.esim.id);
    expect(inUse.status).toBe("In Use");
    expect(inUse.dataUsedBytes).toBeGreaterThan(0);
    expect(inUse.usageUpdatedAt).toEqual(clock.now());
    expect(inUse.expiresAt).not.toBeNull();
  });
});

describe("an ICCID the upstream gives after delivery", () => {
  const url = `/webhooks/esim/simulator/${deps.config.ESIM_WEBHOOK_TOKEN}`;

  it("is stored when a webhook names the eSIM by its reference with an empty ICCID, then re-queried", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await forgetIccid(bought.esim.id);
    const response = await request(testApp, "POST", url, {
      payload: { notifyType: "ESIM_STATUS", content: { iccid: "", esimTranNo: bought.esim.upstreamReference } },
    });
    expect(response.json().data.queued).toBe(1);
    await runQueuedEsimRefreshes(testApp);
    expect((await readEsim(testApp, bought.esim.id)).iccid).toBe(bought.esim.iccid);
  });

  it("is stored by the sync of stale eSIMs", async () => {
    const bought = await buyEsim(testApp, plan.id);
    await forgetIccid(bought.esim.id);
    clock.advance(40 * MINUTE_MS);
    while ((await syncStaleEsims(deps, { log: quiet })) > 0) {}
    expect((await readEsim(testApp, bought.esim.id)).iccid).toBe(bought.esim.iccid);
  });

  it("is never erased by a later answer without it", async () => {
    const bought = await buyEsim(testApp, plan.id);
    const queryProfile = deps.esim.queryProfile.bind(deps.esim);
    const withoutIccid = vi.spyOn(deps.esim, "queryProfile").mockImplementation(async (reference) => {
      const profile = await queryProfile(reference);
      return profile && { ...profile, iccid: null };
    });
    try {
      clock.advance(40 * MINUTE_MS);
      while ((await syncStaleEsims(deps, { log: quiet })) > 0) {}
      expect(withoutIccid).toHaveBeenCalledWith(bought.esim.upstreamReference);
    } finally {
      withoutIccid.mockRestore();
    }
    expect(await readEsim(testApp, bought.esim.id)).toMatchObject({ status: "In Use", iccid: bought.esim.iccid });
  });
});

async function readOrderNo(orderId: string) {
  return (await readOrder(testApp, orderId)).upstreamOrderNo;
}

describe("syncStaleEsims", () => {
  it("re-queries available eSIMs not updated for 30 minutes and leaves fresh ones", async () => {
    const bought = await buyEsim(testApp, plan.id);
    clock.advance(10 * MINUTE_MS);
    await syncStaleEsims(deps, { log: quiet });
    expect((await readEsim(testApp, bought.esim.id)).status).toBe("New");

    clock.advance(40 * MINUTE_MS);
    // Several batches may be due (other tests' eSIMs): sweep until nothing stale is left.
    while ((await syncStaleEsims(deps, { log: quiet })) > 0) {}
    const synced = await readEsim(testApp, bought.esim.id);
    expect(synced.status).toBe("In Use");
    expect(synced.dataUsedBytes).toBeGreaterThan(0);
    expect(synced.updatedAt).toEqual(clock.now());
  });
});
