import type { Me } from "@esim/shared/auth/contracts";
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
      language: user.language,
      currency: user.currency,
    },
  };
}
