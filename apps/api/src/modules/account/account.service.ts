import { DELETE_CONFIRMATION_WORD } from "@esim/shared/account/contracts";
import type { Currency, Language } from "@esim/shared/locale";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { deleteCodesOfEmail, deletePendingRegistration } from "../auth/auth.repo.ts";
import { deleteUserSessions } from "../auth/sessions.repo.ts";
import { deleteUserDevices } from "../devices/devices.repo.ts";
import { anonymiseUser, type UserRow, updateUser } from "./users.repo.ts";

/** Changes name and country of a live account; email and phone never change here. */
export async function updateProfile(
  deps: AppDeps,
  options: { userId: string; name: string; country: string },
): Promise<UserRow> {
  const updated = await updateUser(deps.db, options.userId, {
    name: options.name,
    country: options.country,
    now: deps.now(),
  });
  return updated ?? accountGone();
}

/** Stores language and currency on the account, so every device and every email follows them. */
export async function updatePreferences(
  deps: AppDeps,
  options: { userId: string; language: Language; currency: Currency },
): Promise<UserRow> {
  const updated = await updateUser(deps.db, options.userId, {
    language: options.language,
    currency: options.currency,
    now: deps.now(),
  });
  return updated ?? accountGone();
}

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

function accountGone(): never {
  // Deleted by a parallel request after this one's session was checked.
  throw new AppError("UNAUTHENTICATED", { message: "The account no longer exists." });
}
