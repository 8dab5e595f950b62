import { afterEach, describe, expect, it } from "vitest";
import { clearSession, getSession, signIn, startSession, stopSession, subscribeToSession } from "./session.ts";

function tokenChangedInAnotherTab(newValue: string | null) {
  window.dispatchEvent(new StorageEvent("storage", { key: "Token", newValue, storageArea: window.localStorage }));
}

describe("session", () => {
  afterEach(() => stopSession());

  it("starts authenticated when a token is stored", async () => {
    window.localStorage.setItem("Token", "stored");
    expect((await startSession()).token).toBe("stored");
  });

  it("stores the token on sign-in and removes it on clear", async () => {
    await startSession();
    await signIn("fresh");
    expect(window.localStorage.getItem("Token")).toBe("fresh");
    await clearSession("signed-out");
    expect(window.localStorage.getItem("Token")).toBeNull();
    expect(getSession()).toEqual({ token: null, endReason: "signed-out" });
  });

  it("follows a token set in another tab", async () => {
    await startSession();
    const seen: Array<string | null> = [];
    subscribeToSession(({ token }) => seen.push(token));
    tokenChangedInAnotherTab("from-other-tab");
    expect(getSession().token).toBe("from-other-tab");
    expect(seen).toEqual(["from-other-tab"]);
  });

  it("is cleared when another tab clears the token", async () => {
    window.localStorage.setItem("Token", "stored");
    await startSession();
    tokenChangedInAnotherTab(null);
    expect(getSession()).toEqual({ token: null, endReason: "other-tab" });
  });

  it("ignores other keys", async () => {
    window.localStorage.setItem("Token", "stored");
    await startSession();
    window.dispatchEvent(new StorageEvent("storage", { key: "LANG", newValue: "ar" }));
    expect(getSession().token).toBe("stored");
  });
});
