import { describe, expect, it } from "vitest";
import { floorToWholeUnits, formatMoney, roundToWholeUnits, toMajor, toMinor } from "./money.ts";

describe("formatMoney", () => {
  it("shows dinars as DA and dollars with $", () => {
    expect(formatMoney(6400, "DZD")).toBe("64 DA");
    expect(formatMoney(149000, "DZD")).toBe("1,490 DA");
    expect(formatMoney(1250, "USD")).toBe("$12.5");
    expect(formatMoney(629, "USD")).toBe("$6.29");
  });
});

describe("minor units", () => {
  it("converts between the amount read and minor units without float drift", () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.29)).toBe(29);
    expect(toMajor(84000)).toBe(840);
  });

  it("floors and rounds to whole dinars or dollars", () => {
    expect(floorToWholeUnits(14999)).toBe(14900);
    expect(roundToWholeUnits(14950)).toBe(15000);
    expect(roundToWholeUnits(14949)).toBe(14900);
  });
});
