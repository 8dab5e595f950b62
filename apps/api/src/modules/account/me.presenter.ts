import type { Me } from "@esim/shared/auth/contracts";
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, isCurrency, isLanguage } from "@esim/shared/locale";
import type { UserRow } from "./users.repo.ts";

/** A user row as `/auth/me` and the profile endpoints answer it. */
export function presentMe(user: UserRow): { data: Me } {
  return {
    data: {
      name: user.name,
      // Only live accounts reach a presenter, and a live account always has its email.
      email: user.email ?? "",
      phone: user.phone,
      country: user.country,
      verified: user.isVerified,
      language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
      currency: isCurrency(user.currency) ? user.currency : DEFAULT_CURRENCY,
    },
  };
}
