import { DELETE_CONFIRMATION_WORD } from "@esim/shared/account/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { anonymiseUser, type UserRow } from "../account/index.ts";
import { deleteUserDevices } from "../devices/index.ts";
import { forgetEmailsTo } from "../mail-outbox/index.ts";
import { deleteCodesOfEmail, deletePendingRegistration } from "./auth.repo.ts";
import { deleteUserSessions } from "./sessions.repo.ts";

// Deleting an account ends every way into it (sessions, codes, devices: this module's), clears the profile
// (account's) and forgets the emails written to it (the outbox's): auth owns the flow, so account never needs auth.
// The install secrets of its eSIMs are cleared by the upkeep sweep (jobs/clean-up.ts): the eSIMs module needs auth
// (PIN codes), so auth cannot call it (decision 059).

/**
 * Deletes an account only when confirmed with the exact word DELETE: in one transaction the
 * personal data is cleared (the anonymised row stays for orders and accounting) and every
 * session, device, code, pending registration and email (sent or queued) of the account goes. The email is free to
 * register again as a new account.
 */
export async function deleteAccount(
  deps: AppDeps,
  options: { user: Pick<UserRow, "id" | "email">; confirmation: string },
): Promise<void> {
  if (options.confirmation !== DELETE_CONFIRMATION_WORD) {
    throw new AppError("DELETE_CONFIRMATION_REQUIRED", { message: `Type ${DELETE_CONFIRMATION_WORD} to confirm.` });
  }
  const { id: userId, email } = options.user;
  await deps.db.transaction(async (tx) => {
    await anonymiseUser(tx, userId, deps.now());
    await deleteUserSessions(tx, userId);
    await deleteUserDevices(tx, userId);
    if (email) {
      await deleteCodesOfEmail(tx, email);
      await deletePendingRegistration(tx, email);
      await forgetEmailsTo(tx, email);
    }
  });
}
