import { ERROR_HTTP_STATUS, type ErrorCode, type FieldErrorCode } from "@esim/shared/errors";

/** The one error type services throw; the error handler turns it into the one error envelope `{ error: { code, message, fields?, details? } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, FieldErrorCode> | undefined;
  /** Seconds the client should wait, sent as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;
  /** What the client needs to act on the error (the unpaid order holding a promo code: its id and number). */
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      fields?: Record<string, FieldErrorCode>;
      retryAfterSeconds?: number;
      details?: Record<string, string>;
      /** The underlying failure, logged (never sent) when the code is a 5xx. */
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.statusCode = ERROR_HTTP_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
