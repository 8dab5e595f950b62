import { TERMS_VERSION } from "@esim/shared/checkout/contracts";
import { REFUND_PROMISE_DAYS } from "@esim/shared/console/refunds-contract";
import { CANCELLATION_WINDOW_HOURS } from "@esim/shared/esims/contracts";
import { LANGUAGES } from "@esim/shared/locale";
import { describe, expect, it } from "vitest";
import { LEGAL_PAGES, type LegalDocument, legalDocument, type SellerIdentity } from "./legal-documents.ts";

const SELLER: SellerIdentity = {
  legalName: "Voyage Data SARL",
  address: "12 rue Didouche Mourad, Alger",
  nif: "000016001234567",
  rc: "16/00-1234567 B 18",
  nis: "000116001234567",
  email: "contact@voyage-data.dz",
  phone: "+213 21 00 00 00",
};

const text = (document: LegalDocument) =>
  [document.title, ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs])].join("\n");

const section = (document: LegalDocument, index: number) => document.sections[index]?.paragraphs.join(" ") ?? "";

describe("legal documents", () => {
  it.each(LANGUAGES)("in %s: every page has a title, sections and the terms' version as its date", (language) => {
    for (const page of LEGAL_PAGES) {
      const document = legalDocument(page, language, SELLER);
      expect(document.title).not.toBe("");
      expect(document.updatedOn).toBe(TERMS_VERSION);
      expect(document.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(document.sections.length).toBeGreaterThan(2);
      expect(text(document)).not.toMatch(/undefined|null|NaN/);
    }
  });

  // The cancellation window and the refund delay the code applies are the ones the terms promise.
  it.each([
    [
      "fr",
      `dans les ${CANCELLATION_WINDOW_HOURS} heures qui suivent le paiement`,
      `dans les ${REFUND_PROMISE_DAYS} jours`,
    ],
    ["en", `within ${CANCELLATION_WINDOW_HOURS} hours of payment`, `within ${REFUND_PROMISE_DAYS} days of payment`],
    ["ar", `خلال ${CANCELLATION_WINDOW_HOURS} ساعة من الدفع`, `خلال ${REFUND_PROMISE_DAYS} أيام من الدفع`],
  ] as const)("in %s the terms state the code's cancellation window and refund delay", (language, window, delay) => {
    const terms = text(legalDocument("terms", language, SELLER));
    expect(terms).toContain(window);
    expect(terms).toContain(delay);
    for (const payment of ["CIB", "EDAHABIA", "Chargily", "18-05"]) expect(terms).toContain(payment);
  });

  it.each(LANGUAGES)("in %s the legal notice names the seller set for invoices", (language) => {
    const notice = text(legalDocument("legal-notice", language, SELLER));
    for (const value of Object.values(SELLER)) expect(notice).toContain(value);
  });

  it.each([
    ["fr", /n'est pas encore renseignée/],
    ["en", /has not been set yet/],
    ["ar", /لم تُدرج بعدُ/],
  ] as const)("in %s says plainly that the seller is not set, rather than invent one", (language, notSet) => {
    for (const page of LEGAL_PAGES) {
      const document = legalDocument(page, language, null);
      expect(section(document, 0)).toMatch(notSet);
      expect(text(document)).not.toContain(SELLER.legalName);
    }
  });

  it.each(LANGUAGES)("in %s the privacy policy cites law 18-07 and how long invoices are kept", (language) => {
    const privacy = text(legalDocument("privacy", language, SELLER));
    expect(privacy).toContain("18-07");
    expect(privacy).toMatch(/\b10\b/);
  });
});
