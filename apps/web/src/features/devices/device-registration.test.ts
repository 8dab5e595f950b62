import type { DeviceRecord } from "@esim/shared/devices/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSession } from "../../test/fake-session.ts";
import { readUserAgent } from "./device-record.ts";
import {
  DEVICE_PENDING_RECHECK_MS,
  DEVICE_STARTUP_DELAY_MS,
  type DeviceRegistrationDeps,
  startDeviceRegistration,
} from "./device-registration.ts";

const RECORD: DeviceRecord = {
  device_id: "device-1",
  platform: "Android",
  model: "Pixel 8 (Chrome 131)",
  os_version: "15",
  device_type: "web",
  device_locale: "fr-DZ",
  timezone: "Africa/Algiers",
  push_token: null,
  app_version: "1.0.0",
};

describe("device registration", () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function start(session: ReturnType<typeof fakeSession>, save: DeviceRegistrationDeps["save"]) {
    stop = startDeviceRegistration({
      buildRecord: async () => RECORD,
      save,
      currentToken: session.currentToken,
      onSessionChange: session.onSessionChange,
    });
  }

  it("waits 100 ms after start-up, then sends when signed in", async () => {
    const save = vi.fn().mockResolvedValue({});
    start(fakeSession("token-1"), save);
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith(RECORD);
  });

  it("holds the record while signed out and sends it once after sign-in", async () => {
    const save = vi.fn().mockResolvedValue({});
    const session = fakeSession(null);
    start(session, save);
    await vi.advanceTimersByTimeAsync(DEVICE_PENDING_RECHECK_MS * 2);
    expect(save).not.toHaveBeenCalled();

    session.setToken("token-1");
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    session.setToken("token-1");
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("re-checks the held record 500 ms after start-up", async () => {
    const save = vi.fn().mockResolvedValue({});
    const session = fakeSession(null);
    start(session, save);
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    // Signed in without a session event reaching the registration (restored before it subscribed, say).
    session.setTokenSilently("token-1");
    await vi.advanceTimersByTimeAsync(DEVICE_PENDING_RECHECK_MS - DEVICE_STARTUP_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith(RECORD);
  });

  it("logs a failed save and keeps the record pending for the next sign-in", async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({});
    const session = fakeSession("token-1");
    start(session, save);
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith("Saving the device failed", expect.any(Error));

    await vi.advanceTimersByTimeAsync(DEVICE_PENDING_RECHECK_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(RECORD);
  });

  it("sends again for a new sign-in after a sign-out", async () => {
    const save = vi.fn().mockResolvedValue({});
    const session = fakeSession("token-1");
    start(session, save);
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    session.setToken(null);
    session.setToken("token-2");
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
  });
});

describe("readUserAgent", () => {
  it("reads system, version and browser from common user agents", () => {
    expect(
      readUserAgent(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toEqual({ os: "Android", osVersion: "14", model: "Pixel 8 (Chrome 131)" });
    expect(
      readUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ os: "iOS", osVersion: "17.4", model: "iPhone (Safari 17)" });
    expect(
      readUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toEqual({ os: "Windows", osVersion: "10.0", model: "Edge 131" });
  });
});
