import { describe, expect, it } from "vitest";
import { PLACES } from "./places.ts";

describe("the places table", () => {
  const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

  it("leads every place to a real country, with names in the three languages", () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(100);
    for (const place of PLACES) {
      expect(regionNames.of(place.country), place.names.en).toBeDefined();
      expect(place.names.fr.trim(), place.names.en).not.toBe("");
      expect(place.names.en.trim()).not.toBe("");
      expect(place.names.ar, place.names.en).toMatch(/^[\u0600-\u06FF ]+$/);
    }
  });

  it("gives each airport code once, as three capital letters", () => {
    const airports = PLACES.flatMap((place) => place.airports);
    for (const airport of airports) expect(airport).toMatch(/^[A-Z]{3}$/);
    expect(new Set(airports).size).toBe(airports.length);
  });
});
