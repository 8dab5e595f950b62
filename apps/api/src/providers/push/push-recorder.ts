import type { DbOrTx } from "../../db/client.ts";
import { pushMessages } from "../../db/schema.ts";
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
