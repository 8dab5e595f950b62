import { DELETE_CONFIRMATION_WORD } from "@esim/shared/account/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { anonymiseUser, type UserRow } from "../account/index.ts";
import { deleteUserDevices } from "../devices/index.ts";
import { deleteCodesOfEmail, deletePendingRegistration } from "./auth.repo.ts";
import { deleteUserSessions } from "./sessions.repo.ts";

// Deleting an account ends every way into it (sessions, codes, devices: this module's) and clears the profile
// (account's): auth owns the flow, so account never needs auth.

/**
 * Deletes an account only when confirmed with the exact word DELETE: in one transaction the
 * personal data is cleared (the anonymised row stays for orders and accounting) and every
 * session, device, code and pending registration of the account goes. The email is free to
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
    }
  });
}
