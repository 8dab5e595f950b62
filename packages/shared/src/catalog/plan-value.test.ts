import { describe, expect, it } from "vitest";
import type { Plan } from "./contracts.ts";
import {
  type PricedDestination,
  parseFairUse,
  pickBestValue,
  pricePerGbMinor,
  suggestRegionalPlan,
} from "./plan-value.ts";

function plan(id: string, input: { dataMb: number | null; days: number; dzd: number; dataType?: number }): Plan {
  return {
    id,
    name: id,
    dataMb: input.dataMb,
    isUnlimited: input.dataMb === null,
    dataType: input.dataType ?? (input.dataMb === null ? 2 : 1),
    validityDays: input.days,
    validityStart: "installation",
    coverage: [],
    networks: [],
    supportsTopUp: true,
    isHotspotAllowed: true,
    fairUsePolicy: null,
    speed: null,
    price: { DZD: input.dzd, USD: Math.round(input.dzd / 135) },
    compareAtPrice: null,
  };
}

function destination(code: string, type: "country" | "region", members: string[], plans: Plan[]): PricedDestination {
  return { summary: { code, type, memberCountries: members }, plans };
}

function catalogueOf(destinations: PricedDestination[]) {
  return { destinations, byCode: (code: string) => destinations.find((each) => each.summary.code === code) };
}

const GB = 1024;

describe("pickBestValue", () => {
  it("marks the fixed-data plan with the lowest DZD per GB, ignoring unlimited and daily plans", () => {
    const plans = [
      plan("small", { dataMb: GB, days: 7, dzd: 22_000 }),
      plan("large", { dataMb: 10 * GB, days: 30, dzd: 149_000 }),
      plan("unlimited", { dataMb: null, days: 7, dzd: 10_000 }),
      plan("daily", { dataMb: GB, days: 7, dzd: 1_000, dataType: 2 }),
    ];
    expect(pickBestValue(plans)).toBe("large");
  });

  it("prefers more data at the same price per GB", () => {
    expect(
      pickBestValue([
        plan("one", { dataMb: GB, days: 7, dzd: 10_000 }),
        plan("two", { dataMb: 2 * GB, days: 7, dzd: 20_000 }),
      ]),
    ).toBe("two");
  });

  it("marks nothing when fewer than two fixed-data plans are shown", () => {
    expect(pickBestValue([plan("only", { dataMb: GB, days: 7, dzd: 10_000 })])).toBeNull();
    expect(
      pickBestValue([plan("only", { dataMb: GB, days: 7, dzd: 10_000 }), plan("u", { dataMb: null, days: 7, dzd: 1 })]),
    ).toBeNull();
  });
});

describe("suggestRegionalPlan", () => {
  const france = destination(
    "FR",
    "country",
    ["FR"],
    [plan("fr-1", { dataMb: GB, days: 7, dzd: 20_000 }), plan("fr-5", { dataMb: 5 * GB, days: 30, dzd: 60_000 })],
  );
  const spain = destination(
    "ES",
    "country",
    ["ES"],
    [plan("es-1", { dataMb: GB, days: 7, dzd: 15_000 }), plan("es-5", { dataMb: 5 * GB, days: 30, dzd: 50_000 })],
  );
  const italy = destination("IT", "country", ["IT"], [plan("it-1", { dataMb: GB, days: 7, dzd: 18_000 })]);

  it("suggests the cheapest regional plan that costs less than this country's plus another member's", () => {
    const europe = destination(
      "europe",
      "region",
      ["FR", "ES", "IT"],
      [plan("eu-1", { dataMb: GB, days: 7, dzd: 30_000 }), plan("eu-5", { dataMb: 5 * GB, days: 30, dzd: 90_000 })],
    );
    const suggestion = suggestRegionalPlan(catalogueOf([france, spain, italy, europe]), france);
    expect(suggestion?.regionPlan.id).toBe("eu-1");
    expect(suggestion?.otherCountry.summary.code).toBe("ES");
    expect(suggestion?.twoCountriesPrice.DZD).toBe(35_000);
    expect(suggestion?.savingDzdMinor).toBe(5_000);
  });

  it("suggests nothing when two country plans cost no more than the regional one", () => {
    const europe = destination(
      "europe",
      "region",
      ["FR", "ES", "IT"],
      [plan("eu-1", { dataMb: GB, days: 7, dzd: 35_000 }), plan("eu-5", { dataMb: 5 * GB, days: 30, dzd: 110_000 })],
    );
    expect(suggestRegionalPlan(catalogueOf([france, spain, italy, europe]), france)).toBeNull();
  });

  it("suggests nothing for a region's own page, or a region that does not cover the country", () => {
    const asia = destination("asia", "region", ["JP"], [plan("as-1", { dataMb: GB, days: 7, dzd: 1_000 })]);
    const europe = destination("europe", "region", ["FR", "ES"], [plan("eu-1", { dataMb: GB, days: 7, dzd: 1_000 })]);
    const snapshot = catalogueOf([france, spain, asia, europe]);
    expect(suggestRegionalPlan(snapshot, europe)).toBeNull();
    expect(suggestRegionalPlan(snapshot, france)?.region.summary.code).toBe("europe");
  });
});

describe("parseFairUse", () => {
  it("reads the daily high-speed allowance and the speed after it", () => {
    expect(parseFairUse("High speed up to 2 GB/day, then 512 kbps")).toEqual({
      highSpeedMb: 2048,
      slowSpeed: { value: 512, unit: "kbps" },
    });
    expect(parseFairUse("High speed up to 3 GB/day, then 1 Mbps")?.slowSpeed).toEqual({ value: 1, unit: "Mbps" });
    expect(parseFairUse("Fair usage applies")).toBeNull();
  });
});

describe("pricePerGbMinor", () => {
  it("gives whole dinars per GB, or cents of a dollar, for fixed data only", () => {
    const fiveGb = plan("five", { dataMb: 5 * GB, days: 30, dzd: 149_000 });
    expect(pricePerGbMinor(fiveGb, "DZD")).toBe(29_800);
    expect(pricePerGbMinor(fiveGb, "USD")).toBe(Math.round(fiveGb.price.USD / 5));
    expect(pricePerGbMinor(plan("unlimited", { dataMb: null, days: 7, dzd: 10_000 }), "DZD")).toBeNull();
  });
});
