import { ERROR_CODES, FIELD_ERROR_CODES } from "@esim/shared/errors";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";
import fr from "./fr.json";

const catalogs = { fr, en, ar };

describe("catalogs", () => {
  it("have exactly the same message ids in fr, en and ar", () => {
    const englishIds = Object.keys(en).sort();
    expect(Object.keys(fr).sort()).toEqual(englishIds);
    expect(Object.keys(ar).sort()).toEqual(englishIds);
  });

  it.each(Object.entries(catalogs))("%s translates every API error code and field error code", (_, catalog) => {
    for (const code of ERROR_CODES) expect(catalog).toHaveProperty([`error.${code}`]);
    for (const code of FIELD_ERROR_CODES) expect(catalog).toHaveProperty([`field.${code}`]);
  });
});
