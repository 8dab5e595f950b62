import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { users } from "../db/schema.ts";
import { AppError } from "../lib/app-error.ts";
import { sha256Hex } from "../lib/secrets.ts";
import { extendSession, findLiveSession } from "../modules/auth/sessions.repo.ts";

export type AuthenticatedUser = typeof users.$inferSelect & { sessionId: string; tokenHash: string };

declare module "fastify" {
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
}

// Sliding expiry without a write on every request: extend at most once an hour.
const EXTEND_EVERY_MS = 60 * 60 * 1000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/** preHandler for endpoints with `auth: true`: 401 UNAUTHENTICATED unless the bearer token is a live session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError("UNAUTHENTICATED", { message: "Sign in first." });
  const { db, now, config } = request.server.deps;
  const tokenHash = sha256Hex(token);
  const current = now();
  const found = await findLiveSession(db, tokenHash, current);
  if (!found) throw new AppError("UNAUTHENTICATED", { message: "The session has ended; sign in again." });
  if (current.getTime() - found.lastUsedAt.getTime() > EXTEND_EVERY_MS) {
    const ttlMs = config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
    await extendSession(db, found.sessionId, { expiresAt: new Date(current.getTime() + ttlMs), lastUsedAt: current });
  }
  request.user = { ...found.user, sessionId: found.sessionId, tokenHash };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", undefined);
});
