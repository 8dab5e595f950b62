import type { Currency, Language } from "@esim/shared/locale";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type UserRow, updateUser } from "./users.repo.ts";

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

function accountGone(): never {
  // Deleted by a parallel request after this one's session was checked.
  throw new AppError("UNAUTHENTICATED", { message: "The account no longer exists." });
}
