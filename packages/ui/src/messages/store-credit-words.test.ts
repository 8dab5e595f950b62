import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import consoleAr from "./console/ar.json";
import consoleEn from "./console/en.json";
import consoleFr from "./console/fr.json";
import en from "./en.json";
import fr from "./fr.json";

// Store credit and the credit note are two things: in French the credit note is the "avoir" and store credit is the
// "crédit boutique", never an "avoir"; in Arabic store credit is a "رصيد", the credit note a "إشعار دائن". The English
// words tell which one a message means.
const catalogues = {
  traveller: { fr, en, ar } as Record<"fr" | "en" | "ar", Record<string, string>>,
  console: { fr: consoleFr, en: consoleEn, ar: consoleAr } as Record<"fr" | "en" | "ar", Record<string, string>>,
};

describe.each(Object.entries(catalogues))("the %s catalogue", (_, byLanguage) => {
  const idsMeaning = (words: RegExp) => Object.keys(byLanguage.en).filter((id) => words.test(byLanguage.en[id]!));

  it("calls store credit a « crédit boutique » in French and a رصيد in Arabic, never a credit note", () => {
    const ids = idsMeaning(/store credit/i);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect({ id, fr: byLanguage.fr[id] }).toEqual({ id, fr: expect.stringMatching(/crédit boutique/i) });
      expect({ id, fr: byLanguage.fr[id] }).not.toEqual({ id, fr: expect.stringMatching(/\bavoirs?\b/i) });
      expect({ id, ar: byLanguage.ar[id] }).toEqual({ id, ar: expect.stringMatching(/رصيد/) });
      expect({ id, ar: byLanguage.ar[id] }).not.toEqual({ id, ar: expect.stringMatching(/إشعار|دائن/) });
    }
  });

  it("keeps « avoir » and إشعار دائن for the credit note", () => {
    for (const id of idsMeaning(/credit note/i)) {
      expect({ id, fr: byLanguage.fr[id] }).toEqual({ id, fr: expect.stringMatching(/avoir/i) });
      expect({ id, ar: byLanguage.ar[id] }).toEqual({ id, ar: expect.stringMatching(/دائن|الإشعار|إشعار/) });
    }
  });
});
