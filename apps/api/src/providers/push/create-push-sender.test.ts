import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createTestApp } from "../../test/test-app.ts";
import { startApnsDouble } from "./apns/apns-double.ts";
import { createApnsSender } from "./apns/apns-sender.ts";
import { apnsEnvironmentOf, createPushSender, routeByPlatform } from "./create-push-sender.ts";
import { startFcmDouble } from "./fcm/fcm-double.ts";
import { createFcmSender } from "./fcm/fcm-sender.ts";
import type { PushMessage } from "./push-port.ts";

const testApp = await createTestApp();
const { db, clock } = testApp;
const fcm = await startFcmDouble();
const apns = await startApnsDouble();
afterAll(async () => {
  await fcm.close();
  await apns.close();
});

const message = (platform: "ios" | "android", token: string): PushMessage => ({
  platform,
  token,
  title: "Votre eSIM expire demain",
  body: "Rechargez-la.",
  data: { type: "esim_expiry", esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10" },
});

describe("createPushSender", () => {
  it("records both platforms' pushes without credentials", async () => {
    const sender = createPushSender({ config: testApp.deps.config, db, now: clock.now });
    expect(sender.channels).toEqual({ android: "recorder", ios: "recorder" });

    expect(await sender.send(message("android", "recorded-android"))).toEqual({ result: "sent" });
    expect(await testApp.pushes()).toEqual([
      expect.objectContaining({ platform: "android", token: "recorded-android", title: "Votre eSIM expire demain" }),
    ]);
  });

  it("chooses FCM for Android with a service account and APNs for iOS with a key", async () => {
    const config = {
      ...testApp.deps.config,
      FCM_SERVICE_ACCOUNT_JSON: fcm.account,
      APNS_PRIVATE_KEY: apns.privateKey,
      APNS_KEY_ID: apns.keyId,
      APNS_TEAM_ID: apns.teamId,
    };
    const sender = createPushSender({ config, db, now: () => new Date() });
    expect(sender.channels).toEqual({ android: "fcm", ios: "apns" });
    await sender.close();
  });

  it("routes each message to its platform's sender", async () => {
    const sender = routeByPlatform({
      android: createFcmSender({ account: fcm.account, baseUrl: fcm.baseUrl }),
      ios: createApnsSender({
        keyId: apns.keyId,
        teamId: apns.teamId,
        privateKey: apns.privateKey,
        topic: apns.topic,
        environment: "sandbox",
        origin: apns.origin,
      }),
    });
    try {
      expect(await sender.send(message("android", "fcm-token"))).toEqual({ result: "sent" });
      expect(await sender.send(message("ios", "d".repeat(64)))).toEqual({ result: "sent" });
      expect(fcm.messages.map((sent) => sent.token)).toEqual(["fcm-token"]);
      expect(apns.deliveries.map((sent) => sent.token)).toEqual(["d".repeat(64)]);
    } finally {
      await sender.close();
    }
  });

  it("picks the APNs server from APNS_ENVIRONMENT, else production only in production", () => {
    expect(apnsEnvironmentOf(loadConfig({}))).toBe("sandbox");
    expect(apnsEnvironmentOf({ ...loadConfig({}), NODE_ENV: "production" })).toBe("production");
    expect(apnsEnvironmentOf(loadConfig({ APNS_ENVIRONMENT: "production" }))).toBe("production");
  });
});
