import { describe, expect, it } from "vitest";
import { hasValidityStarted, validityAdvice, validityStartOfActiveType } from "./validity-start.ts";

const AT_INSTALL = { validityStart: "installation", validityDays: 7 } as const;
const AT_FIRST_CONNECTION = { validityStart: "first_connection", validityDays: 7 } as const;

describe("when validity starts", () => {
  it("reads eSIM Access activeType 2 as the first connection, and 1 or anything unknown as the installation", () => {
    expect(validityStartOfActiveType(2)).toBe("first_connection");
    expect(validityStartOfActiveType(1)).toBe("installation");
    expect(validityStartOfActiveType(undefined)).toBe("installation");
    expect(validityStartOfActiveType(7)).toBe("installation");
  });

  it("tells a traveller to install a plan that starts at installation on the day they leave", () => {
    expect(validityAdvice(AT_INSTALL, "fr").sentence).toBe(
      "La validité démarre à l’installation de l’eSIM : installez-la le jour du départ.",
    );
    expect(validityAdvice(AT_INSTALL, "en").install).toBe("Install it on the day you leave.");
    expect(validityAdvice(AT_INSTALL, "ar").sentence).toBe("تبدأ الصلاحية عند تثبيت الشريحة: ثبّتها يوم سفرك.");
  });

  it("tells a traveller to install a plan that starts at the first connection before leaving, before the deadline", () => {
    const esim = { ...AT_FIRST_CONNECTION, activateBefore: "2027-05-20T10:00:00.000Z" };
    expect(validityAdvice(esim, "fr").sentence).toBe(
      "La validité démarre à la première connexion de l’eSIM à un réseau de votre destination : installez-la avant de partir, avant le 20/05/2027.",
    );
    expect(validityAdvice(esim, "en").install).toBe("Install it before you leave, before 20/05/2027.");
    expect(validityAdvice(esim, "ar").install).toBe("ثبّتها قبل سفرك، قبل 20/05/2027.");
    expect(validityAdvice(AT_FIRST_CONNECTION, "en").install).toBe("Install it before you leave.");
  });

  it("gives the install deadline of a plan that starts at installation as the latest day", () => {
    const esim = { ...AT_INSTALL, activateBefore: "2027-05-20T10:00:00.000Z" };
    expect(validityAdvice(esim, "fr").install).toBe("Installez-la le jour du départ, au plus tard le 20/05/2027.");
    expect(validityAdvice(esim, "ar").install).toBe("ثبّتها يوم سفرك، في موعد أقصاه 20/05/2027.");
  });

  it("says how long a plan lasts once started, with each language's plural forms", () => {
    expect(validityAdvice({ ...AT_INSTALL, validityDays: 1 }, "fr").lasts).toBe("Dure 1 jour une fois démarrée.");
    expect(validityAdvice(AT_INSTALL, "en").lasts).toBe("Lasts 7 days once started.");
    expect(validityAdvice({ ...AT_INSTALL, validityDays: 1 }, "ar").lasts).toBe("تدوم يومًا واحدًا بعد بدئها.");
    expect(validityAdvice({ ...AT_INSTALL, validityDays: 2 }, "ar").lasts).toBe("تدوم يومين بعد بدئها.");
    expect(validityAdvice(AT_INSTALL, "ar").lasts).toBe("تدوم 7 أيام بعد بدئها.");
    expect(validityAdvice({ ...AT_INSTALL, validityDays: 30 }, "ar").lasts).toBe("تدوم 30 يومًا بعد بدئها.");
  });

  it("names each kind in a short label", () => {
    expect(validityAdvice(AT_INSTALL, "fr").starts).toBe("Démarre à l’installation");
    expect(validityAdvice(AT_FIRST_CONNECTION, "ar").starts).toBe("تبدأ عند أول اتصال في وجهتك");
  });

  it("counts an eSIM as started once its days run: installed for one kind, connected for the other", () => {
    const expiresAt = "2027-05-20T10:00:00.000Z";
    expect(hasValidityStarted({ status: "New", validityStart: "installation", expiresAt })).toBe(false);
    expect(hasValidityStarted({ status: "Onboard", validityStart: "installation", expiresAt })).toBe(true);
    expect(hasValidityStarted({ status: "Onboard", validityStart: "first_connection", expiresAt })).toBe(false);
    expect(hasValidityStarted({ status: "In Use", validityStart: "first_connection", expiresAt })).toBe(true);
    expect(hasValidityStarted({ status: "In Use", validityStart: "first_connection", expiresAt: null })).toBe(false);
  });
});
