import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { PushMessage } from "../push-port.ts";
import { startApnsDouble } from "./apns-double.ts";
import { createApnsSender } from "./apns-sender.ts";

let clockMs = Date.parse("2026-06-01T10:00:00Z");
const now = () => new Date(clockMs);
const double = await startApnsDouble({ now });
const options = {
  keyId: double.keyId,
  teamId: double.teamId,
  privateKey: double.privateKey,
  topic: double.topic,
  environment: "sandbox" as const,
  origin: double.origin,
  now,
  timeoutMs: 2000,
};
const sender = createApnsSender(options);
afterAll(async () => {
  await sender.close();
  await double.close();
});

beforeEach(() => {
  double.deliveries.length = 0;
});

const IPHONE = "a".repeat(64);

const message = (overrides: Partial<PushMessage> = {}): PushMessage => ({
  platform: "ios",
  token: IPHONE,
  title: "Your Turkey eSIM expires tomorrow",
  body: "Buy a new plan to stay connected.",
  data: { type: "esim_expiry", esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10" },
  ...overrides,
});

describe("send", () => {
  it("posts an alert to /3/device/<token> with the provider token, topic, push type and priority", async () => {
    expect(await sender.send(message())).toEqual({ result: "sent" });

    expect(double.deliveries).toEqual([
      {
        token: IPHONE,
        headers: {
          "apns-topic": "dz.esimstore.app",
          "apns-push-type": "alert",
          "apns-priority": "10",
          "content-type": "application/json",
        },
        body: {
          aps: {
            alert: { title: "Your Turkey eSIM expires tomorrow", body: "Buy a new plan to stay connected." },
            sound: "default",
          },
          type: "esim_expiry",
          esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10",
        },
        jwt: expect.any(String),
      },
    ]);
  });

  it("reuses the provider token for 50 minutes over one connection, then signs a new one", async () => {
    await sender.send(message());
    clockMs += 49 * 60 * 1000;
    await sender.send(message());
    clockMs += 2 * 60 * 1000;
    await sender.send(message());

    const [first, second, third] = double.deliveries.map((delivery) => delivery.jwt);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it("answers token-invalid for 410 Unregistered and for a token that is not an APNs token", async () => {
    const removed = "b".repeat(64);
    double.unregistered.add(removed);

    expect(await sender.send(message({ token: removed }))).toEqual({
      result: "token-invalid",
      reason: "APNs answered 410 Unregistered",
    });
    expect(await sender.send(message({ token: "c".repeat(66) }))).toEqual({
      result: "token-invalid",
      reason: "APNs answered 400 BadDeviceToken",
    });
    expect(await sender.send(message({ token: "../../3/device/x" }))).toMatchObject({ result: "token-invalid" });
    expect(double.deliveries).toEqual([]);
  });

  it("signs a new provider token once when APNs calls it expired", async () => {
    double.failNext({ status: 403, reason: "ExpiredProviderToken" });
    expect(await sender.send(message())).toEqual({ result: "sent" });
    expect(double.deliveries).toHaveLength(1);
  });

  it("answers failed, keeping the token, for a refused key, a server error and an unreachable server", async () => {
    const wrongKey = createApnsSender({ ...options, keyId: "OTHERKEY00" });
    expect(await wrongKey.send(message())).toEqual({
      result: "failed",
      reason: "APNs answered 403 InvalidProviderToken",
    });
    await wrongKey.close();

    double.failNext({ status: 503, reason: "ServiceUnavailable" });
    expect(await sender.send(message())).toEqual({ result: "failed", reason: "APNs answered 503 ServiceUnavailable" });

    const unreachable = createApnsSender({ ...options, origin: "http://127.0.0.1:9" });
    expect(await unreachable.send(message())).toMatchObject({ result: "failed" });
    await unreachable.close();
  });

  it("opens a new connection after APNs closed the previous one", async () => {
    await sender.send(message());
    const opened = double.connectionCount();
    double.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await sender.send(message())).toEqual({ result: "sent" });
    expect(double.connectionCount()).toBe(opened + 1);
  });

  it("refuses an Android device without asking APNs", async () => {
    expect(await sender.send(message({ platform: "android" }))).toMatchObject({ result: "failed" });
    expect(double.deliveries).toEqual([]);
  });
});
