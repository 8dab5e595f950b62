import { foldSearchText } from "@esim/shared/search-text";
import { describe, expect, it } from "vitest";
import { createSearchEntry, matchRank, searchEntries } from "./catalog.search.ts";

describe("foldSearchText", () => {
  it("ignores case, accents and punctuation", () => {
    expect(foldSearchText("ALGÉRIE")).toBe("algerie");
    expect(foldSearchText("Türkiye")).toBe("turkiye");
    expect(foldSearchText("Côte d’Ivoire")).toBe("cote d ivoire");
    expect(foldSearchText("  Guinée-Bissau ")).toBe("guinee bissau");
    expect(foldSearchText("Œland Straße")).toBe("oeland strasse");
  });

  it("folds Arabic: tashkeel removed, أ إ آ → ا, ة → ه, ى → ي, tatweel dropped", () => {
    // ئ is ي with a hamza mark: folded the same whether typed with or without it.
    expect(foldSearchText("الْجَزَائِر")).toBe(foldSearchText("الجزاير"));
    expect(foldSearchText("الْجَزَائِر")).toBe(foldSearchText("الجزائر"));
    expect(foldSearchText("أ إ آ ٱ")).toBe("ا ا ا ا");
    expect(foldSearchText("السعودية")).toBe("السعوديه");
    expect(foldSearchText("مستشفى")).toBe("مستشفي");
    expect(foldSearchText("تـركـيا")).toBe("تركيا");
  });
});

function entry(
  code: string,
  type: "country" | "region" | "global",
  names: string[],
  popularRank: number | null = null,
) {
  return createSearchEntry({ code, type, names, popularRank, alphabeticalIndex: 0 });
}

describe("matchRank", () => {
  const algeria = entry("DZ", "country", ["Algérie", "Algeria", "الجزائر"]);

  it("ranks exact code 0, name prefix 1, word prefix 2, substring 3, else null", () => {
    expect(matchRank(algeria, "dz")).toBe(0);
    expect(matchRank(algeria, "alg")).toBe(1);
    expect(matchRank(entry("ZA", "country", ["Afrique du Sud"]), "sud")).toBe(2);
    expect(matchRank(algeria, "geri")).toBe(3);
    expect(matchRank(algeria, "maroc")).toBeNull();
  });

  it("treats an Arabic word without its article as a word start", () => {
    expect(matchRank(algeria, "جزا")).toBe(2);
  });
});

describe("searchEntries", () => {
  const entries = [
    { ...entry("africa", "region", ["Afrique", "Africa", "أفريقيا"]), alphabeticalIndex: 0 },
    { ...entry("ZA", "country", ["Afrique du Sud", "South Africa", "جنوب أفريقيا"]), alphabeticalIndex: 1 },
    { ...entry("CF", "country", ["République centrafricaine", "Central African Republic"]), alphabeticalIndex: 2 },
    { ...entry("FR", "country", ["France", "France", "فرنسا"], 2), alphabeticalIndex: 3 },
    { ...entry("TR", "country", ["Turquie", "Türkiye", "تركيا"], 1), alphabeticalIndex: 4 },
    { ...entry("global", "global", ["Monde entier", "Global", "العالم"]), alphabeticalIndex: 5 },
  ];
  const codes = (found: { code: string }[]) => found.map((found) => found.code);

  it("puts countries before regions at equal rank, then better ranks first", () => {
    expect(codes(searchEntries(entries, { query: "afri" }))).toEqual(["za", "africa", "cf"]);
  });

  it("answers popular destinations first for an empty query, then alphabetical, regions last", () => {
    expect(codes(searchEntries(entries, { query: "" }))).toEqual(["tr", "fr", "za", "cf", "africa", "global"]);
  });

  it("filters countries, or regions with the global zone", () => {
    expect(codes(searchEntries(entries, { query: "", type: "region" }))).toEqual(["africa", "global"]);
    expect(codes(searchEntries(entries, { query: "", type: "country" }))).toEqual(["tr", "fr", "za", "cf"]);
  });
});
