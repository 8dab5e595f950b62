import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogPartOf } from "../../build-tools/lingui-catalogs.ts";
import { i18n } from "../lib/i18n.ts";
import { signedInApi } from "../test/fake-api.ts";
import { disposeApp, renderApp } from "../test/render-app.tsx";

// The rest of each catalog arrives late, as on a slow connection: a screen that rendered before its texts
// would show message ids and make Lingui report them missing.
vi.mock(import("@esim/ui/messages/fr.json?catalog=rest"), async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  return importOriginal();
});

/** Message ids a render asked for that the loaded catalog does not have. */
function recordMissingTexts() {
  const missing: string[] = [];
  const onMissing = ({ id }: { id: string }) => void missing.push(id);
  i18n.on("missing", onMissing);
  return { missing, stop: () => i18n.removeListener("missing", onMissing) };
}

/** The catalog parts the active language has loaded, read from its message ids. */
const loadedParts = () => new Set(Object.keys(i18n.messages).map(catalogPartOf));

// Decision 030: the first screen loads its language's sign-in texts only; the lazy layouts load the rest first.
describe("each screen's texts", () => {
  let recorder: ReturnType<typeof recordMissingTexts>;
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    recorder = recordMissingTexts();
  });
  afterEach(() => {
    recorder.stop();
    disposeApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // First in this file: once a signed-in screen has been shown, the rest of the catalog stays loaded.
  it.each(["fr", "ar"] as const)(
    "sign-in, its code and profile steps and /register need only the sign-in part (%s)",
    async (language) => {
      signedInApi({
        "POST /auth/code": () => ({ body: { data: { sent: true, resendAfterSeconds: 60 } } }),
        "POST /auth/verify": () => ({ body: { data: { token: "new-token", isProfileComplete: false } } }),
      });
      const { user } = await renderApp("/login", { language });
      await user.type(await screen.findByRole("textbox"), "karim@example.com");
      await user.click(screen.getByRole("button"));
      await screen.findByRole("heading", { name: language === "fr" ? "Vérifiez vos e-mails" : /./, level: 2 });
      await user.click((await screen.findAllByRole("textbox"))[0] as HTMLElement);
      await user.paste("123456");
      // The profile step: its country list (the language picker beside it is links).
      await waitFor(() => expect(screen.getAllByRole("combobox")).toHaveLength(1));
      disposeApp();
      window.localStorage.removeItem("Token");

      const register = await renderApp("/register", { language });
      await register.user.click(
        await screen.findByRole("button", { name: language === "fr" ? "Créer mon compte" : "إنشاء حسابي" }),
      );
      expect(recorder.missing).toEqual([]);
      expect(loadedParts()).toEqual(new Set(["sign-in"]));
    },
    15_000,
  );

  it("a signed-in screen waits for the rest of its texts", async () => {
    signedInApi({ "GET /esims": () => ({ body: { data: [] } }) });
    await renderApp("/profile", { token: "token", language: "fr" });
    expect(await screen.findByRole("heading", { name: "Profil", level: 1 })).toBeInTheDocument();
    expect(recorder.missing).toEqual([]);
    expect(loadedParts()).toEqual(new Set(["sign-in", "rest"]));
  });

  it("changing language on a signed-in screen brings both parts of the new language", async () => {
    signedInApi({ "PUT /profile/preferences": ({ body }) => ({ body: { data: body } }) });
    const { router } = await renderApp("/profile", { token: "token", language: "fr" });
    await screen.findByRole("heading", { name: "Profil", level: 1 });
    await router.navigate("/en");
    await router.navigate("/profile");
    expect(await screen.findByRole("heading", { name: "Profile", level: 1 })).toBeInTheDocument();
    expect(recorder.missing).toEqual([]);
    expect(loadedParts()).toEqual(new Set(["sign-in", "rest"]));
  });
});
