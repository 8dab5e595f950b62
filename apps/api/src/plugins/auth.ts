import type { OperatorRole } from "@esim/shared/console/roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import type { users } from "../modules/account/account.schema.ts";
import type { operators } from "../modules/operators/operators.schema.ts";

export type AuthenticatedUser = typeof users.$inferSelect & { sessionId: string; tokenHash: string };

/** The user of a live session's bearer token, or undefined (the auth module's resolveSession). */
export type SessionResolver = (token: string) => Promise<AuthenticatedUser | undefined>;

/** An operator signed in to the console; the TOTP secret is never carried along. */
export type AuthenticatedOperator = Omit<typeof operators.$inferSelect, "totpSecret" | "totpLastStep"> & {
  sessionId: string;
  tokenHash: string;
};

/** The operator of a live console session's bearer token, or undefined (the operators module's resolver). */
export type OperatorSessionResolver = (token: string) => Promise<AuthenticatedOperator | undefined>;

declare module "fastify" {
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
    operator: AuthenticatedOperator | undefined;
  }
  interface FastifyInstance {
    resolveSession: SessionResolver;
    resolveOperatorSession: OperatorSessionResolver;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/**
 * Hook for endpoints with `auth: true` (preParsing: before the body is read): 401 UNAUTHENTICATED unless the bearer
 * token is a live session.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError("UNAUTHENTICATED", { message: "Sign in first." });
  const user = await request.server.resolveSession(token);
  if (!user) throw new AppError("UNAUTHENTICATED", { message: "The session has ended; sign in again." });
  request.user = user;
}

/**
 * Hook for endpoints with `auth: "operator"` (preParsing, as requireUser): 401 without a live token; 403 FORBIDDEN for a customer's live
 * token (signed in, but not on the console) and for an operator whose role is not among `roles`.
 */
export function requireOperator(roles: readonly OperatorRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new AppError("UNAUTHENTICATED", { message: "Sign in to the console first." });
    const operator = await request.server.resolveOperatorSession(token);
    if (!operator) {
      if (await request.server.resolveSession(token)) {
        throw new AppError("FORBIDDEN", { message: "A customer's session cannot use the console." });
      }
      throw new AppError("UNAUTHENTICATED", { message: "The session has ended; sign in again." });
    }
    if (!roles.includes(operator.role)) {
      throw new AppError("FORBIDDEN", { message: `The ${operator.role} role cannot do this.` });
    }
    request.operator = operator;
  };
}

/** Bearer tokens to users and operators, with the modules' resolvers (plugins never reach into a module). */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { resolveSession: SessionResolver; resolveOperatorSession: OperatorSessionResolver },
  ) => {
    app.decorate("resolveSession", options.resolveSession);
    app.decorate("resolveOperatorSession", options.resolveOperatorSession);
    app.decorateRequest("user", undefined);
    app.decorateRequest("operator", undefined);
  },
);
