import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CATALOG_API_CACHE_NAME, USER_API_CACHE_NAME } from "../lib/offline-cache.ts";
import { apiError, signedInApi } from "../test/fake-api.ts";
import { disposeApp, renderApp } from "../test/render-app.tsx";

/** Cache Storage as the service worker left it: the user's API answers and the public catalogue. */
function fakeCacheStorage() {
  const names = new Set([USER_API_CACHE_NAME, CATALOG_API_CACHE_NAME]);
  const storage = {
    has: vi.fn(async (name: string) => names.has(name)),
    delete: vi.fn(async (name: string) => names.delete(name)),
    keys: vi.fn(async () => [...names]),
  };
  vi.stubGlobal("caches", storage);
  return storage;
}

describe("ending a session on a shared phone", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    disposeApp();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("deletes the cached API answers on sign-out and keeps the public catalogue", async () => {
    const storage = fakeCacheStorage();
    signedInApi({ "POST /auth/logout": () => ({ status: 204 }) });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Se déconnecter" }));

    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(await storage.keys()).toEqual([CATALOG_API_CACHE_NAME]);
  });

  it("drops the user's answers held in memory too, so the next person never sees them", async () => {
    fakeCacheStorage();
    signedInApi({
      "POST /auth/logout": () => ({ status: 204 }),
      "GET /esims": () => ({ body: { data: { available: [], expired: [] } } }),
    });
    const { user, queryClient, router } = await renderApp("/esims", { token: "token-1" });
    await screen.findByRole("heading", { name: "Aucune eSIM pour l’instant" });
    expect(queryClient.getQueryData(["esims"])).toBeDefined();
    await router.navigate("/profile");
    await user.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Se déconnecter" }));

    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(queryClient.getQueryData(["esims"])).toBeUndefined();
  });

  it("deletes them when the sign-out call fails too (offline)", async () => {
    const storage = fakeCacheStorage();
    signedInApi({ "POST /auth/logout": () => apiError(503, "SERVICE_UNAVAILABLE") });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Se déconnecter" }));

    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(await storage.has(USER_API_CACHE_NAME)).toBe(false);
  });

  it("deletes them with the account", async () => {
    const storage = fakeCacheStorage();
    signedInApi({ "DELETE /profile": () => ({ status: 204 }) });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Supprimer le compte" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer votre compte" });
    await user.type(within(dialog).getByLabelText("Tapez SUPPRIMER pour confirmer"), "SUPPRIMER");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }));

    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(storage.delete).toHaveBeenCalledWith(USER_API_CACHE_NAME);
    expect(await storage.has(USER_API_CACHE_NAME)).toBe(false);
  });

  it("keeps them while the user stays signed in", async () => {
    const storage = fakeCacheStorage();
    signedInApi();
    await renderApp("/profile", { token: "token-1" });
    expect(await screen.findByText("Amina Benali")).toBeInTheDocument();
    expect(storage.delete).not.toHaveBeenCalled();
  });

  it("still signs out where Cache Storage is missing", async () => {
    signedInApi({ "POST /auth/logout": () => ({ status: 204 }) });
    const { user } = await renderApp("/profile", { token: "token-1" });
    await user.click(await screen.findByRole("button", { name: "Se déconnecter" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Se déconnecter" }));
    expect(await screen.findByRole("heading", { name: "Connexion", level: 2 })).toBeInTheDocument();
    expect(window.localStorage.getItem("Token")).toBeNull();
  });
});
