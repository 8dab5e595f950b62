import { describe, expect, it } from "vitest";
import { foldSearchText } from "./search-text.ts";

describe("foldSearchText", () => {
  it("folds case, accents and punctuation in French", () => {
    expect(foldSearchText("  Côte d’Ivoire, ALGÉRIE  ")).toBe("cote d ivoire algerie");
    expect(foldSearchText("Remboursé")).toBe(foldSearchText("rembourse"));
  });

  it("folds Arabic diacritics, hamza forms, letter variants, tatweel and digits", () => {
    expect(foldSearchText("أبل آيفون ١٣")).toBe("ابل ايفون 13");
    expect(foldSearchText("تُثبَّت")).toBe("تثبت");
    expect(foldSearchText("الإسترداد")).toBe(foldSearchText("الاسترداد"));
    expect(foldSearchText("مكـــة")).toBe("مكه");
    expect(foldSearchText("مستشفى")).toBe("مستشفي");
  });

  it("keeps the characters asked for", () => {
    expect(foldSearchText("Galaxy S23+ (2023)")).toBe("galaxy s23 2023");
    expect(foldSearchText("Galaxy S23+ (2023)", { keep: "+" })).toBe("galaxy s23+ 2023");
  });
});
