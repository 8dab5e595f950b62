import { describe, expect, it } from "vitest";
import { formatRoundedCount, roundCountDown } from "./marketing.ts";

describe("rounded counts", () => {
  it("rounds down to tens under 1,000 and to hundreds above, never above the truth", () => {
    expect(roundCountDown(209)).toBe(200);
    expect(roundCountDown(172)).toBe(170);
    expect(roundCountDown(140)).toBe(140);
    expect(roundCountDown(1234)).toBe(1200);
  });

  it("says '+' after a rounded figure, and small counts exactly", () => {
    expect(formatRoundedCount(209)).toBe("200+");
    expect(formatRoundedCount(1234)).toBe("1,200+");
    expect(formatRoundedCount(7)).toBe("7");
    expect(formatRoundedCount(0)).toBe("0");
  });
});
