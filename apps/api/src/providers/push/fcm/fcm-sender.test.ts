import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { PushMessage } from "../push-port.ts";
import { startFcmDouble } from "./fcm-double.ts";
import { createFcmSender, FCM_SCOPE } from "./fcm-sender.ts";

let clockMs = Date.parse("2026-06-01T10:00:00Z");
const now = () => new Date(clockMs);
const double = await startFcmDouble({ now });
const sender = createFcmSender({ account: double.account, baseUrl: double.baseUrl, now, timeoutMs: 2000 });
afterAll(() => double.close());

beforeEach(() => {
  double.tokenRequests.length = 0;
  double.messages.length = 0;
});

const message = (overrides: Partial<PushMessage> = {}): PushMessage => ({
  platform: "android",
  token: "fcm-token-pixel-8",
  title: "80 % des données de votre eSIM Turquie sont utilisées",
  body: "Il vous reste 1 Go.",
  data: { type: "esim_usage", esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10" },
  ...overrides,
});

describe("send", () => {
  it("exchanges a signed assertion for an access token, then sends a high-priority notification with its data", async () => {
    const outcome = await sender.send(message());

    expect(outcome).toEqual({ result: "sent" });
    expect(double.tokenRequests).toEqual([
      {
        kid: double.account.privateKeyId,
        claims: {
          iss: double.account.clientEmail,
          scope: FCM_SCOPE,
          aud: double.account.tokenUri,
          iat: clockMs / 1000,
          exp: clockMs / 1000 + 3600,
        },
      },
    ]);
    expect(double.messages).toEqual([
      {
        token: "fcm-token-pixel-8",
        notification: { title: message().title, body: "Il vous reste 1 Go." },
        data: { type: "esim_usage", esimId: "0c9f4b8e-3f0a-4a52-9d61-3d0e6f1b7a10" },
        android: { priority: "high" },
      },
    ]);
  });

  it("keeps the access token until five minutes before it expires, then takes a new one", async () => {
    await sender.send(message());
    clockMs += 50 * 60 * 1000;
    await sender.send(message());
    expect(double.tokenRequests).toHaveLength(0);

    clockMs += 6 * 60 * 1000;
    await sender.send(message());
    expect(double.tokenRequests).toHaveLength(1);
    expect(double.messages).toHaveLength(3);
  });

  it("takes a new access token once when FCM refuses the cached one", async () => {
    await sender.send(message());
    double.revokeAccessTokens();

    expect(await sender.send(message())).toEqual({ result: "sent" });
    expect(double.tokenRequests).toHaveLength(1);
  });

  it("answers token-invalid for an unregistered token and for one FCM calls invalid", async () => {
    double.unregistered.add("uninstalled-app-token");
    double.malformed.add("not-a-token");

    expect(await sender.send(message({ token: "uninstalled-app-token" }))).toEqual({
      result: "token-invalid",
      reason: "FCM answered 404 UNREGISTERED: Requested entity was not found.",
    });
    expect(await sender.send(message({ token: "not-a-token" }))).toMatchObject({
      result: "token-invalid",
      reason: expect.stringContaining("400 INVALID_ARGUMENT"),
    });
    expect(double.messages).toEqual([]);
  });

  it("answers failed, keeping the token, when FCM is unavailable or unreachable", async () => {
    double.failNext(503);
    expect(await sender.send(message())).toMatchObject({ result: "failed", reason: expect.stringContaining("503") });

    const unreachable = createFcmSender({
      account: { ...double.account, tokenUri: "http://127.0.0.1:9/token" },
      baseUrl: "http://127.0.0.1:9",
      now,
    });
    expect(await unreachable.send(message())).toEqual({ result: "failed", reason: "FCM: unreachable" });
  });

  it("answers failed when the token endpoint refuses the service account's signature", async () => {
    const other = await startFcmDouble({ now });
    try {
      // Another account's key, this double's address: the signature does not verify.
      const forged = createFcmSender({
        account: { ...double.account, privateKey: other.account.privateKey },
        baseUrl: double.baseUrl,
        now,
      });
      expect(await forged.send(message())).toMatchObject({
        result: "failed",
        reason: expect.stringContaining("refused the service account (400"),
      });
    } finally {
      await other.close();
    }
  });

  it("refuses an iOS device without asking FCM", async () => {
    expect(await sender.send(message({ platform: "ios" }))).toMatchObject({ result: "failed" });
    expect(double.messages).toEqual([]);
  });
});
