import { describe, expect, it } from "vitest";
import {
  readLanguage,
  readOrCreateDeviceId,
  readPreferences,
  readPromoCode,
  writePreferences,
  writePromoCode,
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

  it("stores preferences in the product description's words and reads them back", async () => {
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

  it("falls back to French when LANG is missing or unknown", async () => {
    expect(await readLanguage()).toBe("fr");
    window.localStorage.setItem("LANG", "de");
    expect(await readLanguage()).toBe("fr");
    window.localStorage.setItem("LANG", "ar");
    expect(await readLanguage()).toBe("ar");
  });

  it("generates DEVICE_ID once and keeps it", async () => {
    const first = await readOrCreateDeviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.localStorage.getItem("DEVICE_ID")).toBe(first);
    expect(await readOrCreateDeviceId()).toBe(first);
  });
});
