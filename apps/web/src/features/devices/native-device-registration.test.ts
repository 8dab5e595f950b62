import type { DeviceRecord } from "@esim/shared/devices/contracts";
import { deviceRecordSchema } from "@esim/shared/devices/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { readThisDeviceId } from "../../lib/device-id.ts";
import {
  emitNative,
  fakeNativePlugins as native,
  nativeListenerCount,
  resetFakeNative,
  runAsNative,
} from "../../test/fake-native-plugins.ts";
import { fakeSession } from "../../test/fake-session.ts";
import { buildNativeDeviceRecord, nativeModelName } from "./device-record.ts";
import { DEVICE_PENDING_RECHECK_MS, DEVICE_STARTUP_DELAY_MS, PUSH_OUTCOME_WAIT_MS } from "./device-registration.ts";
import { startThisDeviceRegistration } from "./register-this-device.ts";

vi.mock(
  "../../lib/native-plugins.ts",
  async () => (await import("../../test/fake-native-plugins.ts")).fakeNativePlugins,
);

describe("device registration in the apps and on the web", () => {
  let stop: () => void = () => {};
  let save: ReturnType<typeof vi.fn<(record: DeviceRecord) => Promise<unknown>>>;
  let openEsim: ReturnType<typeof vi.fn<(esimId: string) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    save = vi.fn<(record: DeviceRecord) => Promise<unknown>>().mockResolvedValue({});
    openEsim = vi.fn<(esimId: string) => void>();
  });
  afterEach(() => {
    stop();
    resetFakeNative();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function start(session = fakeSession("token-1")) {
    stop = startThisDeviceRegistration({
      save,
      currentToken: session.currentToken,
      onSessionChange: session.onSessionChange,
      openEsim,
    });
    return session;
  }

  const grantPush = () => native.PushNotifications.requestPermissions.mockResolvedValue({ receive: "granted" });
  const savedRecords = () => save.mock.calls.map(([record]) => record);

  it("never registers for push when the permission is denied, and sends the record without a token", async () => {
    runAsNative("android");
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(native.PushNotifications.requestPermissions).toHaveBeenCalledTimes(1);
    expect(native.PushNotifications.register).not.toHaveBeenCalled();
    expect(savedRecords()).toEqual([expect.objectContaining({ device_type: "android", push_token: null })]);
  });

  it("registers after a granted permission, listening first, and sends the record with the token", async () => {
    runAsNative("ios");
    grantPush();
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(native.PushNotifications.register).toHaveBeenCalledTimes(1);
    const registerOrder = native.PushNotifications.register.mock.invocationCallOrder[0] ?? 0;
    const listenOrders = native.PushNotifications.addListener.mock.invocationCallOrder;
    expect(Math.max(...listenOrders)).toBeLessThan(registerOrder);
    expect(native.PushNotifications.requestPermissions.mock.invocationCallOrder[0]).toBeLessThan(registerOrder);
    // Waiting for the token: nothing sent yet.
    await vi.advanceTimersByTimeAsync(DEVICE_PENDING_RECHECK_MS);
    expect(save).not.toHaveBeenCalled();

    emitNative("PushNotifications", "registration", { value: "apns-token-1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(savedRecords()).toEqual([expect.objectContaining({ device_type: "ios", push_token: "apns-token-1" })]);
  });

  it("holds a token that arrives before sign-in and sends it once signed in", async () => {
    runAsNative("android");
    grantPush();
    const session = start(fakeSession(null));
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    emitNative("PushNotifications", "registration", { value: "fcm-token-1" });
    await vi.advanceTimersByTimeAsync(PUSH_OUTCOME_WAIT_MS + DEVICE_PENDING_RECHECK_MS);
    expect(save).not.toHaveBeenCalled();

    session.setToken("token-1");
    await vi.advanceTimersByTimeAsync(0);
    expect(savedRecords()).toEqual([expect.objectContaining({ push_token: "fcm-token-1" })]);
  });

  it("sends the record without a token when none comes in time, then again as an update with the late token", async () => {
    runAsNative("android");
    grantPush();
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS + PUSH_OUTCOME_WAIT_MS);
    expect(savedRecords()).toEqual([expect.objectContaining({ push_token: null })]);

    emitNative("PushNotifications", "registration", { value: "fcm-token-late" });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toMatchObject({ device_id: "android-device-1", push_token: "fcm-token-late" });

    // A rotated token is sent again; the same one is not.
    emitNative("PushNotifications", "registration", { value: "fcm-token-late" });
    emitNative("PushNotifications", "registration", { value: "fcm-token-2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(savedRecords().map((record) => record.push_token)).toEqual([null, "fcm-token-late", "fcm-token-2"]);
  });

  it("logs a registration error without failing, and still sends the record without a token", async () => {
    runAsNative("android");
    grantPush();
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    emitNative("PushNotifications", "registrationError", { error: "FCM is not configured" });
    await vi.advanceTimersByTimeAsync(0);
    expect(console.error).toHaveBeenCalledWith("Push registration failed", { error: "FCM is not configured" });
    expect(savedRecords()).toEqual([expect.objectContaining({ push_token: null })]);
  });

  it("logs a register() that throws, and still sends the record", async () => {
    runAsNative("ios");
    grantPush();
    native.PushNotifications.register.mockRejectedValue(new Error("no entitlement"));
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(console.error).toHaveBeenCalledWith("Push registration failed", expect.any(Error));
    expect(savedRecords()).toEqual([expect.objectContaining({ push_token: null })]);
  });

  it("opens the eSIM a tapped notification names", async () => {
    runAsNative("android");
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    emitNative("PushNotifications", "pushNotificationActionPerformed", {
      actionId: "tap",
      notification: { id: "1", data: { esimId: "esim-42" } },
    });
    emitNative("PushNotifications", "pushNotificationActionPerformed", {
      actionId: "tap",
      notification: { id: "2", data: {} },
    });
    expect(openEsim.mock.calls).toEqual([["esim-42"]]);
  });

  it("removes its push listeners when stopped", async () => {
    runAsNative("android");
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(nativeListenerCount("PushNotifications", "registration")).toBe(1);
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(nativeListenerCount("PushNotifications", "registration")).toBe(0);
  });

  it("on the web asks no permission and sends the browser's record without a token, as before", async () => {
    start();
    await vi.advanceTimersByTimeAsync(DEVICE_STARTUP_DELAY_MS);
    expect(native.PushNotifications.requestPermissions).not.toHaveBeenCalled();
    expect(native.Device.getId).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledTimes(1);
    expect(savedRecords()[0]).toMatchObject({
      device_type: "web",
      push_token: null,
      app_version: "1.0.0",
      device_id: window.localStorage.getItem("DEVICE_ID"),
    });
  });
});

describe("the native device record", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    resetFakeNative();
    vi.restoreAllMocks();
  });

  it("on an iPhone: the system's id, model, version, language and the app's version", async () => {
    runAsNative("ios");
    const record = await buildNativeDeviceRecord(native);
    expect(record).toEqual({
      device_id: "ios-device-1",
      platform: "ios",
      model: "iPhone15,2",
      os_version: "17.5",
      device_type: "ios",
      device_locale: "fr-DZ",
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      push_token: null,
      app_version: "1.4.0",
    });
    expect(z.safeParse(deviceRecordSchema, record).success).toBe(true);
  });

  it('on Android: the maker before the model, and "unknown" for what the system does not say', async () => {
    runAsNative("android");
    native.Device.getInfo.mockResolvedValue({
      platform: "android",
      model: "SM-S911B",
      osVersion: "",
      manufacturer: "samsung",
      isVirtual: false,
    });
    native.App.getInfo.mockRejectedValue(new Error("not implemented"));
    native.Device.getLanguageTag.mockResolvedValue({ value: "ar-DZ" });
    const record = await buildNativeDeviceRecord(native);
    expect(record).toMatchObject({
      device_id: "android-device-1",
      platform: "android",
      model: "samsung SM-S911B",
      os_version: "unknown",
      device_type: "android",
      device_locale: "ar-DZ",
      app_version: "unknown",
    });
  });

  it("falls back to the stored DEVICE_ID when the system gives no id, and keeps within the contract's lengths", async () => {
    runAsNative("android");
    window.localStorage.setItem("DEVICE_ID", "stored-device-id");
    native.Device.getId.mockRejectedValue(new Error("unavailable"));
    native.Device.getInfo.mockResolvedValue({
      platform: "android",
      model: "X".repeat(300),
      osVersion: "15",
      manufacturer: "Acme",
      isVirtual: false,
    });
    native.App.getInfo.mockResolvedValue({ name: "eSIM Store", id: "app", build: "1", version: "9".repeat(80) });
    const record = await buildNativeDeviceRecord(native);
    expect(record.device_id).toBe("stored-device-id");
    expect(record.model).toHaveLength(120);
    expect(record.app_version).toHaveLength(40);
    expect(z.safeParse(deviceRecordSchema, record).success).toBe(true);
  });

  it("names for sign-out the same device_id as the record: the system's in the apps, DEVICE_ID on the web", async () => {
    expect(await readThisDeviceId()).toBe(window.localStorage.getItem("DEVICE_ID"));
    runAsNative("ios");
    expect(await readThisDeviceId()).toBe((await buildNativeDeviceRecord(native)).device_id);
    expect(await readThisDeviceId()).toBe("ios-device-1");
  });

  it("names the model with its maker only when the model does not already", () => {
    expect(nativeModelName("Pixel 8", "Google")).toBe("Google Pixel 8");
    expect(nativeModelName("Galaxy S24", "samsung")).toBe("samsung Galaxy S24");
    expect(nativeModelName("OnePlus 12", "OnePlus")).toBe("OnePlus 12");
    expect(nativeModelName("iPhone15,2", "Apple")).toBe("iPhone15,2");
    expect(nativeModelName("", "")).toBe("unknown");
  });
});
