import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { users } from "../db/schema.ts";
import { AppError } from "../lib/app-error.ts";

export type AuthenticatedUser = typeof users.$inferSelect & { sessionId: string; tokenHash: string };

/** The user of a live session's bearer token, or undefined (the auth module's resolveSession). */
export type SessionResolver = (token: string) => Promise<AuthenticatedUser | undefined>;

declare module "fastify" {
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
  interface FastifyInstance {
    resolveSession: SessionResolver;
  }
}

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
  const user = await request.server.resolveSession(token);
  if (!user) throw new AppError("UNAUTHENTICATED", { message: "The session has ended; sign in again." });
  request.user = user;
}

/** Bearer tokens to users, with the auth module's resolver (plugins never reach into a module). */
export const authPlugin = fp(async (app: FastifyInstance, options: { resolveSession: SessionResolver }) => {
  app.decorate("resolveSession", options.resolveSession);
  app.decorateRequest("user", undefined);
});
