import { foldSearchText } from "@esim/shared/search-text";
import { faq as ar } from "@esim/ui/faq/ar";
import { faq as en } from "@esim/ui/faq/en";
import type { Faq } from "@esim/ui/faq/faq-types";
import { faq as fr } from "@esim/ui/faq/fr";
import { describe, expect, it } from "vitest";
import { searchFaq } from "./search-faq.ts";

const shape = (faq: Faq) => faq.map((category) => [category.id, category.entries.map((entry) => entry.id)]);
const linkTargets = (faq: Faq) =>
  faq.flatMap((category) => category.entries.map((entry) => entry.links?.map((link) => link.to) ?? []));

describe("the FAQ in three languages", () => {
  it("asks the same questions, in the same categories and order, in French, English and Arabic", () => {
    expect(shape(en)).toEqual(shape(fr));
    expect(shape(ar)).toEqual(shape(fr));
  });

  it("leads to the same screens in every language", () => {
    expect(linkTargets(en)).toEqual(linkTargets(fr));
    expect(linkTargets(ar)).toEqual(linkTargets(fr));
  });

  it("never repeats a question id", () => {
    const ids = fr.flatMap((category) => category.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says when to install per kind of plan, never that installing early costs nothing, in every language", () => {
    const answerOf = (faq: Faq, id: string) =>
      faq
        .flatMap((category) => category.entries)
        .find((entry) => entry.id === id)!
        .answer.join(" ");
    expect(answerOf(fr, "install-before-leaving")).toContain("installez-la le jour du départ");
    expect(answerOf(fr, "install-before-leaving")).not.toContain("Installer tôt ne coûte rien");
    expect(answerOf(en, "install-before-leaving")).toContain("install it on the day you leave");
    expect(answerOf(ar, "install-before-leaving")).toContain("ثبّتها يوم سفرك");
    expect(answerOf(fr, "activation-start")).not.toMatch(/^Sa validité commence à la première connexion/);
  });

  it("states the refund window (7 days) and the cancellation window (24 hours) in every language", () => {
    for (const faq of [fr, en, ar]) {
      const answerOf = (id: string) =>
        faq
          .flatMap((category) => category.entries)
          .find((entry) => entry.id === id)!
          .answer.join(" ");
      expect(answerOf("refund-policy")).toContain("7");
      expect(answerOf("cancel-unused")).toContain("24");
    }
  });

  it("links to the installation and activation guides and the compatibility check", () => {
    expect(linkTargets(fr).flat()).toEqual(
      expect.arrayContaining(["/guide/installation", "/guide/activation", "/compatibility"]),
    );
  });
});

describe("searching the FAQ", () => {
  it("ignores case and accents", () => {
    const ids = (query: string) =>
      searchFaq(fr, query).flatMap((category) => category.entries.map((entry) => entry.id));
    expect(ids("REMBOURSE")).toEqual(expect.arrayContaining(["refund-policy", "cancel-unused"]));
    expect(ids("remboursé")).toEqual(ids("rembourse"));
    expect(ids("itinerance donnees")).toEqual(["activation-settings", "activation-no-connection"]);
  });

  it("folds Arabic letter variants and diacritics", () => {
    expect(foldSearchText("الإسترداد")).toBe(foldSearchText("الاسترداد"));
    expect(foldSearchText("تُثبَّت")).toBe("تثبت");
    const ids = (query: string) =>
      searchFaq(ar, query).flatMap((category) => category.entries.map((entry) => entry.id));
    expect(ids("استرداد")).toContain("refund-policy");
    expect(ids("الإسترداد")).toEqual(ids("استرداد"));
  });

  it("keeps every entry for a blank query and none for a word found nowhere", () => {
    expect(searchFaq(en, "   ")).toBe(en);
    expect(searchFaq(en, "zzzz")).toEqual([]);
  });
});
