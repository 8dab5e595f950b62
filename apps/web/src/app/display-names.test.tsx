import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, signedInApi } from "../test/fake-api.ts";
import { disposeApp, renderApp } from "../test/render-app.tsx";

// A name with a character that hides or reorders text is refused before it is sent, with the same code the API
// answers (decision 060), translated.

describe("names with invisible or control characters", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeApp();
    vi.restoreAllMocks();
  });

  it("refuses a right-to-left override in the registration's name, in French, and sends nothing", async () => {
    const { calls } = signedInApi();
    const { user } = await renderApp("/register");
    await user.type(await screen.findByLabelText("Nom complet"), "Bob\u202Egnp.exe");
    await user.type(screen.getByLabelText("Adresse e-mail"), "bob@example.com");
    await user.selectOptions(screen.getByLabelText("Pays"), "DZ");
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(await screen.findByText(/Ce champ contient des caractères invisibles ou de contrôle/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/auth/register")).toBeUndefined();
  });

  it("refuses a zero-width space in the profile's name, in Arabic", async () => {
    signedInApi();
    const { user } = await renderApp("/personal-information", { token: "token-1", language: "ar" });
    const name = await screen.findByLabelText("الاسم الكامل");
    await user.clear(name);
    await user.type(name, "أمينة\u200Bبن علي");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(await screen.findByText(/يحتوي هذا الحقل على أحرف غير مرئية/)).toBeInTheDocument();
  });

  it("shows the API refusal of a name with hidden characters, translated", async () => {
    signedInApi({
      "PATCH /profile": () => apiError(400, "VALIDATION_FAILED", { name: "TEXT_INVISIBLE_CHARACTERS" }),
    });
    const { user } = await renderApp("/personal-information", { token: "token-1", language: "en" });
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText(/This field contains invisible or control characters/)).toBeInTheDocument();
  });
});
