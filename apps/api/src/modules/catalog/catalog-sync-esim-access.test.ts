import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startEsimAccessDouble } from "../../providers/esim/esim-access/esim-access-double.ts";
import { createEsimAccessProvider } from "../../providers/esim/esim-access/esim-access-provider.ts";
import { createTestApp } from "../../test/test-app.ts";
import { packages } from "./catalog.schema.ts";
import { syncCatalog } from "./catalog.sync.ts";

const double = await startEsimAccessDouble();
afterAll(() => double.close());
const warnings: string[] = [];
const testApp = await createTestApp({
  esim: ({ now }) =>
    createEsimAccessProvider({
      baseUrl: double.url,
      accessCode: double.accessCode,
      now,
      log: { warn: (_details, message) => warnings.push(message) },
    }),
});
const { db, deps } = testApp;

async function activeCodes() {
  const rows = await db
    .select({ code: packages.upstreamCode })
    .from(packages)
    .where(and(eq(packages.provider, "esim-access"), eq(packages.isActive, true)));
  return rows.map((row) => row.code).sort();
}

describe("syncCatalog from eSIM Access", () => {
  it("syncs base packages and keeps the top-ups on sale when only the TOPUP list is refused, then retries it", async () => {
    const first = await syncCatalog(deps);
    expect(first).toMatchObject({ topUps: 1, deactivated: 0 });
    expect(await activeCodes()).toEqual(["CKH491", "EU42-5-30", "GL139-3-30", "TOPUP_CKH491"]);
    const baseBefore = await db.select().from(packages).where(eq(packages.upstreamCode, "CKH491"));

    double.failNext(
      { kind: "error", errorCode: "900001", errorMsg: "The system is busy, please try again later." },
      { path: "package/list", when: (body) => body.type === "TOPUP" },
    );
    const refused = await syncCatalog(deps);

    expect(refused).toMatchObject({ plans: 3, topUps: 0, deactivated: 0 });
    expect(await activeCodes()).toEqual(["CKH491", "EU42-5-30", "GL139-3-30", "TOPUP_CKH491"]);
    const [baseAfter] = await db.select().from(packages).where(eq(packages.upstreamCode, "CKH491"));
    expect(baseAfter!.syncedAt.getTime()).toBeGreaterThanOrEqual(baseBefore[0]!.syncedAt.getTime());
    expect(warnings.some((message) => message.includes("TOPUP package list failed"))).toBe(true);

    const next = await syncCatalog(deps);
    expect(next).toMatchObject({ topUps: 1, deactivated: 0 });
    const topUpRequests = double.requests.filter(
      (request) => request.path === "package/list" && (request.body as { type?: string }).type === "TOPUP",
    );
    expect(topUpRequests).toHaveLength(3);
  });
});
