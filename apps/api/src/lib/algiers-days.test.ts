import { describe, expect, it } from "vitest";
import { algiersDayOf, algiersDays, algiersMonthOf, algiersMonthStart } from "./algiers-days.ts";

// The shop counts its days and months in Algiers (UTC+1 all year): an instant late on a UTC evening is already the
// next day, and on the last evening of a month, the next month, for the console's ranges and the monthly caps alike.

describe("Algiers days and months", () => {
  it("puts 23:30 UTC on 30 November in 1 December, Algiers time", () => {
    const lateEvening = new Date("2026-11-30T23:30:00Z");
    expect(algiersDayOf(lateEvening)).toBe("2026-12-01");
    expect(algiersMonthOf(lateEvening)).toBe("2026-12");
    expect(algiersMonthStart(lateEvening)).toEqual(new Date("2026-11-30T23:00:00Z"));
  });

  it("keeps 22:59 UTC on 30 November in November, whose month began at 23:00 UTC on 31 October", () => {
    const evening = new Date("2026-11-30T22:59:00Z");
    expect(algiersMonthOf(evening)).toBe("2026-11");
    expect(algiersMonthStart(evening)).toEqual(new Date("2026-10-31T23:00:00Z"));
  });

  it("reads a range of days as the instants from the first midnight to the midnight after the last", () => {
    expect(algiersDays({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: new Date("2026-10-31T23:00:00Z"),
      to: new Date("2026-11-30T23:00:00Z"),
    });
  });
});
