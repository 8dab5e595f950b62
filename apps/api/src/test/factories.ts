import { randomUUID } from "node:crypto";
import { generateToken, sha256Hex } from "../lib/secrets.ts";
import { insertUser, type UserRow } from "../modules/account/users.repo.ts";
import { insertSession } from "../modules/auth/sessions.repo.ts";
import type { TestApp } from "./test-app.ts";

/** A unique, case-folded email, so tests sharing a file's database never collide. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A client address of its own, so the per-address limits of one test never reach another. */
export function uniqueAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A verified account with a complete profile, straight in the database. */
export async function createUser(
  testApp: TestApp,
  overrides: Partial<Pick<UserRow, "name" | "country" | "phone" | "language" | "email">> = {},
): Promise<UserRow> {
  return insertUser(testApp.db, {
    email: overrides.email ?? uniqueEmail(),
    name: "name" in overrides ? (overrides.name ?? null) : "Amina Benali",
    country: "country" in overrides ? (overrides.country ?? null) : "DZ",
    phone: overrides.phone ?? null,
    language: overrides.language ?? "fr",
    isVerified: true,
    now: testApp.clock.now(),
  });
}

/** A live session for the user; returns the bearer token and the headers to send it. */
export async function createSession(testApp: TestApp, user: Pick<UserRow, "id">) {
  const token = generateToken();
  const now = testApp.clock.now();
  await insertSession(testApp.db, {
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + testApp.deps.config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000),
    userAgent: "vitest",
    now,
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A verified user with a session: what most account tests start from. */
export async function createSignedInUser(testApp: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(testApp, overrides);
  return { user, ...(await createSession(testApp, user)) };
}
