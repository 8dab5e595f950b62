import { saveDevice } from "@esim/shared/devices/contracts";
import { API_BASE_PATH } from "@esim/shared/http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDevice, createSignedInUser } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { devices } from "./devices.schema.ts";

const testApp = await createTestApp();
const { app, db, clock } = testApp;

const record = {
  device_id: "3f1c9a52-device",
  platform: "android",
  model: "Pixel 8",
  os_version: "15",
  device_type: "android",
  device_locale: "ar-DZ",
  timezone: "Africa/Algiers",
  push_token: "push-token-1",
  app_version: "1.2.0",
};

function post(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url: `${API_BASE_PATH}/devices`, payload: payload as object, headers });
}

describe("POST /devices", () => {
  it("refuses a request without a session with UNAUTHENTICATED", async () => {
    const response = await post(record);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("refuses an unknown device type, a missing device_id and unknown fields with their codes", async () => {
    const { headers } = await createSignedInUser(testApp);
    const { device_id: _omitted, ...withoutId } = record;
    const response = await post({ ...withoutId, device_type: "windows", imei: "123" }, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      device_id: "INVALID",
      device_type: "INVALID",
      imei: "UNKNOWN_FIELD",
    });
  });

  it("refuses a text PostgreSQL cannot store (a NUL character) with VALIDATION_FAILED, not a 500", async () => {
    const { headers } = await createSignedInUser(testApp);
    const response = await post({ ...record, model: "Pixel\u00008" }, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("stores the record and answers its device_id and update time", async () => {
    const { user, headers } = await createSignedInUser(testApp);

    const response = await post(record, headers);

    expect(response.statusCode).toBe(200);
    expect(saveDevice.response.parse(response.json())).toEqual({
      data: { device_id: record.device_id, updatedAt: clock.now().toISOString() },
    });
    const rows = await db.select().from(devices).where(eq(devices.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        deviceId: record.device_id,
        platform: "android",
        model: "Pixel 8",
        osVersion: "15",
        deviceType: "android",
        deviceLocale: "ar-DZ",
        timezone: "Africa/Algiers",
        pushToken: "push-token-1",
        appVersion: "1.2.0",
      }),
    ]);
  });

  it("updates the same device instead of adding one, keeping the push token when none is sent", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await post(record, headers);
    clock.advance(60 * 1000);
    const { push_token: _token, ...withoutToken } = record;

    const response = await post({ ...withoutToken, os_version: "16", app_version: "1.3.0" }, headers);

    expect(response.json().data.updatedAt).toBe(clock.now().toISOString());
    const rows = await db.select().from(devices).where(eq(devices.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ osVersion: "16", appVersion: "1.3.0", pushToken: "push-token-1" });
  });

  it("clears the push token when null is sent", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await post(record, headers);
    await post({ ...record, push_token: null }, headers);
    const [row] = await db.select().from(devices).where(eq(devices.userId, user.id));
    expect(row!.pushToken).toBeNull();
  });

  it("keeps one record per user: the same device_id of two users makes two records", async () => {
    const first = await createSignedInUser(testApp);
    const second = await createSignedInUser(testApp);
    const shared = { ...record, device_id: "shared-family-tablet" };
    await post(shared, first.headers);
    await post(shared, second.headers);
    const rows = await db.select().from(devices).where(eq(devices.deviceId, shared.device_id));
    expect(rows.map((row) => row.userId).sort()).toEqual([first.user.id, second.user.id].sort());
  });

  it("takes a push token from every other record that held it, another user's included", async () => {
    const previousOwner = await createSignedInUser(testApp);
    const newOwner = await createSignedInUser(testApp);
    const resold = await createDevice(testApp, previousOwner.user, { pushToken: "resold-phone-token" });
    const unrelated = await createDevice(testApp, previousOwner.user, { pushToken: "other-phone-token" });

    const response = await post(
      { ...record, device_id: "new-owner-phone", push_token: "resold-phone-token" },
      newOwner.headers,
    );

    expect(response.statusCode).toBe(200);
    const holders = await db.select().from(devices).where(eq(devices.pushToken, "resold-phone-token"));
    expect(holders.map((row) => [row.userId, row.deviceId])).toEqual([[newOwner.user.id, "new-owner-phone"]]);
    const [previous] = await db.select().from(devices).where(eq(devices.id, resold.id));
    expect(previous).toMatchObject({ pushToken: null, updatedAt: clock.now() });
    const [kept] = await db.select().from(devices).where(eq(devices.id, unrelated.id));
    expect(kept!.pushToken).toBe("other-phone-token");
  });

  it("keeps one holder of a token when the app comes back with a new device_id, or two accounts save it at once", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await post({ ...record, device_id: "before-reinstall", push_token: "reinstalled-token" }, headers);
    await post({ ...record, device_id: "after-reinstall", push_token: "reinstalled-token" }, headers);
    const holders = await db.select().from(devices).where(eq(devices.pushToken, "reinstalled-token"));
    expect(holders.map((row) => [row.userId, row.deviceId])).toEqual([[user.id, "after-reinstall"]]);

    const accounts = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(testApp)));
    const answers = await Promise.all(
      accounts.map((account) => post({ ...record, push_token: "raced-token" }, account.headers)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await db.select().from(devices).where(eq(devices.pushToken, "raced-token"))).toHaveLength(1);
  });

  it("stores an empty push token as none", async () => {
    const { user, headers } = await createSignedInUser(testApp);
    await post({ ...record, push_token: "" }, headers);
    const [row] = await db.select().from(devices).where(eq(devices.userId, user.id));
    expect(row!.pushToken).toBeNull();
  });
});
