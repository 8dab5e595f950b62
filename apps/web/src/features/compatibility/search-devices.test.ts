import { describe, expect, it } from "vitest";
import { ESIM_BRANDS } from "./data/esim-devices.ts";
import { normalizeSearchText, searchDevices } from "./search-devices.ts";

const modelsFound = (query: string) =>
  searchDevices(ESIM_BRANDS, query).flatMap((match) => match.devices.map((device) => device.model));

describe("searchDevices", () => {
  it("matches every word at the start of a word, in any case and order", () => {
    expect(modelsFound("pixel 7")).toEqual(["Pixel 7a", "Pixel 7 Pro", "Pixel 7"]);
    expect(modelsFound("PRO MAX 13")).toEqual(["iPhone 13 Pro Max"]);
    expect(modelsFound("s23")).toEqual(["Galaxy S23 FE", "Galaxy S23 Ultra", "Galaxy S23+", "Galaxy S23"]);
    expect(modelsFound("s23+")).toEqual(["Galaxy S23+"]);
  });

  it("does not find an older phone inside a newer number (iPhone 7 is not an iPhone 17)", () => {
    expect(modelsFound("iphone 7")).toEqual([]);
    expect(modelsFound("iphone7")).toEqual([]);
  });

  it("finds a model typed without its spaces", () => {
    expect(modelsFound("iphone13mini")).toEqual(["iPhone 13 mini"]);
    expect(modelsFound("zfold5")).toEqual(["Galaxy Z Fold5"]);
    expect(modelsFound("note 20")).toEqual(["Galaxy Note20 Ultra", "Galaxy Note20"]);
  });

  it("finds a brand by name or alias, Arabic spellings and digits included", () => {
    expect(searchDevices(ESIM_BRANDS, "samsung").map((match) => match.brand.id)).toEqual(["samsung"]);
    expect(modelsFound("ايفون ١٣ mini")).toEqual(["iPhone 13 mini"]);
    expect(modelsFound("سامسونغ s24 ultra")).toEqual(["Galaxy S24 Ultra"]);
  });

  it("answers every device, grouped by brand, for an empty query", () => {
    const all = searchDevices(ESIM_BRANDS, "  ");
    expect(all.map((match) => match.brand.id)).toEqual(ESIM_BRANDS.map((brand) => brand.id));
    expect(all.reduce((total, match) => total + match.devices.length, 0)).toBeGreaterThanOrEqual(120);
  });
});

describe("normalizeSearchText", () => {
  it("drops accents, Arabic hamza forms and punctuation but keeps a plus", () => {
    expect(normalizeSearchText("  Téléphone, Galaxy S23+ (2023)  ")).toBe("telephone galaxy s23+ 2023");
    expect(normalizeSearchText("أبل آيفون")).toBe("ابل ايفون");
  });
});

describe("the device list", () => {
  it("names a source for every brand and holds no tablet or watch", () => {
    for (const brand of ESIM_BRANDS) {
      expect(brand.source).toMatch(/^https:\/\//);
      for (const device of brand.devices) expect(device.model).not.toMatch(/ipad|watch|tab\b/i);
    }
  });

  it("has each model once (an edition of a reused name counts as its own model)", () => {
    const models = ESIM_BRANDS.flatMap((brand) =>
      brand.devices.map((device) => `${brand.id}:${device.model}:${device.edition?.year ?? ""}`),
    );
    expect(new Set(models).size).toBe(models.length);
  });
});
