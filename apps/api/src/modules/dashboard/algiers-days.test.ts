import { describe, expect, it } from "vitest";
import { addDays, dayOf, midnightOf } from "./algiers-days.ts";

describe("Algiers days", () => {
  it("names the day by Algiers' calendar: 23:00 UTC is already the next day there", () => {
    expect(dayOf(new Date("2026-06-14T22:59:59.999Z"))).toBe("2026-06-14");
    expect(dayOf(new Date("2026-06-14T23:00:00Z"))).toBe("2026-06-15");
    expect(dayOf(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });

  it("starts each day at Algiers midnight, summer and winter alike (no daylight saving there)", () => {
    expect(midnightOf("2026-06-15")).toEqual(new Date("2026-06-14T23:00:00Z"));
    expect(midnightOf("2026-01-01")).toEqual(new Date("2025-12-31T23:00:00Z"));
    expect(dayOf(midnightOf("2026-03-29"))).toBe("2026-03-29");
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-06-15", -29)).toBe("2026-05-17");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
