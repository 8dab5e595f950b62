import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPreferencesBackend,
  localStorageBackend,
  onTokenChangedElsewhere,
  readChosenLanguage,
  readOrCreateDeviceId,
  readPreferences,
  readPromoCode,
  readToken,
  removeToken,
  setStorageBackend,
  writePreferences,
  writePromoCode,
  writeToken,
} from "./storage.ts";

describe("storage", () => {
  it("resets userPreferences that fail to parse to the defaults", async () => {
    window.localStorage.setItem("userPreferences", "{not json");
    expect(await readPreferences()).toEqual({ language: "fr", currency: "DZD" });
    expect(JSON.parse(window.localStorage.getItem("userPreferences") ?? "")).toEqual({
      language: "french",
      currency: "dzd",
    });
  });

  it("resets userPreferences holding values outside the vocabulary", async () => {
    window.localStorage.setItem("userPreferences", JSON.stringify({ language: "klingon", currency: "dzd" }));
    expect(await readPreferences()).toEqual({ language: "fr", currency: "DZD" });
  });

  it("stores preferences in the product's words and reads them back", async () => {
    await writePreferences({ language: "ar", currency: "USD" });
    expect(JSON.parse(window.localStorage.getItem("userPreferences") ?? "")).toEqual({
      language: "arabic",
      currency: "usd",
    });
    expect(await readPreferences()).toEqual({ language: "ar", currency: "USD" });
  });

  it("stores the promo code upper-cased", async () => {
    await writePromoCode("summer26");
    expect(window.localStorage.getItem("PROMO_CODE")).toBe("SUMMER26");
    expect(await readPromoCode()).toBe("SUMMER26");
  });

  it("reads no chosen language when LANG is missing or unknown", async () => {
    expect(await readChosenLanguage()).toBeNull();
    window.localStorage.setItem("LANG", "de");
    expect(await readChosenLanguage()).toBeNull();
    window.localStorage.setItem("LANG", "ar");
    expect(await readChosenLanguage()).toBe("ar");
  });

  it("generates DEVICE_ID once and keeps it", async () => {
    const first = await readOrCreateDeviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.localStorage.getItem("DEVICE_ID")).toBe(first);
    expect(await readOrCreateDeviceId()).toBe(first);
  });
});

describe("storage in the native apps (Capacitor Preferences)", () => {
  /** A Preferences plugin keeping its values in a Map, as the phone keeps them across restarts. */
  function fakePreferences() {
    const values = new Map<string, string>();
    return {
      values,
      get: vi.fn(async ({ key }: { key: string }) => ({ value: values.get(key) ?? null })),
      set: vi.fn(async ({ key, value }: { key: string; value: string }) => void values.set(key, value)),
      remove: vi.fn(async ({ key }: { key: string }) => void values.delete(key)),
    };
  }

  afterEach(() => {
    setStorageBackend(localStorageBackend);
    vi.restoreAllMocks();
  });

  it("reads and writes every key through Preferences, never localStorage", async () => {
    const preferences = fakePreferences();
    setStorageBackend(createPreferencesBackend(preferences));
    await writeToken("token-1");
    await writePromoCode("summer26");
    expect(await readToken()).toBe("token-1");
    expect(await readPromoCode()).toBe("SUMMER26");
    await removeToken();
    expect(await readToken()).toBeNull();
    expect([...preferences.values]).toEqual([["PROMO_CODE", "SUMMER26"]]);
    expect(window.localStorage.length).toBe(0);
  });

  it("behaves as an empty store when the plugin fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const preferences = fakePreferences();
    preferences.get.mockRejectedValue(new Error("bridge gone"));
    preferences.set.mockRejectedValue(new Error("bridge gone"));
    setStorageBackend(createPreferencesBackend(preferences));
    await expect(writeToken("token-1")).resolves.toBeUndefined();
    expect(await readToken()).toBeNull();
    expect(await readChosenLanguage()).toBeNull();
  });

  it("follows no other tab: the web view is the only one and localStorage is not its store", () => {
    setStorageBackend(createPreferencesBackend(fakePreferences()));
    const listener = vi.fn();
    const stop = onTokenChangedElsewhere(listener);
    window.dispatchEvent(new StorageEvent("storage", { key: "Token", newValue: "from-elsewhere" }));
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});
