import { describe, expect, it } from "vitest";
import { countryOptions } from "./countries.ts";

// Nearly every customer lives in Algeria: the name/country step offers it first, then every country by name.

describe("the countries offered for a profile", () => {
  for (const [language, algeria] of [
    ["fr", "Algérie"],
    ["en", "Algeria"],
    ["ar", "الجزائر"],
  ] as const) {
    it(`lists Algeria first, then the others in ${language} alphabetical order`, () => {
      const options = countryOptions(language);
      expect(options[0]).toEqual({ value: "DZ", label: algeria });
      expect(options.filter((option) => option.value === "DZ")).toHaveLength(1);
      const rest = options.slice(1).map((option) => option.label);
      expect(rest).toEqual([...rest].sort(new Intl.Collator(language).compare));
    });
  }
});
