import { describe, expect, it } from "vitest";
import { slugify } from "./storefront.rules.ts";

describe("slugify", () => {
  it("makes readable, stable ASCII slugs from English names", () => {
    expect(slugify("Bosnia & Herzegovina")).toBe("bosnia-and-herzegovina");
    expect(slugify("Côte d’Ivoire")).toBe("cote-d-ivoire");
    expect(slugify("U.S. Virgin Islands")).toBe("us-virgin-islands");
    expect(slugify("São Tomé & Príncipe")).toBe("sao-tome-and-principe");
  });
});
