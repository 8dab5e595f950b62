import { WEB_PATHS } from "@esim/shared/web-paths";
import { referralRewardEmail, renderEmail } from "@esim/ui/emails";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { findUserForMessage } from "./referrals.repo.ts";

/** Queues, in the reward's transaction, the inviter's email in their language, once per referral; none once gone. */
export async function queueReferralRewardMessages(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { referralId: string; userId: string; amountDzdMinor: number },
): Promise<void> {
  const user = await findUserForMessage(tx, input.userId);
  if (!user?.email) return;
  const publicUrl = deps.config.PUBLIC_URL;
  const rendered = await renderEmail(
    referralRewardEmail,
    { name: user.name, amountDzdMinor: input.amountDzdMinor, accountUrl: `${publicUrl}${WEB_PATHS.profile()}` },
    user.language,
  );
  await queueEmail(tx, {
    key: `referral-reward:${input.referralId}`,
    message: { to: user.email, ...rendered },
    publicUrl,
  });
}
