import {
  type DestinationSearchResult,
  getCatalogSummary,
  getDestination,
  listDestinationPlans,
  type Plan,
  searchDestinations,
} from "@esim/shared/catalog/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { createAppDeps } from "../../create-deps.ts";
import { connectDatabase } from "../../db/client.ts";
import { createTestApp } from "../../test/test-app.ts";
import { POPULAR_COUNTRIES } from "./catalog.destinations.ts";
import { packages } from "./catalog.schema.ts";
import { readCatalog, searchCatalog } from "./catalog.service.ts";
import { type CatalogSyncResult, setDzdPerUsd, syncCatalog } from "./catalog.sync.ts";

const testApp = await createTestApp();
const { app, db, deps } = testApp;

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url: `${API_BASE_PATH}${url}`, headers });
}

async function search(query: string, type?: "country" | "region"): Promise<DestinationSearchResult[]> {
  const params = new URLSearchParams({ q: query, ...(type ? { type } : {}) });
  const response = await get(`/destinations?${params}`);
  expect(response.statusCode).toBe(200);
  return searchDestinations.response.parse(response.json()).data;
}

async function plansOf(code: string, days?: number) {
  const response = await get(`/destinations/${code}/packages${days === undefined ? "" : `?days=${days}`}`);
  expect(response.statusCode).toBe(200);
  return listDestinationPlans.response.parse(response.json()).data;
}

describe("before the first sync", () => {
  it("answers an empty catalog: no destination, a zero summary, and 404 for any code", async () => {
    expect(await search("")).toEqual([]);
    expect(getCatalogSummary.response.parse((await get("/catalog/summary")).json()).data).toEqual({
      destinationCount: 0,
      lowestPrice: { DZD: 0, USD: 0 },
    });
    expect((await get("/destinations/TR")).json().error.code).toBe("DESTINATION_NOT_FOUND");
  });
});

describe("while PostgreSQL cannot be reached", () => {
  it("still starts, and answers catalog reads with 503 SERVICE_UNAVAILABLE until the catalog loads", async () => {
    // Port 9 (discard) has no PostgreSQL.
    const unreachable = connectDatabase("postgres://esim:esim@127.0.0.1:9/esim", { max: 1 });
    const offline = await buildApp(createAppDeps(deps.config, unreachable.db), { logger: false });
    try {
      await offline.ready();
      const response = await offline.inject({ method: "GET", url: `${API_BASE_PATH}/destinations?q=tur` });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await offline.close();
      await unreachable.close();
    }
  });
});

describe("with the simulator's catalogue synced", () => {
  // The simulator's catalogue, imported once after the test above; the cache sees it through NOTIFY.
  let firstSync: CatalogSyncResult;
  beforeAll(async () => {
    firstSync = await syncCatalog(deps);
    await vi.waitFor(async () => expect((await search("")).length).toBeGreaterThan(100), { timeout: 10_000 });
  });

  describe("GET /destinations", () => {
    it("refuses an unknown type and unknown parameters with VALIDATION_FAILED", async () => {
      const badType = await get("/destinations?type=planet");
      expect(badType.statusCode).toBe(400);
      expect(badType.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { type: "INVALID" } });
      const unknown = await get("/destinations?lang=fr");
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toEqual({ lang: "UNKNOWN_FIELD" });
    });

    it.each(["algerie", "ALGÉRIE", "Algeria", "الجزائر", "جزائر", "الْجَزَائِر", "dz", "DZ"])(
      "finds Algeria first for %j",
      async (query) => {
        expect((await search(query))[0]?.code).toBe("DZ");
      },
    );

    it.each(["turquie", "Türkiye", "TURKIYE", "turkey", "تركيا", "tur"])("finds Turkey first for %j", async (query) => {
      expect((await search(query))[0]?.code).toBe("TR");
    });

    it("folds Arabic spelling variants: hamza on alef, ta marbuta, tashkeel", async () => {
      // إيطاليا written with a bare alef; المملكة العربية السعودية with ه for ة.
      expect((await search("ايطاليا"))[0]?.code).toBe("IT");
      expect((await search("المملكه العربيه السعوديه"))[0]?.code).toBe("SA");
      expect((await search("السُّعُودِيَّة"))[0]?.code).toBe("SA");
    });

    it("ranks the exact code first, then names starting with the query, popular ones first", async () => {
      const codes = (await search("al")).map((destination) => destination.code);
      // AL is Albania's code (exact); then names starting with "al": Allemagne (DE, popular) before Algérie.
      expect(codes.slice(0, 3)).toEqual(["AL", "DE", "DZ"]);
    });

    it("ranks a name prefix before a word prefix before a substring", async () => {
      // "guinee": Guinée (name starts), then Guinée équatoriale… also start; "Papouasie-Nouvelle-Guinée" has the word.
      const codes = (await search("guinee")).map((destination) => destination.code);
      expect(codes[0]).toBe("GN");
      expect(codes.indexOf("PG")).toBeGreaterThan(codes.indexOf("GQ"));
      // "lgerie" is only inside "Algérie".
      expect((await search("lgerie")).map((destination) => destination.code)).toEqual(["DZ"]);
    });

    it.each([
      ["Istanbul", "TR", "Istanbul", null],
      ["istanbul", "TR", "Istanbul", null],
      ["إسطنبول", "TR", "Istanbul", null],
      ["اسطنبول", "TR", "Istanbul", null],
      ["ANTALYA", "TR", "Antalya", null],
      ["saw", "TR", "Istanbul", "SAW"],
      ["Dubaï", "AE", "Dubai", null],
      ["دبي", "AE", "Dubai", null],
      ["Makkah", "SA", "Mecca", null],
      ["مكة", "SA", "Mecca", null],
      ["la mecque", "SA", "Mecca", null],
      ["médine", "SA", "Medina", null],
      ["Barcelone", "ES", "Barcelona", null],
      ["CDG", "FR", "Paris", "CDG"],
      ["Kuala", "MY", "Kuala Lumpur", null],
      ["Montréal", "CA", "Montreal", null],
      ["montreal", "CA", "Montreal", null],
    ])("finds %j, a city or airport, as its country with the place it matched", async (query, code, place, airport) => {
      const [first] = await search(query);
      expect(first?.code).toBe(code);
      expect(first?.matchedPlace?.names.en).toBe(place);
      expect(first?.matchedPlace?.airport).toBe(airport);
    });

    it("names the place in the three languages, and says no place when a country's own name matched", async () => {
      const [turkey] = await search("istanbul");
      expect(turkey?.matchedPlace?.names).toEqual({ fr: "Istanbul", en: "Istanbul", ar: "إسطنبول" });
      // "Tunis" starts Tunisia's own name: the country, no city between.
      const [tunisia] = await search("tunis");
      expect(tunisia?.code).toBe("TN");
      expect(tunisia?.matchedPlace).toBeUndefined();
    });

    it("gives the public pages' search (searchCatalog) the same results, the place on each", async () => {
      const snapshot = await readCatalog({ db }, app.log);
      const [turkey] = searchCatalog(snapshot, { query: "Stamboul" });
      expect(turkey?.summary.code).toBe("TR");
      expect(turkey?.matchedPlace?.names.fr).toBe("Istanbul");
      expect(searchCatalog(snapshot, { query: "AYT" })[0]?.matchedPlace).toEqual({
        names: { fr: "Antalya", en: "Antalya", ar: "أنطاليا" },
        airport: "AYT",
      });
    });

    it("ranks a country through a city after the same match on a country's name, and not before 3 letters", async () => {
      // "par": Paraguay's name starts so; France only through Paris.
      const codes = (await search("par")).map((destination) => destination.code);
      expect(codes.indexOf("PY")).toBeGreaterThanOrEqual(0);
      expect(codes.indexOf("PY")).toBeLessThan(codes.indexOf("FR"));
      expect((await search("pa")).map((destination) => destination.code)).not.toContain("FR");
      // Regions are never reached through a city.
      expect(await search("istanbul", "region")).toEqual([]);
    });

    it("puts countries before regions at equal rank", async () => {
      const codes = (await search("afrique")).map((destination) => destination.code);
      // Afrique du Sud (country) and Afrique (region) both start with the query.
      expect(codes.indexOf("ZA")).toBeGreaterThanOrEqual(0);
      expect(codes.indexOf("ZA")).toBeLessThan(codes.indexOf("africa"));
    });

    it("lists popular destinations first, in their order, then every other alphabetically, for an empty query", async () => {
      const all = await search("");
      expect(all.slice(0, POPULAR_COUNTRIES.length).map((destination) => destination.code)).toEqual(POPULAR_COUNTRIES);
      expect(all.slice(0, POPULAR_COUNTRIES.length).every((destination) => destination.isPopular)).toBe(true);
      const rest = all.slice(POPULAR_COUNTRIES.length).filter((destination) => destination.type === "country");
      const names = rest.map((destination) => destination.names.fr);
      expect(names).toEqual([...names].sort(new Intl.Collator("fr", { sensitivity: "base" }).compare));
    });

    it("filters by type, counting the global zone as a region", async () => {
      const regions = await search("", "region");
      expect(regions.map((destination) => destination.code).sort()).toEqual([
        "africa",
        "americas",
        "asia",
        "europe",
        "global",
        "middle-east-north-africa",
      ]);
      expect((await search("", "country")).every((destination) => destination.type === "country")).toBe(true);
      expect(await search("turquie", "region")).toEqual([]);
    });

    it("gives names in the three languages, member countries, the lowest price and the plan count", async () => {
      const [turkey] = await search("TR");
      const plans = await plansOf("TR");
      expect(turkey).toMatchObject({
        code: "TR",
        type: "country",
        names: { fr: "Turquie", en: "Türkiye", ar: "تركيا" },
        memberCountries: ["TR"],
        planCount: plans.plans.length,
        isPopular: true,
        fromPrice: {
          DZD: Math.min(...plans.plans.map((plan) => plan.price.DZD)),
          USD: Math.min(...plans.plans.map((plan) => plan.price.USD)),
        },
      });
      const [europe] = await search("europe", "region");
      expect(europe?.names).toEqual({ fr: "Europe", en: "Europe", ar: "أوروبا" });
      expect(europe?.memberCountries).toEqual(expect.arrayContaining(["FR", "DE", "ES", "IT"]));
    });
  });

  describe("GET /destinations/:code", () => {
    it("answers DESTINATION_NOT_FOUND for an unknown code", async () => {
      const response = await get("/destinations/XX");
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("DESTINATION_NOT_FOUND");
    });

    it("answers a country in any case, and a region by its slug", async () => {
      const turkey = getDestination.response.parse((await get("/destinations/tr")).json()).data;
      expect(turkey.code).toBe("TR");
      const europe = getDestination.response.parse((await get("/destinations/europe")).json()).data;
      expect(europe.type).toBe("region");
    });
  });

  describe("GET /destinations/:code/packages", () => {
    it.each(["0", "91", "1.5", "seven", ""])("refuses days=%j with DAYS_INVALID", async (days) => {
      const response = await get(`/destinations/TR/packages?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: { days: "DAYS_INVALID" } });
    });

    it("answers DESTINATION_NOT_FOUND for an unknown code before looking at plans", async () => {
      const response = await get("/destinations/XX/packages?days=7");
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("DESTINATION_NOT_FOUND");
    });

    it("lists the country's own base plans by days then data, with every duration on sale", async () => {
      const { destination, availableDays, plans } = await plansOf("TR");
      expect(destination.code).toBe("TR");
      expect(plans.length).toBeGreaterThan(3);
      // Regional and global plans are shown on their region, never under a country.
      expect(plans.every((plan) => plan.coverage.length === 1 && plan.coverage[0] === "TR")).toBe(true);
      // No top-up package is sold as a new eSIM.
      expect(plans.some((plan) => plan.name.includes("top-up"))).toBe(false);
      const order = (plan: Plan) => [plan.validityDays, plan.dataMb ?? Number.MAX_SAFE_INTEGER];
      const sorted = [...plans].sort((left, right) => {
        const [leftDays, leftData] = order(left);
        const [rightDays, rightData] = order(right);
        return leftDays! - rightDays! || leftData! - rightData!;
      });
      expect(plans).toEqual(sorted);
      expect(availableDays).toEqual([...new Set(plans.map((plan) => plan.validityDays))].sort((a, b) => a - b));
      expect(plans.every((plan) => plan.price.DZD % 100 === 0)).toBe(true);
    });

    it("keeps only plans lasting exactly the days asked, with the same availableDays", async () => {
      const all = await plansOf("TR");
      const week = await plansOf("TR", 7);
      expect(week.plans.length).toBeGreaterThan(0);
      expect(week.plans.every((plan) => plan.validityDays === 7)).toBe(true);
      expect(week.plans).toEqual(all.plans.filter((plan) => plan.validityDays === 7));
      expect(week.availableDays).toEqual(all.availableDays);
      expect((await plansOf("TR", 2)).plans).toEqual([]);
    });

    it("says for each plan when its validity starts, as the upstream applies it", async () => {
      const { plans } = await plansOf("TR");
      const byName = (dataMb: number, days: number) =>
        plans.find((plan) => plan.dataMb === dataMb && plan.validityDays === days);
      expect(byName(1024, 7)?.validityStart).toBe("installation");
      expect(byName(3072, 15)?.validityStart).toBe("first_connection");
    });

    it("lists a region's plans, covering its members", async () => {
      const { plans } = await plansOf("europe");
      expect(plans.length).toBeGreaterThan(0);
      expect(plans[0]?.coverage).toEqual(expect.arrayContaining(["FR", "DE"]));
    });
  });

  describe("caching headers", () => {
    it("answers Cache-Control and an ETag, and 304 with no body when the client's copy is current", async () => {
      const first = await get("/destinations/TR/packages?days=7");
      expect(first.headers["cache-control"]).toBe("public, max-age=300");
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+\.[\w-]+"$/);

      const again = await get("/destinations/TR/packages?days=7", { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);

      const weak = await get("/destinations/TR/packages?days=7", { "if-none-match": `"other", W/${etag}` });
      expect(weak.statusCode).toBe(304);
      const stale = await get("/destinations/TR/packages?days=7", { "if-none-match": '"other"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it("gives different answers different ETags and the same answer the same ETag", async () => {
      const [turquie, turkiye, france] = await Promise.all([
        get(`/destinations?q=turquie`),
        get(`/destinations?q=${encodeURIComponent("TURQUIE")}`),
        get("/destinations?q=france"),
      ]);
      expect(turquie.headers.etag).toBe(turkiye.headers.etag);
      expect(turquie.headers.etag).not.toBe(france.headers.etag);
    });
  });

  describe("GET /catalog/summary", () => {
    it("counts countries with a plan on sale and gives the lowest retail price in both currencies", async () => {
      const response = await get("/catalog/summary");
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBeDefined();
      const { data } = getCatalogSummary.response.parse(response.json());
      const all = await search("");
      expect(data.destinationCount).toBe(all.filter((destination) => destination.type === "country").length);
      expect(data.destinationCount).toBeGreaterThan(170);
      expect(data.lowestPrice).toEqual({
        DZD: Math.min(...all.map((destination) => destination.fromPrice.DZD)),
        USD: Math.min(...all.map((destination) => destination.fromPrice.USD)),
      });
      expect(data.lowestPrice.DZD).toBeLessThan(100_00);
    });
  });

  describe("syncCatalog", () => {
    it("imported the simulator's catalogue with prices from the default settings", async () => {
      expect(firstSync.destinations).toBeGreaterThan(170);
      expect(firstSync.plans).toBeGreaterThan(1000);
      expect(firstSync.deactivated).toBe(0);
      const [row] = await db
        .select()
        .from(packages)
        .where(and(eq(packages.provider, "simulator"), eq(packages.upstreamCode, "SIM-TR-1GB-7D")));
      expect(row).toBeDefined();
      // 135 DZD/USD and 30 %: the cost × 1.3 × 135, rounded up.
      expect(row!.retailDzdMinor / 100).toBeGreaterThanOrEqual((row!.costUsdE4 / 10_000) * 1.3 * 135);
    });

    it("is idempotent, also when two runs start at once", async () => {
      const before = await db.select().from(packages).orderBy(packages.upstreamCode);
      const [one, two] = await Promise.all([syncCatalog(deps), syncCatalog(deps)]);
      expect(one).toEqual({ ...firstSync });
      expect(two).toEqual({ ...firstSync });
      const after = await db.select().from(packages).orderBy(packages.upstreamCode);
      const comparable = (rows: typeof before) => rows.map(({ syncedAt: _syncedAt, ...rest }) => rest);
      expect(comparable(after)).toEqual(comparable(before));
    });

    it("deactivates what the upstream no longer lists, hides it, and brings it back when listed again", async () => {
      const simulator = deps.esim;
      const withoutSome = {
        ...simulator,
        listPackages: async () =>
          (await simulator.listPackages()).filter(
            (pkg) => pkg.code !== "SIM-TR-1GB-7D" && pkg.destination.code !== "AD",
          ),
      };
      const andorraPlans = (await plansOf("AD")).plans.length;

      const result = await syncCatalog({ ...deps, esim: withoutSome });

      expect(result.deactivated).toBeGreaterThan(andorraPlans);
      const [row] = await db.select().from(packages).where(eq(packages.upstreamCode, "SIM-TR-1GB-7D"));
      expect(row?.isActive).toBe(false);
      await vi.waitFor(async () => expect((await get("/destinations/AD")).statusCode).toBe(404));
      expect((await plansOf("TR", 7)).plans.some((plan) => plan.id === row!.id)).toBe(false);

      const restored = await syncCatalog(deps);

      expect(restored.deactivated).toBe(0);
      await vi.waitFor(async () => expect((await get("/destinations/AD")).statusCode).toBe(200));
      expect((await plansOf("TR", 7)).plans.some((plan) => plan.id === row!.id)).toBe(true);
    });

    it("refuses an upstream answer with no sellable package and leaves the catalog as it was", async () => {
      const broken = { ...deps.esim, listPackages: async () => [] };
      await expect(syncCatalog({ ...deps, esim: broken })).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      const [{ active } = { active: 0 }] = await db
        .select({ active: sql<number>`count(*)::int` })
        .from(packages)
        .where(eq(packages.isActive, true));
      expect(active).toBe(firstSync.plans + firstSync.topUps);
    });
  });

  describe("the cache of another instance", () => {
    it("sees new prices once a re-pricing commits, without a request to trigger it", async () => {
      // A second app on the same database: its own cache and its own LISTEN connection.
      const other = await buildApp(deps, { logger: false });
      await other.ready();
      try {
        const read = async () =>
          listDestinationPlans.response.parse(
            (await other.inject({ method: "GET", url: `${API_BASE_PATH}/destinations/TR/packages?days=7` })).json(),
          ).data.plans[0]!.price.DZD;
        const before = await read();

        await setDzdPerUsd(deps, { dzdPerUsdE4: 2_500_000 });

        await vi.waitFor(async () => expect(await read()).toBeGreaterThan(before * 1.5), { timeout: 5000 });
      } finally {
        await setDzdPerUsd(deps, { dzdPerUsdE4: 1_350_000 });
        await other.close();
      }
    });
  });
});
