import { describe, expect, it } from "vitest";
import type { EsimAccessPackage } from "./esim-access-schemas.ts";
import { mapDestination, mapEsimAccessPackage, parseCoverage, toValidityDays } from "./map-package.ts";

function esimAccessPackage(overrides: Partial<EsimAccessPackage> = {}): EsimAccessPackage {
  return {
    packageCode: "CKH491",
    slug: "TR_1_7",
    name: "Türkiye 1GB 7Days",
    price: 12_300,
    currencyCode: "USD",
    volume: 1_073_741_824,
    dataType: 1,
    duration: 7,
    durationUnit: "DAY",
    location: "TR",
    locationCode: "TR",
    speed: "3G/4G/5G",
    supportTopUpType: 2,
    fupPolicy: null,
    ipExport: null,
    locationNetworkList: [
      { locationName: "Türkiye", locationCode: "TR", operatorList: [{ operatorName: "Turkcell", networkType: "5G" }] },
    ],
    ...overrides,
  };
}

describe("mapEsimAccessPackage", () => {
  it("reshapes a country package into our units", () => {
    expect(mapEsimAccessPackage(esimAccessPackage(), { isTopUp: false })).toEqual({
      code: "CKH491",
      name: "Türkiye 1GB 7Days",
      destination: { code: "TR", type: "country" },
      coverage: ["TR"],
      dataMb: 1024,
      isUnlimited: false,
      dataType: 1,
      validityDays: 7,
      validityStart: "installation",
      costUsdE4: 12_300,
      networks: [{ country: "TR", operator: "Turkcell", networkType: "5G" }],
      isTopUp: false,
      supportsTopUp: true,
      isHotspotAllowed: true,
      fairUsePolicy: null,
      speed: "3G/4G/5G",
    });
  });

  it("reads unlimited from volume -1, with the upstream's fair-use note", () => {
    expect(
      mapEsimAccessPackage(esimAccessPackage({ volume: -1, fupPolicy: "512 Kbps" }), { isTopUp: false }),
    ).toMatchObject({ isUnlimited: true, dataMb: null, dataType: 1, fairUsePolicy: "512 Kbps" });
  });

  it("keeps daily plans (dataType 2, 3, 4: priced per day, ordered with periodNum) out, saying why", () => {
    for (const dataType of [2, 3, 4]) {
      const reasons: string[] = [];
      const daily = esimAccessPackage({ dataType, volume: 1_073_741_824, duration: 1, supportTopUpType: 3 });
      expect(mapEsimAccessPackage(daily, { isTopUp: false, onLeftOut: (reason) => reasons.push(reason) })).toBeNull();
      expect(reasons).toEqual(["daily plan (decision 051)"]);
    }
  });

  it("marks top-ups and plans that refuse top-ups", () => {
    expect(mapEsimAccessPackage(esimAccessPackage({ supportTopUpType: 1 }), { isTopUp: true })).toMatchObject({
      isTopUp: true,
      supportsTopUp: false,
    });
  });

  it("resolves network countries from names when the code is missing", () => {
    const pkg = esimAccessPackage({
      location: "FR,DE",
      locationCode: "!RG",
      slug: "EU-42_1_7",
      locationNetworkList: [
        { locationName: "France", locationCode: null, operatorList: [{ operatorName: "Orange", networkType: "5G" }] },
        { locationName: "Germany", locationCode: null, operatorList: [{ operatorName: "O2", networkType: null }] },
        { locationName: "Atlantis", locationCode: null, operatorList: [{ operatorName: "Sea", networkType: "4G" }] },
      ],
    });
    expect(mapEsimAccessPackage(pkg, { isTopUp: false })?.networks).toEqual([
      { country: "FR", operator: "Orange", networkType: "5G" },
      { country: "DE", operator: "O2", networkType: "4G" },
    ]);
  });

  it("leaves out what we cannot sell: another currency, more than 90 days, an unknown unit or place", () => {
    expect(mapEsimAccessPackage(esimAccessPackage({ currencyCode: "EUR" }), { isTopUp: false })).toBeNull();
    expect(mapEsimAccessPackage(esimAccessPackage({ duration: 180 }), { isTopUp: false })).toBeNull();
    expect(mapEsimAccessPackage(esimAccessPackage({ durationUnit: "FORTNIGHT" }), { isTopUp: false })).toBeNull();
    expect(mapEsimAccessPackage(esimAccessPackage({ location: "XX" }), { isTopUp: false })).toBeNull();
  });
});

describe("mapDestination", () => {
  const europe = ["FR", "DE", "ES", "IT", "NL"];

  it.each([
    [
      { coverage: ["TR"], locationCode: "TR", slug: "TR_1_7", name: "Türkiye" },
      { code: "TR", type: "country" },
    ],
    [
      { coverage: europe, locationCode: "EU-42", slug: null, name: "Europe 42" },
      { code: "europe", type: "region" },
    ],
    [
      { coverage: europe, locationCode: "!RG", slug: "EU-42_1_7", name: "x" },
      { code: "europe", type: "region" },
    ],
    [
      { coverage: ["DZ", "MA", "EG", "SA"], locationCode: "!RG", slug: null, name: "Middle East & North Africa" },
      { code: "middle-east-north-africa", type: "region" },
    ],
    [
      { coverage: ["ZA", "NG", "KE"], locationCode: "AF-29", slug: null, name: "Africa 29" },
      { code: "africa", type: "region" },
    ],
    [
      { coverage: ["JP", "KR", "TH"], locationCode: "AS-12", slug: null, name: "Asia 12" },
      { code: "asia", type: "region" },
    ],
    [
      { coverage: ["US", "CA", "MX"], locationCode: "NA-3", slug: null, name: "North America" },
      { code: "americas", type: "region" },
    ],
    [
      { coverage: ["US", "FR", "CN"], locationCode: "!GL", slug: null, name: "x" },
      { code: "global", type: "global" },
    ],
    [
      { coverage: ["US", "FR", "CN"], locationCode: "GL-139", slug: null, name: "Global 139" },
      { code: "global", type: "global" },
    ],
    // No usable label: decided by where most countries lie.
    [
      { coverage: ["SG", "MY", "TH"], locationCode: "!RG", slug: "SMT_1_7", name: "Singapore Malaysia Thailand" },
      { code: "asia", type: "region" },
    ],
    [{ coverage: ["US", "JP", "FR", "ZA"], locationCode: "!RG", slug: "MIX", name: "Mixed" }, null],
  ])("%o → %o", (input, expected) => {
    expect(mapDestination(input)).toEqual(expected);
  });
});

describe("parseCoverage and toValidityDays", () => {
  it("reads the location CSV, dropping unknown codes and duplicates", () => {
    expect(parseCoverage(" fr,DE,XX,FR ")).toEqual(["FR", "DE"]);
  });

  it("converts months, years and hours to days", () => {
    expect(toValidityDays(7, "DAY")).toBe(7);
    expect(toValidityDays(1, "MONTH")).toBe(30);
    expect(toValidityDays(1, "YEAR")).toBe(365);
    expect(toValidityDays(36, "HOUR")).toBe(2);
    expect(toValidityDays(7, null)).toBe(7);
  });
});
