import type { PushData } from "@esim/shared/devices/push";

export type PushPlatform = "ios" | "android";

/** One notification for one device, every text already in its owner's language. */
export interface PushMessage {
  platform: PushPlatform;
  /** FCM registration token (Android) or APNs device token (iOS), as the app's `registration` event gave it. */
  token: string;
  title: string;
  body: string;
  /** For the app when the notification is tapped: which screen to open. */
  data: PushData;
}

/**
 * `token-invalid`: the service says this token will never work again (app uninstalled, token rotated, another
 * app's): forget it. `failed`: anything else (service down, credentials refused); the token is kept.
 */
export type PushOutcome =
  | { result: "sent" }
  | { result: "token-invalid"; reason: string }
  | { result: "failed"; reason: string };

/** What delivers a platform's pushes: the vendor's service, or the local recorder when it has no credentials. */
export type PushChannel = "fcm" | "apns" | "recorder";

/** Sends push notifications (decision 022): FCM HTTP v1 for Android, APNs for iOS, the recorder by default. */
export interface PushSender {
  /** The platforms this sender serves and how; a message for another platform answers `failed`. */
  readonly channels: Partial<Record<PushPlatform, PushChannel>>;
  /** Never throws: every failure is an outcome. */
  send(message: PushMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

/** The outcome for a message its sender cannot deliver (a platform it does not serve). */
export function wrongPlatform(sender: string, platform: PushPlatform): PushOutcome {
  return { result: "failed", reason: `${sender} does not send to ${platform} devices` };
}
