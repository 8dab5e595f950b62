import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { addJob, type JobHandlers, readPayload } from "../../lib/job-queue.ts";
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

export const PUSH_TO_USER_TASK = "push-to-user";

/**
 * Queues a push to each of the user's phones in the caller's transaction (the one deciding it), once per key. Sent by
 * the worker after commit; a failed push is logged, never retried (pushToUser).
 */
export async function queuePushToUser(
  tx: DbOrTx,
  options: { key: string; userId: string; notification: PushNotification },
): Promise<void> {
  await addJob(tx, {
    task: PUSH_TO_USER_TASK,
    payload: { userId: options.userId, notification: options.notification },
    key: `push:${options.key}`,
    maxAttempts: 1,
  });
}

export const devicesJobs: JobHandlers = {
  async [PUSH_TO_USER_TASK](payload, { deps, log }) {
    const { userId } = readPayload(payload, ["userId"]);
    const notification = (payload as { notification: PushNotification }).notification;
    await pushToUser(deps, { userId, notification, log });
  },
};
