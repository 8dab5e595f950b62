import { REGIONS } from "@esim/shared/catalog/regions";
import { COUNTRY_CODES } from "@esim/shared/countries";
import { describe, expect, it } from "vitest";
import { REGION_MEMBERS } from "../region-members.ts";
import {
  buildSimulatorCatalogue,
  getSimulatorCatalogue,
  listSimulatorCountries,
  MIN_COST_USD_E4,
} from "./catalogue.ts";
import { EXCLUDED_COUNTRIES, POPULAR_COUNTRIES, ZONE_BY_COUNTRY } from "./catalogue-data.ts";

const PINNED_PACKAGE_COUNT = 2242;

const catalogue = getSimulatorCatalogue();
const basePackages = catalogue.filter((pkg) => !pkg.isTopUp);

function plansOf(destinationCode: string) {
  return basePackages.filter((pkg) => pkg.destination.code === destinationCode);
}

describe("simulator catalogue", () => {
  it("sells about 200 countries and places every ISO country somewhere or excludes it on purpose", () => {
    const countries = listSimulatorCountries();
    expect(countries.length).toBeGreaterThanOrEqual(190);
    expect(countries.length).toBeLessThanOrEqual(220);
    for (const code of new Set(COUNTRY_CODES)) {
      expect(ZONE_BY_COUNTRY.has(code) !== EXCLUDED_COUNTRIES.has(code), code).toBe(true);
    }
    for (const uninhabited of ["AQ", "BV", "HM", "TF", "UM", "GS"]) expect(countries).not.toContain(uninhabited);
    const destinations = new Set(
      basePackages.filter((pkg) => pkg.destination.type === "country").map((pkg) => pkg.destination.code),
    );
    expect([...destinations].sort()).toEqual([...countries].sort());
  });

  it("is identical when built again and across runs (derived from the codes, nothing random)", () => {
    expect(JSON.stringify(buildSimulatorCatalogue())).toBe(JSON.stringify(catalogue));
    // Pinned values: a change here changes every environment's catalogue, so it must be deliberate.
    const kyrgyzstan = catalogue.find((pkg) => pkg.code === "SIM-KG-1GB-7D");
    expect(kyrgyzstan?.costUsdE4).toBe(16_700);
    expect(kyrgyzstan?.networks.map((network) => network.operator)).toEqual(["Ncell", "Unitel"]);
    expect(catalogue.length).toBe(PINNED_PACKAGE_COUNT);
  });

  it("gives every country 4 to 8 base plans between 1 and 90 days", () => {
    for (const code of listSimulatorCountries()) {
      const plans = plansOf(code);
      expect(plans.length, code).toBeGreaterThanOrEqual(4);
      expect(plans.length, code).toBeLessThanOrEqual(8);
      for (const plan of plans) {
        expect(plan.validityDays).toBeGreaterThanOrEqual(1);
        expect(plan.validityDays).toBeLessThanOrEqual(90);
        expect(plan.coverage).toEqual([code]);
        expect(plan.networks.length).toBeGreaterThanOrEqual(1);
        expect(plan.networks.length).toBeLessThanOrEqual(3);
      }
    }
    const days = new Set(basePackages.map((pkg) => pkg.validityDays));
    expect(days).toContain(1);
    expect(days).toContain(90);
  });

  it("has unique package codes", () => {
    expect(new Set(catalogue.map((pkg) => pkg.code)).size).toBe(catalogue.length);
  });

  it("covers the popular destinations with a full range including unlimited plans", () => {
    for (const code of POPULAR_COUNTRIES) {
      const plans = plansOf(code);
      expect(plans.length, code).toBe(8);
      const unlimited = plans.filter((plan) => plan.isUnlimited);
      expect(unlimited.length, code).toBeGreaterThanOrEqual(1);
      for (const plan of unlimited) {
        expect(plan.dataMb).toBeNull();
        expect([2, 4]).toContain(plan.dataType);
        expect(plan.fairUsePolicy).toMatch(/GB\/day/);
      }
    }
    expect(plansOf("DZ").length).toBeGreaterThanOrEqual(4);
  });

  it("prices plans realistically: Turkey 1 GB 7 days near $1.2, the cheapest plan at $0.35", () => {
    const turkey = basePackages.find(
      (pkg) => pkg.destination.code === "TR" && pkg.dataMb === 1024 && pkg.validityDays === 7,
    );
    expect(turkey?.costUsdE4).toBeGreaterThanOrEqual(10_000);
    expect(turkey?.costUsdE4).toBeLessThanOrEqual(20_000);
    const cheapest = Math.min(...basePackages.map((pkg) => pkg.costUsdE4));
    expect(cheapest).toBe(MIN_COST_USD_E4);
    // 30 % markup at 135 DZD/USD: about 61 DA before rounding to a price people pay (64 DA).
    expect((cheapest / 10_000) * 1.3 * 135).toBeCloseTo(61.4, 0);
    for (const pkg of basePackages) {
      expect(pkg.costUsdE4 % 100, pkg.code).toBe(0);
      expect(pkg.costUsdE4, pkg.code).toBeLessThan(100 * 10_000);
    }
    // More data for the same destination never costs less.
    const france = plansOf("FR").filter((plan) => !plan.isUnlimited);
    const byData = [...france].sort((a, b) => (a.dataMb ?? 0) - (b.dataMb ?? 0));
    expect(byData.map((plan) => plan.costUsdE4)).toEqual(
      [...byData.map((plan) => plan.costUsdE4)].sort((a, b) => a - b),
    );
  });

  it("spans 500 MB to 50 GB", () => {
    const volumes = basePackages.flatMap((pkg) => (pkg.dataMb === null ? [] : [pkg.dataMb]));
    expect(Math.min(...volumes)).toBe(500);
    expect(Math.max(...volumes)).toBe(50 * 1024);
  });

  it("sells regional plans covering each region's members and global plans", () => {
    for (const region of Object.keys(REGIONS)) {
      const plans = plansOf(region);
      expect(plans.length, region).toBeGreaterThanOrEqual(4);
      expect(plans.every((plan) => plan.destination.type === (region === "global" ? "global" : "region"))).toBe(true);
    }
    const europe = plansOf("europe")[0]!;
    expect(europe.coverage.length).toBeGreaterThanOrEqual(35);
    expect(europe.coverage.length).toBeLessThanOrEqual(40);
    expect(europe.coverage).toEqual(expect.arrayContaining(["FR", "DE", "ES", "IT"]));
    expect(plansOf("middle-east-north-africa")[0]!.coverage).toEqual(
      expect.arrayContaining(["DZ", "MA", "TN", "EG", "SA", "AE", "TR"]),
    );
    expect(new Set(plansOf("africa")[0]!.coverage)).toEqual(new Set(REGION_MEMBERS.africa));
    const global = plansOf("global")[0]!;
    expect(global.coverage.length).toBeGreaterThan(100);
    expect(global.networks.length).toBeGreaterThan(global.coverage.length);
  });

  it("sells a matching top-up for most base plans, and only for plans that accept one", () => {
    const topUps = catalogue.filter((pkg) => pkg.isTopUp);
    const withTopUp = basePackages.filter((pkg) => pkg.supportsTopUp);
    expect(withTopUp.length / basePackages.length).toBeGreaterThan(0.6);
    expect(topUps.length).toBe(withTopUp.length);
    for (const base of withTopUp) {
      const topUp = topUps.find((pkg) => pkg.code === `${base.code}-TOPUP`);
      expect(topUp?.destination).toEqual(base.destination);
      expect(topUp?.dataMb).toBe(base.dataMb);
    }
  });
});
