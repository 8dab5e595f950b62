import { lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { pushMessages } from "../providers.schema.ts";
import type { PushSender } from "./push-port.ts";

/**
 * Keeps every push in `push_messages` instead of sending it, for a platform without credentials: development and
 * tests see what a phone would have shown (listed on /dev/mailbox), as the dev mailbox keeps mail.
 */
export function createPushRecorder(options: { db: DbOrTx; now: () => Date }): PushSender {
  return {
    channels: { ios: "recorder", android: "recorder" },
    async send(message) {
      try {
        await options.db.insert(pushMessages).values({
          platform: message.platform,
          token: message.token,
          title: message.title,
          body: message.body,
          data: { ...message.data },
          createdAt: options.now(),
        });
        return { result: "sent" };
      } catch (error) {
        return { result: "failed", reason: `the push recorder could not store it: ${String(error)}` };
      }
    },
    async close() {},
  };
}

// The recorder may run where no one reads it (an instance without push credentials): a week is plenty to look.
const KEEP_RECORDED_PUSHES_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes recorded pushes over a week old. */
export async function deleteOldRecordedPushes(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(pushMessages).where(lt(pushMessages.createdAt, new Date(now.getTime() - KEEP_RECORDED_PUSHES_MS)));
}
