import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { sha256Hex } from "../../lib/secrets.ts";
import type { AuthenticatedUser } from "../../plugins/auth.ts";
import { deleteCodesCreatedBefore } from "./auth.repo.ts";
import { deleteExpiredSessions, extendSession, findLiveSession } from "./sessions.repo.ts";

// Sliding expiry without a write on every request: extend at most once an hour.
const EXTEND_EVERY_MS = 60 * 60 * 1000;

/** The user of a live session's bearer token (only its SHA-256 is stored), sliding the session's expiry. */
export async function resolveSession(deps: AppDeps, token: string): Promise<AuthenticatedUser | undefined> {
  const tokenHash = sha256Hex(token);
  const now = deps.now();
  const found = await findLiveSession(deps.db, tokenHash, now);
  if (!found) return undefined;
  if (now.getTime() - found.lastUsedAt.getTime() > EXTEND_EVERY_MS) {
    const ttlMs = deps.config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
    await extendSession(deps.db, found.sessionId, { expiresAt: new Date(now.getTime() + ttlMs), lastUsedAt: now });
  }
  return { ...found.user, sessionId: found.sessionId, tokenHash };
}

// A day keeps every code a user could still be told about (valid 10 minutes) and the resend checks.
export const KEEP_SIGN_IN_CODES_MS = 24 * 60 * 60 * 1000;

/** Deletes expired sessions and sign-in codes over a day old (idempotent; every instance may run it). */
export async function deleteExpiredSignInRows(db: DbOrTx, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteCodesCreatedBefore(db, new Date(now.getTime() - KEEP_SIGN_IN_CODES_MS));
}
