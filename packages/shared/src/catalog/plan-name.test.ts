import { describe, expect, it } from "vitest";
import { localPlanName, planDataText, planValidityText } from "./plan-name.ts";

const FIVE_GB = { dataMb: 5120, isUnlimited: false, dataType: 1, validityDays: 7 };

describe("our plan names", () => {
  it("names a plan by destination, data and days in each language", () => {
    expect(localPlanName({ ...FIVE_GB, destinationName: "Turquie" }, "fr")).toBe("Turquie · 5 Go · 7 jours");
    expect(localPlanName({ ...FIVE_GB, destinationName: "Turkey" }, "en")).toBe("Turkey · 5 GB · 7 days");
    expect(localPlanName({ ...FIVE_GB, destinationName: "تركيا" }, "ar")).toBe("تركيا · 5 جيغابايت · 7 أيام");
  });

  it("says unlimited plans and daily allowances in words", () => {
    const unlimited = { dataMb: null, isUnlimited: true, dataType: 4, validityDays: 30 };
    expect(localPlanName({ ...unlimited, destinationName: "Europe" }, "fr")).toBe("Europe · Illimité · 30 jours");
    expect(localPlanName({ ...unlimited, destinationName: "أوروبا" }, "ar")).toBe("أوروبا · غير محدود · 30 يومًا");
    const daily = { dataMb: 1024, isUnlimited: false, dataType: 2, validityDays: 1 };
    expect(localPlanName({ ...daily, destinationName: "Turquie" }, "fr")).toBe("Turquie · 1 Go par jour · 1 jour");
    expect(planDataText(daily, "en")).toBe("1 GB per day");
    expect(planDataText({ dataMb: 500, isUnlimited: false }, "fr")).toBe("500 Mo");
  });

  it("follows each language's plural forms for the days", () => {
    expect(planValidityText(1, "ar")).toBe("يوم واحد");
    expect(planValidityText(2, "ar")).toBe("يومان");
    expect(planValidityText(15, "ar")).toBe("15 يومًا");
    expect(planValidityText(1, "en")).toBe("1 day");
  });
});
