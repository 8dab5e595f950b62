import { ESIM_STATUSES } from "@esim/shared/statuses";
import ar from "@esim/ui/messages/ar.json";
import en from "@esim/ui/messages/en.json";
import fr from "@esim/ui/messages/fr.json";
import { describe, expect, it } from "vitest";
import { STATUS_EXPLANATION, STATUS_NAME } from "./status.ts";

// The card and the details page read "{name} : {explanation}": the explanation says what the name does not, never the
// name again ("Installée : installée, pas encore utilisée").

/** A catalogue entry as its text: the build keeps a message as its parts. */
function textOf(message: unknown): string {
  return Array.isArray(message) ? message.filter((part) => typeof part === "string").join("") : String(message);
}

/** The first word, lower-cased and without Arabic diacritics (the shadda of "مثبّتة"). */
function stem(message: unknown): string {
  const word =
    textOf(message)
      .trim()
      .split(/[\s,;:.،؛]+/)[0] ?? "";
  return word.toLocaleLowerCase().replace(/[\u064B-\u0652]/g, "");
}

describe("an eSIM status explained beside its name", () => {
  const catalogues = { fr, en, ar } as Record<string, Record<string, unknown>>;
  for (const [language, messages] of Object.entries(catalogues)) {
    it(`does not start by repeating the status's name in ${language}`, () => {
      for (const status of ESIM_STATUSES) {
        const name = textOf(messages[STATUS_NAME[status]]);
        const explanation = textOf(messages[STATUS_EXPLANATION[status]]);
        expect(explanation, status).toBeTruthy();
        expect(stem(explanation), `${status}: ${name} : ${explanation}`).not.toBe(stem(name));
      }
    });
  }
});
