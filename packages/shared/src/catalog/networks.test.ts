import { describe, expect, it } from "vitest";
import { networksByCountry } from "./networks.ts";

const NETWORKS = [
  { country: "US", operator: "T-Mobile", networkType: "5G" },
  { country: "EG", operator: "Vodafone", networkType: "4G" },
  { country: "ES", operator: "Movistar", networkType: "5G" },
  { country: "ES", operator: "Movistar", networkType: "4G" },
  { country: "EG", operator: "Orange", networkType: "4G" },
  { country: "EG", operator: "Orange", networkType: "4G" },
  { country: "AE", operator: "du", networkType: "5G" },
];

describe("networks sorted by country name", () => {
  it("sorts accented French names with their letter, not after Z", () => {
    const countries = networksByCountry(NETWORKS, "fr").map((country) => country.name);
    expect(countries).toEqual(["Égypte", "Émirats arabes unis", "Espagne", "États-Unis"]);
  });

  it("sorts Arabic names in Arabic alphabetical order", () => {
    const countries = networksByCountry(NETWORKS, "ar").map((country) => country.country);
    // إسبانيا, الإمارات العربية المتحدة, الولايات المتحدة, مصر
    expect(countries).toEqual(["ES", "AE", "US", "EG"]);
  });

  it("lists each operator and network type once, by operator, and keeps member countries without networks", () => {
    const [egypt, spain] = networksByCountry(NETWORKS, "en", ["EG", "ES", "DZ"]).filter((country) =>
      ["EG", "ES"].includes(country.country),
    );
    expect(egypt?.networks.map((network) => network.operator)).toEqual(["Orange", "Vodafone"]);
    expect(spain?.networks.map((network) => network.networkType)).toEqual(["4G", "5G"]);
    expect(networksByCountry(NETWORKS, "en", ["DZ"]).find((country) => country.country === "DZ")?.networks).toEqual([]);
  });
});
