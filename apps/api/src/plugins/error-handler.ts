import { type ErrorCode, type FieldErrorCode, isFieldErrorCode } from "@esim/shared/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "BODY_INVALID_JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "BODY_INVALID_JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "BODY_INVALID_JSON",
};

/** What a client is told to wait while PostgreSQL is away: a restart or a failover takes seconds (decision 058). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Turns a zod issue list into `fields`: the first code per field, by its dotted path. */
function toFields(
  issues: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[],
) {
  const fields: Record<string, FieldErrorCode> = {};
  for (const issue of issues) {
    if (issue.keyword === "unrecognized_keys") {
      for (const key of (issue.params.keys as string[] | undefined) ?? []) fields[key] ??= "UNKNOWN_FIELD";
      continue;
    }
    const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
    fields[path] ??= isFieldErrorCode(issue.message) ? issue.message : "INVALID";
  }
  return fields;
}

/** The SQLSTATE or socket code of an error, also when Drizzle wrapped the driver's error as its `cause`. */
function dependencyCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && !code.startsWith("FST_")) return code;
  }
  return undefined;
}

/** The innermost `cause` of an error (Drizzle wraps the driver's). */
function rootCauseOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; current instanceof Error && current.cause !== undefined && depth < 4; depth++) {
    current = current.cause;
  }
  return current;
}

/** Answers an AppError in the one error envelope, with `Retry-After` when it has one. */
export function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(Math.ceil(error.retryAfterSeconds)));
  return reply.status(error.statusCode).send({
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  });
}

/** The one place errors become HTTP answers: the one error envelope, never a stack or SQL in a 5xx. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error, code: error.code }, error.message);
      return sendAppError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendAppError(
        reply,
        new AppError("VALIDATION_FAILED", { message: "Some fields are invalid.", fields: toFields(error.validation) }),
      );
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendAppError(reply, new AppError(mapped, { message: error.message }));
    if (error.statusCode === 429) {
      return sendAppError(
        reply,
        new AppError("RATE_LIMITED", {
          message: "Too many requests.",
          retryAfterSeconds: Number(reply.getHeader("retry-after") ?? 60),
        }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      // The driver's error alone: Drizzle's wrapper adds the query and its parameters, which are the user's data.
      request.log.error({ err: rootCauseOf(error) }, "database unavailable");
      return sendAppError(
        reply,
        new AppError("SERVICE_UNAVAILABLE", {
          message: "Service temporarily unavailable.",
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        }),
      );
    }
    const sqlState = dependencyCode(error);
    // Class 22 (data exception): a value PostgreSQL cannot store, such as a NUL character in a text.
    if (sqlState?.startsWith("22")) {
      request.log.warn({ err: error }, "value refused by the database");
      return sendAppError(reply, new AppError("VALIDATION_FAILED", { message: "A value cannot be stored." }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, "client error without a code");
      return sendAppError(reply, new AppError("VALIDATION_FAILED", { message: "The request is invalid." }));
    }
    request.log.error({ err: error }, "unexpected error");
    return sendAppError(
      reply,
      new AppError("INTERNAL_ERROR", { message: `Something went wrong (request ${request.id}).` }),
    );
  });
});
