import { eidCheckDigits } from "@esim/shared/eid";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi, SIGNED_IN_HANDLERS } from "../test/fake-api.ts";
import { disposeApp, renderApp, setUpAppTests } from "../test/render-app.tsx";

const FIRST_30 = "890490320000010000000000001234";
const VALID_EID = FIRST_30 + eidCheckDigits(FIRST_30);
/** The same EID with its last digit changed: the right length, the wrong check digits. */
const MISTYPED_EID = VALID_EID.slice(0, 31) + String((Number(VALID_EID[31]) + 1) % 10);

function signedInApi() {
  return fakeApi({
    ...SIGNED_IN_HANDLERS,
  });
}

describe("device compatibility", () => {
  setUpAppTests();

  it("states the device rules and finds a phone by model, grouped by brand with a count", async () => {
    signedInApi();
    const { user } = await renderApp("/compatibility", { token: "t", language: "fr" });
    expect(await screen.findByRole("heading", { level: 1, name: "Compatibilité de l’appareil" })).toBeInTheDocument();
    expect(screen.getByText("iPhone : iOS 12.1 ou plus récent")).toBeInTheDocument();
    expect(screen.getByText("Android : version 9.0 ou plus récente")).toBeInTheDocument();
    expect(screen.getByText(/débloqué/)).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Marque ou modèle" }), "pixel 7");
    expect(screen.getByText("3 téléphones trouvés")).toHaveRole("status");
    const group = screen.getByText("Google").closest("details")!;
    expect(group).toHaveAttribute("open");
    expect(within(group).getByText("3 modèles")).toBeInTheDocument();
    expect(within(group).getByText("Pixel 7")).toBeInTheDocument();
    expect(within(group).getByText("Pixel 7 Pro")).toBeInTheDocument();
    expect(within(group).getByText("Pixel 7a")).toBeInTheDocument();
    expect(within(group).getByRole("link", { name: "support.google.com" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/support\.google\.com\//),
    );
    expect(screen.queryByText("Apple")).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe("?q=pixel+7"));

    await user.clear(screen.getByRole("searchbox", { name: "Marque ou modèle" }));
    await user.type(screen.getByRole("searchbox", { name: "Marque ou modèle" }), "s23");
    expect(screen.getByText("4 téléphones trouvés")).toBeInTheDocument();
    expect(screen.getByText("Galaxy S23 Ultra")).toBeInTheDocument();
  });

  it("has an empty state that leads to the EID check", async () => {
    signedInApi();
    const { user } = await renderApp("/compatibility?q=zzz", { token: "t", language: "fr" });
    expect(await screen.findByText(/Aucun téléphone ne correspond à/)).toHaveTextContent("zzz");
    expect(screen.getByText(/Votre téléphone n’est pas dans notre liste/)).toHaveTextContent("Ajouter une eSIM");
    await user.click(screen.getByRole("button", { name: "Vérifier mon EID" }));
    expect(screen.getByRole("textbox", { name: "EID (32 chiffres)" })).toHaveFocus();
  });

  it("explains where to find the EID and names each fault of a wrong one, then accepts a right one", async () => {
    signedInApi();
    const { user } = await renderApp("/compatibility", { token: "t", language: "fr" });
    const dialCode = await screen.findByText("*#06#");
    expect(dialCode.closest("p")).toHaveTextContent("Le plus rapide : composez *#06# dans l’application Téléphone.");
    expect(screen.getByText("Réglages › Général › Informations › EID")).toBeInTheDocument();
    expect(screen.getByText("Paramètres › À propos du téléphone › EID")).toBeInTheDocument();

    const field = screen.getByRole("textbox", { name: "EID (32 chiffres)" });
    expect(field).toHaveAttribute("inputmode", "numeric");
    const check = screen.getByRole("button", { name: "Vérifier l’EID" });

    const attempts: [string, string][] = [
      ["", "Saisissez l’EID de votre téléphone."],
      ["8904 9032 ABCD", "L’EID ne contient que des chiffres."],
      [VALID_EID.slice(0, 31), "L’EID compte exactement 32 chiffres."],
      [MISTYPED_EID, "Ce n’est pas un EID valide\u00a0: un chiffre a sans doute été mal recopié. Vérifiez-le."],
    ];
    for (const [typed, message] of attempts) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(check);
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveFocus();
    }

    await user.clear(field);
    await user.type(field, VALID_EID.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect(screen.getByText("Chiffres saisis : 32/32 · les espaces sont ignorés")).toBeInTheDocument();
    await user.click(check);
    expect(field).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("EID valide : ce téléphone prend en charge l’eSIM.")).toBeInTheDocument();

    // Changing the EID takes the answer back.
    await user.type(field, "1");
    expect(screen.queryByText("EID valide : ce téléphone prend en charge l’eSIM.")).not.toBeInTheDocument();
  });

  it("says a model's generation and year in the reader's language, and finds it by its year", async () => {
    signedInApi();
    const { user } = await renderApp("/compatibility", { token: "t", language: "fr" });
    const search = await screen.findByRole("searchbox", { name: "Marque ou modèle" });
    await user.type(search, "iphone se");
    const apple = screen.getByText("Apple").closest("details")!;
    expect(apple).toHaveTextContent("iPhone SE (3e génération, 2022)");
    expect(apple).toHaveTextContent("iPhone SE (2e génération, 2020)");
    expect(apple).not.toHaveTextContent(/generation/);
    await user.clear(search);
    await user.type(search, "se 2020");
    expect(screen.getByText("1 téléphone trouvé")).toBeInTheDocument();
    disposeApp();

    signedInApi();
    const arabic = await renderApp("/compatibility", { token: "t", language: "ar" });
    await arabic.user.type(await screen.findByRole("searchbox", { name: "العلامة التجارية أو الطراز" }), "iphone se");
    expect(screen.getByText("(الجيل الثاني، 2020)")).toBeInTheDocument();
    expect(screen.getByText("(الجيل الثالث، 2022)")).toBeInTheDocument();
  });

  it("reads right to left in Arabic, with the EID typed left to right and Arabic names of brands found", async () => {
    signedInApi();
    const { user } = await renderApp("/compatibility", { token: "t", language: "ar" });
    expect(await screen.findByRole("heading", { level: 1, name: "توافق الجهاز" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    // Each Latin model name is isolated (LRI … PDI), so right to left it still reads "iPhone 13", never "Phone 13i".
    const search = screen.getByRole("searchbox", { name: "العلامة التجارية أو الطراز" });
    expect(search).toHaveAttribute("placeholder", expect.stringContaining("\u2066iPhone 13\u2069"));

    await user.type(search, "ايفون ١٣");
    expect(screen.getByText("iPhone 13 mini")).toBeInTheDocument();
    expect(screen.queryByText("iPhone 17")).not.toBeInTheDocument();

    const field = screen.getByRole("textbox", { name: "رقم EID (32 رقمًا)" });
    expect(field).toHaveAttribute("dir", "ltr");
    await user.type(field, MISTYPED_EID);
    await user.click(screen.getByRole("button", { name: "تحقّق من EID" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("هذا ليس رقم EID صالحًا"));

    await user.clear(field);
    await user.type(field, VALID_EID);
    await user.click(screen.getByRole("button", { name: "تحقّق من EID" }));
    expect(screen.getByText("رقم EID صالح: هذا الهاتف يدعم eSIM.")).toBeInTheDocument();
  });
});
