import { describe, expect, it } from "vitest";
import { serverTranslator } from "./server-i18n.ts";

describe("serverTranslator", () => {
  it("answers each language's words for an id", () => {
    expect(serverTranslator("en")("nav.esims")).toBe("My eSIMs");
    expect(serverTranslator("fr")("nav.esims")).not.toBe("My eSIMs");
  });

  it("chooses Arabic's plural forms", () => {
    const t = serverTranslator("ar");
    expect(t("catalog.countryCount", { count: 2, countText: "2" })).toBe("دولتان");
    expect(t("catalog.countryCount", { count: 3, countText: "3" })).toBe("3 دول");
    expect(t("catalog.countryCount", { count: 11, countText: "11" })).toBe("11 دولة");
  });

  it("also speaks the console's catalogue, for the operators' emails", () => {
    expect(serverTranslator("en")("console.title")).toBe("Operator console");
    expect(serverTranslator("ar")("console.title")).not.toBe("Operator console");
  });
});
