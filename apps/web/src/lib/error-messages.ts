import type { ErrorCode, FieldErrorCode } from "@esim/shared/errors";
import { ApiError, NetworkError } from "./api-client.ts";
import type { MessageId } from "./i18n.ts";

// Codes become translated texts here and only here; the server's `message` is never shown.

export function errorCodeMessageId(code: ErrorCode): MessageId {
  return `error.${code}`;
}

export function fieldErrorMessageId(code: FieldErrorCode): MessageId {
  return `field.${code}`;
}

/** The text id for anything a call can throw. */
export function errorMessageId(error: unknown): MessageId {
  if (error instanceof NetworkError) return "error.NETWORK";
  if (error instanceof ApiError) return errorCodeMessageId(error.code);
  return "error.UNEXPECTED";
}

/** Whether the API named the fields at fault (shown beside them rather than as one message). */
export function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && Object.keys(error.fields).length > 0;
}

/** The text id for a refused form value: the field's own code when the API named one for `field`, else the error's. */
export function fieldOrErrorMessageId(error: unknown, field: string): MessageId {
  const code = error instanceof ApiError ? error.fields[field] : undefined;
  return code ? fieldErrorMessageId(code) : errorMessageId(error);
}
