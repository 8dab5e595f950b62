import { type FieldErrorCode, isFieldErrorCode } from "@esim/shared/errors";
import type * as z from "zod/mini";

/** Runs one shared field rule; its first failure is a FieldErrorCode (the contracts use them as messages). */
export function checkField(schema: z.ZodMiniType, value: unknown): FieldErrorCode | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return isFieldErrorCode(message) ? message : "INVALID";
}
