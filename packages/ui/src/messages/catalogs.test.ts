import { ERROR_CODES, FIELD_ERROR_CODES } from "@esim/shared/errors";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import consoleAr from "./console/ar.json";
import consoleEn from "./console/en.json";
import consoleFr from "./console/fr.json";
import en from "./en.json";
import fr from "./fr.json";

// Two catalogues (decision 072): the traveller's (app, public pages, emails, invoices) and the operator console's,
// which only the console's build and the server load.
const catalogues = {
  traveller: { fr, en, ar },
  console: { fr: consoleFr, en: consoleEn, ar: consoleAr },
} as const;

describe.each(Object.entries(catalogues))("the %s catalogue", (_, byLanguage) => {
  it("has exactly the same message ids in fr, en and ar", () => {
    const englishIds = Object.keys(byLanguage.en).sort();
    expect(Object.keys(byLanguage.fr).sort()).toEqual(englishIds);
    expect(Object.keys(byLanguage.ar).sort()).toEqual(englishIds);
  });

  it.each(Object.entries(byLanguage))("is valid ICU in %s, message by message", (_, catalogue) => {
    const invalid = Object.entries(catalogue as Record<string, string>).flatMap(([id, message]) => {
      try {
        compileMessageOrThrow(message);
        return [];
      } catch (error) {
        return [`${id}: ${(error as Error).message}`];
      }
    });
    expect(invalid).toEqual([]);
  });
});

describe("the traveller's catalogue", () => {
  it.each(Object.entries(catalogues.traveller))(
    "%s translates every API error code and field error code",
    (_, catalog) => {
      for (const code of ERROR_CODES) expect(catalog).toHaveProperty([`error.${code}`]);
      for (const code of FIELD_ERROR_CODES) expect(catalog).toHaveProperty([`field.${code}`]);
    },
  );

  it.each(Object.entries(catalogues.traveller))(
    "carries none of the console's words in %s (no admin. id)",
    (_, catalog) => {
      expect(Object.keys(catalog).filter((id) => id.startsWith("console."))).toEqual([]);
    },
  );

  // A person answers only in support's configured hours (decision 081): the lines about support state them.
  it.each(Object.entries(catalogues.traveller))("promises no person round the clock in %s", (_, catalog) => {
    const roundTheClock =
      /24\s*h?\s*\/\s*24|24\s*\/\s*7|7\s*j\s*\/\s*7|على مدار الساعة|طوال أيام الأسبوع|round the clock/i;
    expect(Object.entries(catalog).filter(([, message]) => roundTheClock.test(message))).toEqual([]);
  });
});

describe("the console's catalogue", () => {
  it("holds only console ids (admin.), none of which is also in the traveller's", () => {
    const consoleIds = Object.keys(catalogues.console.en);
    expect(consoleIds.length).toBeGreaterThan(0);
    expect(consoleIds.filter((id) => !id.startsWith("console."))).toEqual([]);
    expect(consoleIds.filter((id) => id in catalogues.traveller.en)).toEqual([]);
  });
});
