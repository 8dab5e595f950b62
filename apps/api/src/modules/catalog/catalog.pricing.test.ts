import { describe, expect, it } from "vitest";
import {
  computeRetailPrices,
  formatDzdPerUsd,
  parseDzdPerUsdE4,
  repriceStoredPackage,
  roundCentsUp,
  roundDinarsUp,
} from "./catalog.pricing.ts";

// 135 DZD per USD and a 30 % markup: the defaults of the first sync.
const settings = { dzdPerUsdE4: 1_350_000, markupBps: 3000 };

describe("roundDinarsUp", () => {
  it("keeps whole dinars under 100 DA", () => {
    expect([1, 63, 64, 99].map(roundDinarsUp)).toEqual([1, 63, 64, 99]);
  });

  it("rounds up to the next ten from 100 DA to 990 DA", () => {
    expect([100, 101, 417, 981, 990].map(roundDinarsUp)).toEqual([100, 110, 420, 990, 990]);
  });

  it("rounds up to the next price ending in 90 above 990 DA", () => {
    expect([991, 1090, 1091, 1404, 1490, 1491, 2901, 12_345].map(roundDinarsUp)).toEqual([
      1090, 1090, 1190, 1490, 1490, 1590, 2990, 12_390,
    ]);
  });
});

describe("roundCentsUp", () => {
  it("rounds up to a price ending in 9 cents under $10", () => {
    expect([1, 9, 10, 53, 451, 999].map(roundCentsUp)).toEqual([9, 9, 19, 59, 459, 999]);
  });

  it("rounds up to .49 or .99 from $10", () => {
    expect([1000, 1049, 1050, 1203, 1250, 1299].map(roundCentsUp)).toEqual([1049, 1049, 1099, 1249, 1299, 1299]);
  });
});

describe("computeRetailPrices", () => {
  it("prices $0.36 at 64 DA: 0.36 × 1.3 × 135 = 63.18, up to the whole dinar", () => {
    const prices = computeRetailPrices({ costUsdE4: 3600, settings });
    expect(prices.retailDzdMinor).toBe(6400);
    // 0.36 × 1.3 = $0.468 → $0.49
    expect(prices.retailUsdMinor).toBe(49);
  });

  it("prices $5.60 at 990 DA (982.80 up to the ten)", () => {
    const prices = computeRetailPrices({ costUsdE4: 56_000, settings });
    expect(prices.retailDzdMinor).toBe(99_000);
    // 5.60 × 1.3 = $7.28 → $7.29
    expect(prices.retailUsdMinor).toBe(729);
  });

  it("prices $8.00 at 1 490 DA (1 404 up to the next …90)", () => {
    const prices = computeRetailPrices({ costUsdE4: 80_000, settings });
    expect(prices.retailDzdMinor).toBe(149_000);
    // 8 × 1.3 = $10.40 → $10.49
    expect(prices.retailUsdMinor).toBe(1049);
  });

  it("always charges whole dinars and never rounds down", () => {
    for (let costUsdE4 = 100; costUsdE4 < 2_000_000; costUsdE4 = Math.ceil(costUsdE4 * 1.07) + 13) {
      const { retailDzdMinor, retailUsdMinor } = computeRetailPrices({ costUsdE4, settings });
      expect(retailDzdMinor % 100).toBe(0);
      expect(retailDzdMinor / 100).toBeGreaterThanOrEqual((costUsdE4 / 10_000) * 1.3 * 135);
      expect(retailUsdMinor).toBeGreaterThanOrEqual((costUsdE4 / 100) * 1.3);
    }
  });

  it("follows the rate and the markup", () => {
    expect(computeRetailPrices({ costUsdE4: 80_000, settings: { ...settings, dzdPerUsdE4: 2_400_000 } })).toMatchObject(
      // 8 × 1.3 × 240 = 2 496 → 2 590
      { retailDzdMinor: 259_000, retailUsdMinor: 1049 },
    );
    expect(computeRetailPrices({ costUsdE4: 80_000, settings: { ...settings, markupBps: 0 } })).toMatchObject(
      // 8 × 135 = 1 080 → 1 090; $8.00 stays $8.09 (under $10, ending in 9)
      { retailDzdMinor: 109_000, retailUsdMinor: 809 },
    );
  });

  it("shows a compare-at price when the upstream's suggestion is at least 10 % above our retail", () => {
    // Retail $10.49; the suggestion $11.54 is 10.01 % above → $11.99, and $11.99 × 135 = 1 618.65 → 1 690 DA.
    const prices = computeRetailPrices({ costUsdE4: 80_000, suggestedRetailUsdE4: 115_400, settings });
    expect(prices).toEqual({
      retailDzdMinor: 149_000,
      retailUsdMinor: 1049,
      compareAtUsdMinor: 1199,
      compareAtDzdMinor: 169_000,
    });
  });

  it("shows no compare-at price when the suggestion is less than 10 % above, or missing", () => {
    expect(
      computeRetailPrices({ costUsdE4: 80_000, suggestedRetailUsdE4: 115_300, settings }).compareAtDzdMinor,
    ).toBeNull();
    expect(computeRetailPrices({ costUsdE4: 80_000, suggestedRetailUsdE4: null, settings })).toMatchObject({
      compareAtDzdMinor: null,
      compareAtUsdMinor: null,
    });
  });

  it("refuses a cost that is not a positive integer", () => {
    expect(() => computeRetailPrices({ costUsdE4: 0, settings })).toThrow(RangeError);
    expect(() => computeRetailPrices({ costUsdE4: 1.5, settings })).toThrow(RangeError);
  });
});

describe("repriceStoredPackage", () => {
  it("gives the same prices as a sync at the new rate", () => {
    const newSettings = { ...settings, dzdPerUsdE4: 2_400_000 };
    const synced = computeRetailPrices({ costUsdE4: 80_000, suggestedRetailUsdE4: 150_000, settings: newSettings });
    const before = computeRetailPrices({ costUsdE4: 80_000, suggestedRetailUsdE4: 150_000, settings });

    const repriced = repriceStoredPackage({
      costUsdE4: 80_000,
      compareAtUsdMinor: before.compareAtUsdMinor,
      settings: newSettings,
    });

    expect(repriced).toEqual(synced);
    expect(repriced.retailDzdMinor).not.toBe(before.retailDzdMinor);
  });
});

describe("parseDzdPerUsdE4", () => {
  it("reads decimal rates, including PostgreSQL's numeric text", () => {
    expect(parseDzdPerUsdE4("135")).toBe(1_350_000);
    expect(parseDzdPerUsdE4("135.5")).toBe(1_355_000);
    expect(parseDzdPerUsdE4("135.0000")).toBe(1_350_000);
    expect(parseDzdPerUsdE4("0.0001")).toBe(1);
  });

  it("refuses zero, negatives, words, exponents and more than 4 decimals", () => {
    for (const text of ["0", "0.0000", "-135", "abc", "1e3", "135.12345", "", "135,5", "Infinity"]) {
      expect(parseDzdPerUsdE4(text)).toBeNull();
    }
  });

  it("writes a rate back without trailing zeros", () => {
    expect([1_350_000, 1_355_000, 1_355_001].map(formatDzdPerUsd)).toEqual(["135", "135.5", "135.5001"]);
  });
});
