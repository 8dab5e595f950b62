import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, ME, signedInApi } from "../test/fake-api.ts";
import { disposeApp, reloadApp, renderApp } from "../test/render-app.tsx";

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/** The API of a signed-in user, with overrides for the case at hand. */
describe("the web app", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends a visitor from /profile to AuthPage with the way back", async () => {
    signedInApi();
    await renderApp("/profile");
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(currentAddress()).toBe("/login?redirect=%2Fprofile");
  });

  it("shows the marketing claims with the catalog's numbers", async () => {
    signedInApi();
    await renderApp("/login");
    expect(await screen.findByText("\u2066170+\u2069 destinations")).toBeInTheDocument();
    // The amount is isolated (U+2068…U+2069) so Arabic sentences keep "64 DA" in order.
    expect(screen.getByText("Forfaits de données dès \u206864 DA\u2069")).toBeInTheDocument();
    expect(screen.getByText("Activation instantanée")).toBeInTheDocument();
  });

  it("promises help online at any hour and a person in support's configured hours, never round the clock", async () => {
    const hours = (opens: string, closes: string) => ({
      body: {
        data: { email: "s@e.dz", chat: null, whatsapp: null, hours: { timeZone: "Africa/Algiers", opens, closes } },
      },
    });
    signedInApi({ "GET /support/config": () => hours("10:00", "18:00") });
    await renderApp("/login");
    expect(
      await screen.findByText("Aide en ligne à toute heure ; un conseiller de 10:00 à 18:00, heure algérienne"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/24 h\/24|7 j\/7/)).not.toBeInTheDocument();
    disposeApp();

    signedInApi({ "GET /support/config": () => hours("22:00", "02:00") });
    await renderApp("/ar");
    expect(
      await screen.findByText(
        "مساعدة عبر الإنترنت في أي وقت؛ ومستشار من 22:00 إلى 02:00 من اليوم التالي بتوقيت الجزائر",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/على مدار الساعة/)).not.toBeInTheDocument();
  });

  it("offers a visitor on AuthPage the public shop window in their language", async () => {
    signedInApi();
    await renderApp("/ar");
    expect(await screen.findByRole("link", { name: "تصفّح الباقات والأسعار دون حساب" })).toHaveAttribute(
      "href",
      "/ar/esim",
    );
  });

  it("signs in with email then code and lands on home", async () => {
    const { calls } = signedInApi({
      "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /auth/verify": ({ body }) =>
        (body as { code: string }).code === "123456"
          ? { body: { data: { token: "new-token", isProfileComplete: true } } }
          : apiError(400, "CODE_INVALID"),
    });
    const { user } = await renderApp("/login");

    await user.type(await screen.findByLabelText("Adresse e-mail"), "Amina@Example.com");
    await user.click(screen.getByRole("button", { name: "Recevoir un code" }));

    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();
    expect(screen.getByText("amina@example.com")).toContainHTML("amina@example.com");
    expect(screen.getByText(/Renvoyer le code dans 60 secondes/)).toBeInTheDocument();

    await user.click(screen.getByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await user.keyboard("999999");
    expect(await screen.findByText("Code incorrect. Vérifiez-le et réessayez.")).toBeInTheDocument();

    await user.click(screen.getByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await user.keyboard("123456");

    expect(await screen.findByText("Bonjour Amina !")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/home");
    expect(window.localStorage.getItem("Token")).toBe("new-token");
    // No language chosen on this device: the server writes in the account's, else the browser's (decision 073).
    expect(calls.find((call) => call.path === "/auth/code")?.body).toEqual({ email: "amina@example.com" });
  });

  it("keeps the code step for that email through a reload while the code lives, the resend countdown running on", async () => {
    const { calls } = signedInApi({
      "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /auth/verify": () => ({ body: { data: { token: "new-token", isProfileComplete: true } } }),
    });
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    const first = await renderApp("/login");
    await first.user.type(await screen.findByLabelText("Adresse e-mail"), "amina@example.com");
    await first.user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();

    // 25 s later the traveller reloads: same email, same code, 35 s left before another may be asked.
    clock.mockReturnValue(start + 25_000);
    const { user } = await reloadApp();
    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();
    expect(screen.getByText("amina@example.com")).toBeInTheDocument();
    expect(screen.getByText(/Renvoyer le code dans 35 secondes/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/auth/code")).toHaveLength(1);

    await user.click(screen.getByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await user.paste("123456");
    expect(await screen.findByText("Bonjour Amina !")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/auth/verify")?.body).toEqual({
      email: "amina@example.com",
      code: "123456",
    });
    // Signed in: the pending sign-in is forgotten.
    expect(window.sessionStorage.length).toBe(0);
  }, 15_000);

  it("goes back to the email step on a reload once the code has expired, or after asking to change the email", async () => {
    signedInApi({ "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }) });
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    const first = await renderApp("/login");
    await first.user.type(await screen.findByLabelText("Adresse e-mail"), "amina@example.com");
    await first.user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();

    // The code lived 10 minutes.
    clock.mockReturnValue(start + 10 * 60_000 + 1_000);
    const second = await reloadApp();
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse e-mail")).toHaveValue("amina@example.com");

    await second.user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();
    await second.user.click(screen.getByRole("button", { name: "Changer d’adresse e-mail" }));
    await reloadApp();
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
  }, 15_000);

  it("returns to the page that asked for sign-in", async () => {
    signedInApi({
      "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /auth/verify": () => ({ body: { data: { token: "new-token", isProfileComplete: true } } }),
    });
    const { user } = await renderApp("/login?redirect=%2Fprofile");
    await user.type(await screen.findByLabelText("Adresse e-mail"), "amina@example.com");
    await user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    await user.click(await screen.findByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await user.paste("123456");
    expect(await screen.findByRole("heading", { name: "Profil", level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/profile");
  });

  it("asks a new account for its name and country before entering", async () => {
    const { calls } = signedInApi({
      "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /auth/verify": () => ({ body: { data: { token: "new-token", isProfileComplete: false } } }),
      "PATCH /profile": () => ({ body: { data: { ...ME, name: "Karim Haddad" } } }),
    });
    const { user } = await renderApp("/login");
    await user.type(await screen.findByLabelText("Adresse e-mail"), "karim@example.com");
    await user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    await user.click(await screen.findByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await user.paste("123456");
    await user.type(await screen.findByLabelText("Nom complet"), "Karim Haddad");
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Bonjour Karim !")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ name: "Karim Haddad", country: "DZ" });
  });

  it("keeps the name and country step through a reload after the code, as the server says the profile lacks them", async () => {
    // The server's account: no name nor country until the step sends them.
    let me: typeof ME = { ...ME, name: null as unknown as string, country: null as unknown as string };
    const { calls } = signedInApi({
      "GET /auth/me": () => ({ body: { data: me } }),
      "GET /orders": () => ({ body: { data: [] } }),
      "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
      "POST /auth/verify": () => ({ body: { data: { token: "new-token", isProfileComplete: false } } }),
      "PATCH /profile": ({ body }) => {
        me = { ...me, ...(body as { name: string; country: string }) };
        return { body: { data: me } };
      },
    });
    const first = await renderApp("/login?redirect=%2Forders");
    await first.user.type(await screen.findByLabelText("Adresse e-mail"), "karim@example.com");
    await first.user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    await first.user.click(await screen.findByRole("textbox", { name: "Chiffre 1 sur 6" }));
    await first.user.paste("123456");
    expect(await screen.findByLabelText("Nom complet")).toBeInTheDocument();

    const { user } = await reloadApp();
    expect(await screen.findByRole("heading", { name: /^Bienvenue/, level: 2 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/orders");
    expect(screen.queryByRole("heading", { name: "Mes commandes" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Nom complet"), "Karim Haddad");
    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ name: "Karim Haddad", country: "DZ" });
    // Then on to the page the sign-in was for.
    expect(await screen.findByRole("heading", { name: "Mes commandes", level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/orders");
  }, 15_000);

  it("asks an account without a name or country for them on any signed-in page", async () => {
    signedInApi({ "GET /auth/me": () => ({ body: { data: { ...ME, country: null } } }) });
    await renderApp("/home", { token: "token-1" });
    expect(await screen.findByLabelText("Nom complet")).toBeInTheDocument();
    expect(screen.queryByText("Bonjour Amina !")).not.toBeInTheDocument();
  });

  it("waits out Retry-After when a code is asked for too soon", async () => {
    signedInApi({
      "POST /auth/code": () => apiError(429, "CODE_RESEND_TOO_SOON", undefined, { "retry-after": "42" }),
    });
    const { user } = await renderApp("/login");
    await user.type(await screen.findByLabelText("Adresse e-mail"), "amina@example.com");
    await user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    expect(await screen.findByText(/Renvoyer le code dans 42 secondes/)).toBeInTheDocument();
  });

  it("says in French when the shop's budget of code emails is spent, and stays on the email step", async () => {
    signedInApi({
      "POST /auth/code": () => apiError(429, "CODE_MAIL_BUDGET_EXCEEDED", undefined, { "retry-after": "30" }),
    });
    const { user } = await renderApp("/login");
    await user.type(await screen.findByLabelText("Adresse e-mail"), "amina@example.com");
    await user.click(screen.getByRole("button", { name: "Recevoir un code" }));
    expect(
      await screen.findByText("Trop de codes sont envoyés en ce moment. Réessayez dans une minute."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Chiffre 1 sur 6" })).not.toBeInTheDocument();
  });

  it("shows every registration rule in French", async () => {
    signedInApi();
    const { user } = await renderApp("/register");
    await user.click(await screen.findByRole("button", { name: "Créer mon compte" }));
    expect(screen.getByText("Le nom est obligatoire")).toBeInTheDocument();
    expect(screen.getByText("L’adresse e-mail est obligatoire")).toBeInTheDocument();
    expect(screen.getByText("Le pays est obligatoire")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Nom complet"), "A");
    await user.type(screen.getByLabelText("Adresse e-mail"), "amina@");
    await user.type(screen.getByLabelText("Téléphone (facultatif)"), "0555123456");
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(screen.getByText("Le nom doit comporter au moins 2 caractères")).toBeInTheDocument();
    expect(screen.getByText("Saisissez une adresse e-mail valide")).toBeInTheDocument();
    expect(screen.getByText("Sélectionnez d’abord un indicatif pays")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Pays"), "DZ");
    await user.clear(screen.getByLabelText("Téléphone (facultatif)"));
    await user.type(screen.getByLabelText("Téléphone (facultatif)"), "+33612345678");
    await user.type(screen.getByLabelText("Nom complet"), "x".repeat(50));
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(screen.getByText("Le numéro doit être valide pour le pays sélectionné")).toBeInTheDocument();
    expect(screen.getByText("Le nom doit comporter moins de 50 caractères")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Téléphone (facultatif)"));
    await user.type(screen.getByLabelText("Téléphone (facultatif)"), "12");
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(screen.getByText("Saisissez un numéro de téléphone valide")).toBeInTheDocument();
  }, 15_000);

  it("shows the registration rules in Arabic, right to left", async () => {
    signedInApi();
    const { user } = await renderApp("/register", { language: "ar" });
    await user.click(await screen.findByRole("button", { name: "إنشاء حسابي" }));
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(document.documentElement).toHaveAttribute("lang", "ar-DZ");
    expect(screen.getByText("الاسم مطلوب")).toBeInTheDocument();
    expect(screen.getByText("البريد الإلكتروني مطلوب")).toBeInTheDocument();
    expect(screen.getByText("البلد مطلوب")).toBeInTheDocument();
    // Country names follow the interface language.
    expect(within(screen.getByLabelText("البلد")).getByRole("option", { name: "الجزائر" })).toBeInTheDocument();
  });

  it("registers, then takes the code like sign-in", async () => {
    const { calls } = signedInApi({
      "POST /auth/register": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
    });
    const { user } = await renderApp("/register");
    await user.type(await screen.findByLabelText("Nom complet"), "Amina Benali");
    await user.type(screen.getByLabelText("Adresse e-mail"), "amina@example.com");
    await user.selectOptions(screen.getByLabelText("Pays"), "DZ");
    await user.type(screen.getByLabelText("Téléphone (facultatif)"), "0555 12 34 56");
    await user.click(screen.getByRole("button", { name: "Créer mon compte" }));
    expect(await screen.findByRole("heading", { name: "Vérifiez vos e-mails" })).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/auth/register")?.body).toEqual({
      name: "Amina Benali",
      email: "amina@example.com",
      country: "DZ",
      phone: "0555 12 34 56",
      language: "fr",
    });
  });

  it("changes language and currency from the preferences screen", async () => {
    const { calls } = signedInApi({
      "PUT /profile/preferences": ({ body }) => ({ body: { data: { ...ME, ...(body as object) } } }),
    });
    const { user } = await renderApp("/preferences", { token: "token-1" });
    await user.click(await screen.findByRole("radio", { name: "English" }));
    await user.click(screen.getByRole("radio", { name: /Dollar américain/ }));
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));

    expect(await screen.findByRole("dialog", { name: "Preferences saved" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("lang", "en-US");
    expect(document.documentElement).toHaveAttribute("dir", "ltr");
    expect(document.title).toBe("eSIM Store – travel eSIM data plans");
    expect(window.localStorage.getItem("LANG")).toBe("en");
    expect(JSON.parse(window.localStorage.getItem("userPreferences") ?? "")).toEqual({
      language: "english",
      currency: "usd",
    });
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ language: "en", currency: "USD" });
  });

  it("switches to Arabic from the language menu, right to left, and saves it when signed in", async () => {
    const { calls } = signedInApi({
      "PUT /profile/preferences": ({ body }) => ({ body: { data: { ...ME, ...(body as object) } } }),
    });
    const { user } = await renderApp("/profile", { token: "token-1" });
    const picker = await screen.findByRole("navigation", { name: "Langue" });
    await user.click(within(picker).getByRole("link", { name: "العربية" }));
    expect(await screen.findByRole("heading", { name: "حسابي", level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(document.documentElement).toHaveAttribute("lang", "ar-DZ");
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
  });

  it("deletes the account only once the word is typed in the account's language (any case), then lands on AuthPage", async () => {
    const { calls } = signedInApi({ "DELETE /profile": () => ({ status: 204 }) });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Supprimer le compte" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer votre compte" });
    const confirm = within(dialog).getByRole("button", { name: "Supprimer définitivement" });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText("Tapez SUPPRIMER pour confirmer");
    await user.type(field, "SUPPRIME");
    expect(confirm).toBeDisabled();
    await user.clear(field);
    // A phone keyboard capitalises the first letter, or none: the word counts whatever its case.
    await user.type(field, "Supprimer ");
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    expect(window.localStorage.getItem("Token")).toBeNull();
    // The request carries the API's own word, whatever the reader typed.
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({ confirmation: "DELETE" });
  });

  it("takes the word in Arabic letters to delete an Arabic account, and DELETE still", async () => {
    signedInApi({ "DELETE /profile": () => ({ status: 204 }) });
    const { user } = await renderApp("/profile", { token: "token-1", language: "ar" });
    await user.click(await screen.findByRole("button", { name: "حذف الحساب" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText("اكتب «حذف» للتأكيد");
    const confirm = within(dialog).getByRole("button", { name: "حذف نهائي" });
    await user.type(field, "حذ");
    expect(confirm).toBeDisabled();
    await user.type(field, "ف");
    expect(confirm).toBeEnabled();
    await user.clear(field);
    await user.type(field, "delete");
    expect(confirm).toBeEnabled();
  });

  it("says so when account deletion fails", async () => {
    signedInApi({ "DELETE /profile": () => apiError(503, "SERVICE_UNAVAILABLE") });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Supprimer le compte" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Tapez SUPPRIMER pour confirmer"), "SUPPRIMER");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));
    expect(
      await within(dialog).findByText("La suppression du compte a échoué. Réessayez plus tard."),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem("Token")).toBe("token-1");
  });

  it("signs out after confirming, even when the server call fails", async () => {
    const { calls } = signedInApi({ "POST /auth/logout": () => apiError(503, "SERVICE_UNAVAILABLE") });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    const dialog = await screen.findByRole("dialog", { name: "Se déconnecter\u00a0?" });
    await user.click(within(dialog).getByRole("button", { name: "Se déconnecter" }));
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    expect(window.localStorage.getItem("Token")).toBeNull();
    // The server is told which device signed out, so this phone stops getting the account's pushes.
    expect(calls.find((call) => call.path === "/auth/logout")?.body).toEqual({
      deviceId: window.localStorage.getItem("DEVICE_ID"),
    });
    expect(window.localStorage.getItem("DEVICE_ID")).toBeTruthy();
  });

  it("follows a sign-out in another tab", async () => {
    signedInApi();
    await renderApp("/profile", { token: "token-1" });
    expect(await screen.findByText("Amina Benali")).toBeInTheDocument();
    window.localStorage.removeItem("Token");
    window.dispatchEvent(new StorageEvent("storage", { key: "Token", newValue: null }));
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(currentAddress()).toBe("/login?redirect=%2Fprofile");
  });

  it("sends the user to AuthPage when the stored token is refused", async () => {
    signedInApi({ "GET /auth/me": () => apiError(401, "UNAUTHENTICATED") });
    await renderApp("/profile", { token: "stale" });
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(currentAddress()).toBe("/login?redirect=%2Fprofile");
    expect(window.localStorage.getItem("Token")).toBeNull();
  });

  it("registers this browser once signed in", async () => {
    const { calls } = signedInApi();
    await renderApp("/home", { token: "token-1" });
    await waitFor(() => expect(calls.some((call) => call.path === "/devices")).toBe(true));
    const record = calls.find((call) => call.path === "/devices")?.body as Record<string, unknown>;
    expect(record).toMatchObject({ device_type: "web", app_version: "1.0.0", push_token: null });
    expect(record.device_id).toBe(window.localStorage.getItem("DEVICE_ID"));
  });

  it("stores ?promo= upper-cased and removes it from the address", async () => {
    signedInApi();
    await renderApp("/login?promo=summer26&utm=x");
    await screen.findByRole("heading", { name: "Connexion", level: 2 });
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("SUMMER26");
    expect(currentAddress()).toBe("/login?utm=x");
  });

  it("takes the language and promo code of a public page's cart link, then asks a visitor to sign in", async () => {
    signedInApi();
    await renderApp("/cart?plan=plan-1&destination=TR&promo=summer26&lang=ar");
    expect(await screen.findByRole("heading", { name: "تسجيل الدخول", level: 2 })).toBeInTheDocument();
    expect(window.localStorage.getItem("LANG")).toBe("ar");
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("SUMMER26");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(currentAddress()).toBe(`/login?redirect=${encodeURIComponent("/cart?plan=plan-1&destination=TR")}`);
  });

  it("sets the language from /ar and goes home", async () => {
    signedInApi();
    await renderApp("/ar", { token: "token-1" });
    expect(await screen.findByText("مرحبًا Amina!")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/home");
    expect(window.localStorage.getItem("LANG")).toBe("ar");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });

  it("sends a visitor from /en straight to sign-in in English, with home as the way back", async () => {
    const { calls } = signedInApi();
    await renderApp("/en");
    expect(await screen.findByRole("heading", { name: "Sign in", level: 2 })).toBeInTheDocument();
    expect(currentAddress()).toBe("/login?redirect=%2Fhome");
    expect(window.localStorage.getItem("LANG")).toBe("en");
    expect(calls.some((call) => call.path === "/auth/me")).toBe(false);
  });

  it("shows a translated page for unknown addresses", async () => {
    signedInApi();
    await renderApp("/nowhere", { language: "en" });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });
});
