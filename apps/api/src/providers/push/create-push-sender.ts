import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createApnsSender } from "./apns/apns-sender.ts";
import { createFcmSender } from "./fcm/fcm-sender.ts";
import type { PushPlatform, PushSender } from "./push-port.ts";
import { createPushRecorder } from "./push-recorder.ts";

/** Tokens of App Store and TestFlight builds work on APNs production only, of development builds on sandbox only. */
export function apnsEnvironmentOf(config: Config): "sandbox" | "production" {
  return config.APNS_ENVIRONMENT ?? (config.NODE_ENV === "production" ? "production" : "sandbox");
}

/** One sender per platform behind one port: a message goes to its platform's sender. */
export function routeByPlatform(senders: Record<PushPlatform, PushSender>): PushSender {
  return {
    channels: { android: senders.android.channels.android, ios: senders.ios.channels.ios },
    send: (message) => senders[message.platform].send(message),
    async close() {
      await Promise.all([...new Set(Object.values(senders))].map((sender) => sender.close()));
    },
  };
}

/**
 * Android through FCM when FCM_SERVICE_ACCOUNT_JSON is set, iOS through APNs when APNS_PRIVATE_KEY is set (loadConfig
 * requires its key and team ids then); a platform without credentials gets the recorder.
 */
export function createPushSender(options: { config: Config; db: Database; now: () => Date }): PushSender {
  const { config } = options;
  const recorder = createPushRecorder(options);
  const android = config.FCM_SERVICE_ACCOUNT_JSON
    ? createFcmSender({ account: config.FCM_SERVICE_ACCOUNT_JSON, now: options.now })
    : recorder;
  const teamId = config.APNS_TEAM_ID ?? config.APPLE_TEAM_ID;
  const ios =
    config.APNS_PRIVATE_KEY && config.APNS_KEY_ID && teamId
      ? createApnsSender({
          keyId: config.APNS_KEY_ID,
          teamId,
          privateKey: config.APNS_PRIVATE_KEY,
          topic: config.NATIVE_APP_ID,
          environment: apnsEnvironmentOf(config),
          now: options.now,
        })
      : recorder;
  return routeByPlatform({ android, ios });
}
