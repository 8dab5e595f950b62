import type { AppDeps } from "../../lib/deps.ts";
import type { PushMessage } from "../../providers/push/push-port.ts";
import { forgetPushToken, listPushTargets } from "./devices.repo.ts";

export type PushNotification = Pick<PushMessage, "title" | "body" | "data">;

interface PushLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Sends the notification to each of the user's phones with a push token (iOS through APNs, Android through FCM, or
 * the recorder), at once. A token the service calls invalid is forgotten; any failure is logged and swallowed: a
 * push is a courtesy beside the email, never a reason to fail or repeat it. Answers how many phones took it.
 */
export async function pushToUser(
  deps: AppDeps,
  options: { userId: string; notification: PushNotification; log: PushLog },
): Promise<number> {
  const { userId, notification, log } = options;
  try {
    const targets = await listPushTargets(deps.db, userId);
    const outcomes = await Promise.all(
      targets.map(async (target) => {
        const outcome = await deps.push.send({ platform: target.deviceType, token: target.pushToken, ...notification });
        if (outcome.result === "token-invalid") {
          await forgetPushToken(deps.db, { id: target.id, token: target.pushToken, now: deps.now() });
          log.info({ userId, deviceRecordId: target.id, reason: outcome.reason }, "push token invalid: forgotten");
        } else if (outcome.result === "failed") {
          log.warn({ userId, deviceRecordId: target.id, reason: outcome.reason }, "push not sent");
        }
        return outcome.result;
      }),
    );
    return outcomes.filter((result) => result === "sent").length;
  } catch (error) {
    log.warn({ userId, err: error }, "pushes not sent");
    return 0;
  }
}
