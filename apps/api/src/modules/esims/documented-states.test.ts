import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createEsimAccessProvider } from "../../providers/esim/esim-access/esim-access-provider.ts";
import { packages } from "../catalog/catalog.schema.ts";
import { createBuyingApp } from "../orders/buying.test-kit.ts";
import { esims } from "./esims.schema.ts";
import { syncStaleEsims } from "./esims.service.ts";
import { buyEsim, createTopUpablePlan, request } from "./esims.test-kit.ts";

// Every profile of eSIM Access's "Query with time period" answer, read by our unmodified client, stored by the sync
// and answered by My eSIMs (list and details): its status, its group and which dates it shows (decision 084). The
// answers are the ones the web app's screens render in documented-states.test.tsx.

type Profile = { esimTranNo: string; activeType: number };
const timePeriod = JSON.parse(
  readFileSync(
    new URL("../../providers/esim/esim-access/fixtures/esim-query-time-period.json", import.meta.url),
    "utf8",
  ),
) as { obj: { esimList: Profile[] } };
const expected = JSON.parse(
  readFileSync(new URL("../../../../web/src/features/esims/documented-states.answers.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

const client = createEsimAccessProvider({
  baseUrl: "https://api.example",
  accessCode: "code",
  log: { warn() {} },
  fetch: async (input, init) => {
    const path = String(input).split("/api/v1/open/")[1] ?? "";
    const body = JSON.parse(String(init?.body ?? "{}")) as { esimTranNo?: string };
    const answer =
      path === "esim/query"
        ? {
            ...timePeriod,
            obj: {
              esimList: timePeriod.obj.esimList.filter((profile) => profile.esimTranNo === body.esimTranNo),
              pager: { pageNum: 1, pageSize: 50, total: 1 },
            },
          }
        : { success: false, errorCode: "000001", errorMsg: "no usage here", obj: null };
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  },
});

// Between the profiles' first connection and their end: the days of the started ones remain.
const testApp = await createBuyingApp();
testApp.clock.set(new Date("2025-09-01T10:00:00Z"));
const { plan } = await createTopUpablePlan(testApp);
const bought = await buyEsim(testApp, plan.id);

describe("every profile of the documented 'Query with time period' answer, as My eSIMs answers it", () => {
  it.each(timePeriod.obj.esimList.map((profile) => [profile.esimTranNo, profile] as const))(
    "profile %s",
    async (esimTranNo, profile) => {
      const validityStart = profile.activeType === 2 ? "first_connection" : "installation";
      await testApp.db.update(packages).set({ validityStart }).where(eq(packages.id, plan.id));
      await testApp.db
        .update(esims)
        .set({ upstreamReference: esimTranNo, status: "New", updatedAt: new Date(0) })
        .where(eq(esims.id, bought.esim.id));
      const spy = vi.spyOn(testApp.deps.esim, "queryProfile").mockImplementation((ref) => client.queryProfile(ref));
      await syncStaleEsims(testApp.deps, { log: { warn() {} } });
      spy.mockRestore();

      const list = (await request(testApp, "GET", "/esims", { headers: bought.headers })).json().data;
      const detail = (await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers })).json()
        .data;
      const [listed] = [...list.available, ...list.expired];
      expect({ ...listed, inAvailable: list.available.length === 1 }).toMatchObject({
        group: detail.group,
        status: detail.status,
        inAvailable: detail.group === "available",
      });
      expect({
        status: detail.status,
        group: detail.group,
        isInstalled: detail.isInstalled,
        validityStart: detail.plan.validityStart,
        expiresAt: detail.expiresAt,
        activateBefore: detail.activateBefore,
      }).toEqual(expected[esimTranNo]);
    },
  );

  it("keeps refreshing every eSIM whose days remain, and only those", async () => {
    const stillSynced = Object.entries(expected)
      .filter(([, answer]) => (answer as { group: string }).group === "available")
      .map(([reference]) => reference);
    expect(stillSynced.sort()).toEqual(
      ["01", "02", "03", "04", "06", "07", "08", "10", "12", "13"].map((n) => `250809140600${n}`),
    );
  });

  // eSIM Access takes a top-up while the profile is New, In Use or Depleted (GOT_RESOURCE, IN_USE, USED_UP): never
  // offered, quoted or sold for one suspended, revoked, over or of a state nobody documented.
  it.each([
    ["New", true],
    ["Ready", true],
    ["Onboard", true],
    ["In Use", true],
    ["Depleted", true],
    ["Suspended", false],
    ["Revoked", false],
    ["Used Expired", false],
    ["Unused Expired", false],
    ["Unknown", false],
  ] as const)("offers top-ups to a %s eSIM: %s", async (status, isOffered) => {
    await testApp.db
      .update(esims)
      .set({ status, expiresAt: null, updatedAt: testApp.clock.now() })
      .where(eq(esims.id, bought.esim.id));
    const detail = (await request(testApp, "GET", `/esims/${bought.esim.id}`, { headers: bought.headers })).json().data;
    expect(detail.canTopUp).toBe(isOffered);
    const topUps = await request(testApp, "GET", `/esims/${bought.esim.id}/topups`, { headers: bought.headers });
    expect(topUps.json().data.length > 0).toBe(isOffered);
  });
});
