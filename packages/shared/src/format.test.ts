import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber, maskCardCode } from "./format.ts";

describe("formatNumber", () => {
  it("writes numbers in US English style without forced fraction digits", () => {
    expect(formatNumber(64)).toBe("64");
    expect(formatNumber(1490)).toBe("1,490");
    expect(formatNumber(12.5)).toBe("12.5");
  });
});

describe("French dates", () => {
  it("writes day/month/year, with hour and minute when asked, in Algiers time", () => {
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("22/11/2026");
    expect(formatDateTime("2026-11-21T13:05:00Z")).toBe("21/11/2026 14:05");
  });
});

describe("maskCardCode", () => {
  it("shows codes of 4 characters or fewer as they are", () => {
    expect(maskCardCode("1234")).toBe("1234");
    expect(maskCardCode("12")).toBe("12");
  });

  it("masks longer codes but their last 4 characters", () => {
    expect(maskCardCode("6280123456789012")).toBe("•••• 9012");
  });
});
