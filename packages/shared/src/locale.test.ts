import { describe, expect, it } from "vitest";
import { acceptLanguageTags, firstSupportedLanguage } from "./locale.ts";

describe("a browser's language", () => {
  it("is the first the product speaks, most wanted first", () => {
    expect(firstSupportedLanguage(acceptLanguageTags("ar-DZ,ar;q=0.9,fr;q=0.8,en;q=0.7"))).toBe("ar");
    expect(firstSupportedLanguage(acceptLanguageTags("de-DE,de;q=0.9,en-GB;q=0.8,fr;q=0.5"))).toBe("en");
    expect(firstSupportedLanguage(acceptLanguageTags("fr;q=0.5, AR;q=0.8"))).toBe("ar");
    expect(firstSupportedLanguage(["en_US", "fr"])).toBe("en");
  });

  it("is none when the browser wants none of fr, en and ar, or refuses them (q=0)", () => {
    expect(firstSupportedLanguage(acceptLanguageTags("de,it;q=0.5,*;q=0.1"))).toBeNull();
    expect(firstSupportedLanguage(acceptLanguageTags("ar;q=0, es"))).toBeNull();
    expect(firstSupportedLanguage(acceptLanguageTags(undefined))).toBeNull();
  });
});
