import {
  CATALOG_SYNC_ACTION,
  catalogSyncRunSchema,
  PRICE_SETTINGS_ACTION,
  PRICE_SETTINGS_ENTITY,
  pricePreviewSchema,
  priceSettingsSchema,
} from "@esim/shared/console/prices-contract";
import { ADMIN_API_BASE_PATH } from "@esim/shared/http";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as rateSet from "../../console-cli/commands/rate-set.ts";
import { uniqueAddress } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { computeRetailPrices } from "../catalog/catalog.pricing.ts";
import { packages, priceSettings } from "../catalog/catalog.schema.ts";
import { syncCatalog } from "../catalog/index.ts";
import { operatorAuditLog } from "../operators/operators.schema.ts";
import { createSignedInOperator } from "../operators/operators.test-kit.ts";

// The console's prices: an admin previews a change of the settings, applies it, and the shop's prices follow; every
// change is in the audit log with its before and after; a support agent is refused.

const testApp = await createTestApp();
const { app, db, deps } = testApp;
const admin = await createSignedInOperator(testApp, "admin");
const support = await createSignedInOperator(testApp, "support");

function call(method: "GET" | "POST", path: string, headers: Record<string, string>, payload?: unknown) {
  return app.inject({
    method,
    url: `${ADMIN_API_BASE_PATH}${path}`,
    headers,
    remoteAddress: uniqueAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function turkeyWeek() {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.provider, "simulator"), eq(packages.upstreamCode, "SIM-TR-1GB-7D")));
  return row!;
}

/** What a customer is shown for the Turkey 1 GB 7 days plan (the public catalogue, served from memory). */
async function publicTurkeyWeekDzd(id: string): Promise<number> {
  const response = await app.inject({ method: "GET", url: "/api/v1/app/destinations/TR/packages?days=7" });
  const plan = response.json().data.plans.find((candidate: { id: string }) => candidate.id === id);
  return plan.price.DZD;
}

async function priceAudits() {
  return db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.entityType, PRICE_SETTINGS_ENTITY))
    .orderBy(desc(operatorAuditLog.seq));
}

describe("the price settings", () => {
  it("answers the defaults before the first sync, then the stored settings", async () => {
    const before = await call("GET", "/prices", admin.headers);
    expect(before.statusCode).toBe(200);
    expect(priceSettingsSchema.parse(before.json().data)).toEqual({
      dzdPerUsd: "135",
      markupBps: 3000,
      destinationMarkups: [],
      serviceFeeDzdMinor: 0,
      updatedAt: null,
    });
    await syncCatalog(deps);
    const after = await call("GET", "/prices", admin.headers);
    expect(after.json().data.updatedAt).not.toBeNull();
  });

  it("refuses a support agent on every prices and catalogue route", async () => {
    for (const [method, path] of [
      ["GET", "/prices"],
      ["POST", "/prices/preview"],
      ["POST", "/prices"],
      ["GET", "/catalogue/sync"],
      ["POST", "/catalogue/sync"],
    ] as const) {
      const response = await call(method, path, support.headers, method === "POST" ? {} : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
    }
    expect((await db.select().from(priceSettings))[0]?.dzdPerUsd).toBe("135.0000");
  });
});

describe("preview", () => {
  it("refuses a rate that is not a positive number, a fractional markup and a fee in centimes", async () => {
    for (const payload of [
      { dzdPerUsd: "abc" },
      { dzdPerUsd: "0" },
      { markupBps: 12.5 },
      { serviceFeeDzdMinor: 150 },
    ]) {
      const response = await call("POST", "/prices/preview", admin.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("lists every plan whose price would change, old and new, computed as applying would, and changes nothing", async () => {
    const turkey = await turkeyWeek();
    const response = await call("POST", "/prices/preview", admin.headers, { dzdPerUsd: "250" });
    expect(response.statusCode).toBe(200);
    const preview = pricePreviewSchema.parse(response.json().data);
    expect(preview.current.dzdPerUsd).toBe("135");
    expect(preview.proposed).toMatchObject({ dzdPerUsd: "250", markupBps: 3000, serviceFeeDzdMinor: 0 });
    expect(preview.changes.length).toBeGreaterThan(100);
    expect(preview.increasedCount).toBe(preview.changes.length);
    const line = preview.changes.find((change) => change.packageId === turkey.id)!;
    const expected = computeRetailPrices({
      costUsdE4: turkey.costUsdE4,
      settings: { dzdPerUsdE4: 2_500_000, markupBps: 3000 },
    }).retailDzdMinor;
    expect(line).toMatchObject({
      destinationCode: "TR",
      beforeDzdMinor: turkey.retailDzdMinor,
      afterDzdMinor: expected,
      differenceDzdMinor: expected - turkey.retailDzdMinor,
    });
    expect((await turkeyWeek()).retailDzdMinor).toBe(turkey.retailDzdMinor);
    expect(await priceAudits()).toEqual([]);
  });

  it("gives each moved plan's margin excluding TVA, before and at the proposed price and rate", async () => {
    const turkey = await turkeyWeek();
    const response = await call("POST", "/prices/preview", admin.headers, { dzdPerUsd: "250", markupBps: 1000 });
    const preview = pricePreviewSchema.parse(response.json().data);
    // The seller of the configuration charges 19 % TVA: HT = TTC / 1.19; cost = USD × the rate.
    expect(preview.tvaRateBps).toBe(1900);
    const line = preview.changes.find((change) => change.packageId === turkey.id)!;
    const afterHt = Math.round(line.afterDzdMinor / 1.19);
    const afterMargin = afterHt - Math.round((turkey.costUsdE4 / 10_000) * 250 * 100);
    const beforeHt = Math.round(turkey.retailDzdMinor / 1.19);
    const beforeMargin = beforeHt - Math.round((turkey.costUsdE4 / 10_000) * 135 * 100);
    expect(line).toMatchObject({
      costUsdE4: turkey.costUsdE4,
      marginBefore: { marginDzdMinor: beforeMargin, marginBps: Math.round((beforeMargin / beforeHt) * 10_000) },
      marginAfter: { marginDzdMinor: afterMargin, marginBps: Math.round((afterMargin / afterHt) * 10_000) },
    });
    // 10 % on cost, less 19 % TVA, is a loss: the preview says so before the owner applies it.
    expect(line.marginAfter.marginDzdMinor).toBeLessThan(0);
  });

  it("lists no plan for a change of the service fee alone", async () => {
    const response = await call("POST", "/prices/preview", admin.headers, { serviceFeeDzdMinor: 20_000 });
    const preview = pricePreviewSchema.parse(response.json().data);
    expect(preview.changes).toEqual([]);
    expect(preview.proposed.serviceFeeDzdMinor).toBe(20_000);
  });
});

describe("apply", () => {
  it("re-prices every plan as previewed, moves the public price and writes who did it, before and after", async () => {
    const turkey = await turkeyWeek();
    const publicBefore = await publicTurkeyWeekDzd(turkey.id);
    expect(publicBefore).toBe(turkey.retailDzdMinor);
    const preview = pricePreviewSchema.parse(
      (await call("POST", "/prices/preview", admin.headers, { dzdPerUsd: "250", markupBps: 3500 })).json().data,
    );
    const previewed = preview.changes.find((change) => change.packageId === turkey.id)!;

    const response = await call("POST", "/prices", admin.headers, { dzdPerUsd: "250", markupBps: 3500 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      isChanged: true,
      settings: { dzdPerUsd: "250", markupBps: 3500, serviceFeeDzdMinor: 0 },
    });
    expect((await turkeyWeek()).retailDzdMinor).toBe(previewed.afterDzdMinor);
    await vi.waitFor(async () => expect(await publicTurkeyWeekDzd(turkey.id)).toBe(previewed.afterDzdMinor), {
      timeout: 5000,
    });

    const [entry, ...others] = await priceAudits();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      operatorId: admin.operator.id,
      action: PRICE_SETTINGS_ACTION,
      entityId: "1",
      before: { dzdPerUsd: "135", markupBps: 3000, serviceFeeDzdMinor: 0 },
      after: { dzdPerUsd: "250", markupBps: 3500, serviceFeeDzdMinor: 0 },
    });
    expect(entry?.ip).not.toBeNull();
  });

  it("applies the same values twice once (a double click writes one entry)", async () => {
    const response = await call("POST", "/prices", admin.headers, { dzdPerUsd: "250.0", markupBps: 3500 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ isChanged: false, repricedCount: 0 });
    expect(await priceAudits()).toHaveLength(1);
  });

  it("stores a service fee in whole dinars without touching plan prices", async () => {
    const turkey = await turkeyWeek();
    const response = await call("POST", "/prices", admin.headers, { serviceFeeDzdMinor: 15_000 });
    expect(response.json().data.settings.serviceFeeDzdMinor).toBe(15_000);
    expect((await turkeyWeek()).retailDzdMinor).toBe(turkey.retailDzdMinor);
    expect((await priceAudits())[0]).toMatchObject({
      before: { serviceFeeDzdMinor: 0 },
      after: { serviceFeeDzdMinor: 15_000 },
    });
  });

  it("records the command line's rate:set in the same history, without an operator", async () => {
    await rateSet.run({ deps, args: ["140"], print: () => {} });
    const [entry] = await priceAudits();
    expect(entry).toMatchObject({
      operatorId: null,
      before: { dzdPerUsd: "250" },
      after: { dzdPerUsd: "140", markupBps: 3500 },
    });
  });
});

describe("a destination's own markup", () => {
  it("refuses a destination the catalogue does not have", async () => {
    const response = await call("POST", "/prices/preview", admin.headers, {
      destinationMarkups: [{ destinationCode: "ZZ", markupBps: 5000 }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("DESTINATION_NOT_FOUND");
  });

  it("re-prices that destination's plans only, keeps it through a sync, and removes it with null", async () => {
    const turkey = await turkeyWeek();
    const preview = pricePreviewSchema.parse(
      (
        await call("POST", "/prices/preview", admin.headers, {
          destinationMarkups: [{ destinationCode: "TR", markupBps: 6000 }],
        })
      ).json().data,
    );
    expect(preview.changes.length).toBeGreaterThan(0);
    expect(new Set(preview.changes.map((change) => change.destinationCode))).toEqual(new Set(["TR"]));
    const line = preview.changes.find((change) => change.packageId === turkey.id)!;
    const settings = (await call("GET", "/prices", admin.headers)).json().data;
    const expected = computeRetailPrices({
      costUsdE4: turkey.costUsdE4,
      settings: { dzdPerUsdE4: Number(settings.dzdPerUsd) * 10_000, markupBps: 6000 },
    }).retailDzdMinor;
    expect(line.afterDzdMinor).toBe(expected);

    const applied = await call("POST", "/prices", admin.headers, {
      destinationMarkups: [{ destinationCode: "TR", markupBps: 6000 }],
    });
    expect(applied.json().data.settings.destinationMarkups).toEqual([{ destinationCode: "TR", markupBps: 6000 }]);
    expect((await turkeyWeek()).retailDzdMinor).toBe(expected);
    await syncCatalog(deps);
    expect((await turkeyWeek()).retailDzdMinor).toBe(expected);
    expect((await priceAudits())[0]).toMatchObject({
      before: { destinationMarkups: {} },
      after: { destinationMarkups: { TR: 6000 } },
    });

    await call("POST", "/prices", admin.headers, { destinationMarkups: [{ destinationCode: "TR", markupBps: null }] });
    expect((await turkeyWeek()).retailDzdMinor).toBe(turkey.retailDzdMinor);
  });
});

describe("catalogue sync", () => {
  it("runs the sync for the admin and answers its counts, then shows it as the last result", async () => {
    const response = await call("POST", "/catalogue/sync", admin.headers, {});
    expect(response.statusCode).toBe(200);
    const run = catalogSyncRunSchema.parse(response.json().data);
    expect(run).toMatchObject({ isSuccess: true, error: null, operatorEmail: admin.operator.email });
    expect(run.plans).toBeGreaterThan(100);

    const status = await call("GET", "/catalogue/sync", admin.headers);
    expect(status.json().data.lastRun).toEqual(run);
    expect(status.json().data.lastSyncedAt).not.toBeNull();
    const [entry] = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, CATALOG_SYNC_ACTION))
      .orderBy(desc(operatorAuditLog.seq));
    expect(entry?.operatorId).toBe(admin.operator.id);
  });

  it("records a failed sync with the upstream's error and keeps the catalogue", async () => {
    const turkey = await turkeyWeek();
    const listPackages = vi.spyOn(deps.esim, "listPackages").mockRejectedValueOnce(new Error("upstream timed out"));
    const response = await call("POST", "/catalogue/sync", admin.headers, {});
    listPackages.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ isSuccess: false, error: "upstream timed out", plans: null });
    expect((await turkeyWeek()).retailDzdMinor).toBe(turkey.retailDzdMinor);
  });
});

describe("catalogue visibility", () => {
  async function publicStatus(path: string) {
    return (await app.inject({ method: "GET", url: `/api/v1/app${path}` })).statusCode;
  }

  it("refuses a support agent and changes nothing", async () => {
    const response = await call("POST", "/catalogue/destinations/TR", support.headers, { isHidden: true });
    expect(response.statusCode).toBe(403);
    const list = await call("GET", "/catalogue/destinations", admin.headers);
    expect(list.json().data.find((row: { code: string }) => row.code === "TR")).toMatchObject({ isHidden: false });
  });

  it("answers DESTINATION_NOT_FOUND and PACKAGE_NOT_FOUND for what is not in the catalogue", async () => {
    const destination = await call("POST", "/catalogue/destinations/ZZ", admin.headers, { isHidden: true });
    expect(destination.json().error.code).toBe("DESTINATION_NOT_FOUND");
    const plan = await call("POST", "/catalogue/plans/00000000-0000-4000-8000-000000000000", admin.headers, {
      isHidden: true,
    });
    expect(plan.json().error.code).toBe("PACKAGE_NOT_FOUND");
  });

  it("hides a destination from the shop, keeps it hidden through a sync, audits it, and shows it again", async () => {
    expect(await publicStatus("/destinations/TR")).toBe(200);
    const hidden = await call("POST", "/catalogue/destinations/TR", admin.headers, { isHidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ code: "TR", isHidden: true });
    await vi.waitFor(async () => expect(await publicStatus("/destinations/TR")).toBe(404), { timeout: 5000 });
    const search = await app.inject({ method: "GET", url: "/api/v1/app/destinations?q=turquie" });
    expect(search.json().data.map((row: { code: string }) => row.code)).not.toContain("TR");

    await syncCatalog(deps);
    const list = await call("GET", "/catalogue/destinations", admin.headers);
    expect(list.json().data.find((row: { code: string }) => row.code === "TR")).toMatchObject({ isHidden: true });

    const [entry] = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.entityId, "TR"))
      .orderBy(desc(operatorAuditLog.seq));
    expect(entry).toMatchObject({
      operatorId: admin.operator.id,
      action: "catalogue.destination.update",
      before: { isHidden: false },
      after: { isHidden: true },
    });

    await call("POST", "/catalogue/destinations/TR", admin.headers, { isHidden: false });
    await vi.waitFor(async () => expect(await publicStatus("/destinations/TR")).toBe(200), { timeout: 5000 });
  });

  it("marks a destination popular, and back to the default list", async () => {
    const marked = await call("POST", "/catalogue/destinations/IS", admin.headers, { isPopular: true });
    expect(marked.json().data).toMatchObject({ isPopular: true, isPopularSetByOperator: true });
    await vi.waitFor(
      async () => {
        const response = await app.inject({ method: "GET", url: "/api/v1/app/destinations/IS" });
        expect(response.json().data.isPopular).toBe(true);
      },
      { timeout: 5000 },
    );
    const reset = await call("POST", "/catalogue/destinations/IS", admin.headers, { isPopular: null });
    expect(reset.json().data).toMatchObject({ isPopular: false, isPopularSetByOperator: false });
  });

  it("hides one plan: gone from the destination's plans, still listed in the console, once for a double click", async () => {
    const turkey = await turkeyWeek();
    const first = await call("POST", `/catalogue/plans/${turkey.id}`, admin.headers, { isHidden: true });
    const second = await call("POST", `/catalogue/plans/${turkey.id}`, admin.headers, { isHidden: true });
    expect(first.json().data).toMatchObject({ id: turkey.id, isHidden: true });
    expect(second.json().data).toMatchObject({ id: turkey.id, isHidden: true });
    await vi.waitFor(
      async () => {
        const response = await app.inject({ method: "GET", url: "/api/v1/app/destinations/TR/packages" });
        expect(response.json().data.plans.map((plan: { id: string }) => plan.id)).not.toContain(turkey.id);
      },
      { timeout: 5000 },
    );
    const plans = await call("GET", "/catalogue/destinations/TR/plans", admin.headers);
    expect(plans.json().data.plans.find((plan: { id: string }) => plan.id === turkey.id)).toMatchObject({
      isHidden: true,
    });
    expect(plans.json().data.destination.hiddenPlanCount).toBe(1);
    const entries = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, turkey.id));
    expect(entries).toHaveLength(1);
  });

  it("gives a plan its own French and Arabic titles, shown on the public pages, and back to ours with blanks", async () => {
    const turkey = await turkeyWeek();
    const named = await call("POST", `/catalogue/plans/${turkey.id}`, admin.headers, {
      isHidden: false,
      nameOverrides: { fr: "  Escapade Istanbul ", ar: "رحلة إسطنبول" },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().data.nameOverrides).toEqual({ fr: "Escapade Istanbul", ar: "رحلة إسطنبول" });
    await vi.waitFor(
      async () => {
        const fr = await app.inject({ method: "GET", url: "/fr/esim/turkey" });
        expect(fr.body).toContain("Escapade Istanbul");
      },
      { timeout: 5000 },
    );
    expect((await app.inject({ method: "GET", url: "/ar/esim/turkey" })).body).toContain("رحلة إسطنبول");
    expect((await app.inject({ method: "GET", url: "/en/esim/turkey" })).body).not.toContain("Escapade Istanbul");
    await syncCatalog(deps);
    expect((await turkeyWeek()).nameOverrides).toEqual({ fr: "Escapade Istanbul", ar: "رحلة إسطنبول" });

    const cleared = await call("POST", `/catalogue/plans/${turkey.id}`, admin.headers, {
      nameOverrides: { fr: "", ar: null },
    });
    expect(cleared.json().data.nameOverrides).toEqual({ fr: null, ar: null });
    expect((await turkeyWeek()).nameOverrides).toBeNull();
  });
});
