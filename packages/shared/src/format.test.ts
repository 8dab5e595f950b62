import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDuration,
  formatNumber,
  formatPercent,
  maskCardCode,
} from "./format.ts";
import { formatPhone } from "./phone.ts";

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

describe("the console's other figures, one way in every language", () => {
  it("writes a 24-hour clock, never AM or PM", () => {
    expect(formatDateTime("2026-11-24T10:58:00Z")).toBe("24/11/2026 11:58");
    expect(formatDateTime("2026-11-24T13:30:00Z")).toBe("24/11/2026 14:30");
  });

  it("writes percents US-style, a calendar day as day/month, durations in the reader's units with Latin digits", () => {
    expect(formatPercent(0.75)).toBe("75%");
    expect(formatPercent(0.1234)).toBe("12.3%");
    expect(formatDayMonth("2026-11-03")).toBe("03/11");
    expect(formatDuration(45, "en")).toBe("45m");
    expect(formatDuration(1560, "fr")).toBe("1j 2h");
    expect(formatDuration(1560, "ar")).toMatch(/^1 \S+ 2 \S+$/);
  });

  it("writes a phone number in international format", () => {
    expect(formatPhone("+213555123456")).toBe("+213 555 12 34 56");
  });
});
