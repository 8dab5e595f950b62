import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ME, signedInApi } from "../test/fake-api.ts";
import { disposeApp, renderApp } from "../test/render-app.tsx";

// Decision 073: the language a visitor chose, else their account's once known, else their browser's, follows them
// through sign-in, the code email and the app.

const CODE_SENT = () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } });
const VERIFIED = () => ({ body: { data: { token: "new-token", isProfileComplete: true } } });

function browserSpeaks(...languages: string[]) {
  vi.spyOn(window.navigator, "languages", "get").mockReturnValue(languages);
}

async function signIn(user: Awaited<ReturnType<typeof renderApp>>["user"], emailLabel: string, submit: string) {
  await user.type(await screen.findByLabelText(emailLabel), "amina@example.com");
  await user.click(screen.getByRole("button", { name: submit }));
  await user.click(await screen.findByRole("textbox", { name: /1/ }));
  await user.paste("123456");
}

describe("the visitor's language", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeApp();
    vi.restoreAllMocks();
  });

  it("opens / in an Arabic browser on an Arabic sign-in, without storing it as a choice", async () => {
    browserSpeaks("ar-DZ", "ar", "fr");
    signedInApi();
    await renderApp("/");
    expect(await screen.findByRole("heading", { name: "تسجيل الدخول", level: 2 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(window.localStorage.getItem("LANG")).toBeNull();
  });

  it("falls back to French for a browser speaking none of fr, en and ar", async () => {
    browserSpeaks("de-DE", "it");
    signedInApi();
    await renderApp("/");
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
  });

  it("keeps the language of a public page's Sign in link (?lang=) on /login and asks the code email in it", async () => {
    const { calls } = signedInApi({ "POST /auth/code": CODE_SENT, "POST /auth/verify": VERIFIED });
    const { user } = await renderApp("/login?lang=en");
    expect(await screen.findByRole("heading", { name: "Sign in", level: 2 })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email address"), "amina@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/auth/code")).toBe(true));
    expect(calls.find((call) => call.path === "/auth/code")?.body).toEqual({
      email: "amina@example.com",
      language: "en",
    });
  });

  it("takes the account's saved language after signing in on a new device", async () => {
    const { calls } = signedInApi({
      "POST /auth/code": CODE_SENT,
      "POST /auth/verify": VERIFIED,
      "GET /auth/me": () => ({ body: { data: { ...ME, language: "ar" } } }),
    });
    const { user } = await renderApp("/login");
    await signIn(user, "Adresse e-mail", "Recevoir un code");

    expect(await screen.findByText("مرحبًا Amina!")).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("lang", "ar-DZ");
    expect(window.localStorage.getItem("LANG")).toBe("ar");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("saves the language chosen before signing in as the account's, so its emails follow", async () => {
    const { calls } = signedInApi({
      "POST /auth/code": CODE_SENT,
      "POST /auth/verify": VERIFIED,
      "PUT /profile/preferences": ({ body }) => ({ body: { data: { ...ME, ...(body as object) } } }),
    });
    const { user } = await renderApp("/login?lang=en");
    await signIn(user, "Email address", "Send me a code");

    expect(await screen.findByText("Hello Amina!")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ language: "en", currency: "DZD" }),
    );
  });
});
