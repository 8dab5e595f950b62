import { useState } from "react";
import type * as z from "zod/mini";
import { ApiError } from "./api-client.ts";
import { fieldErrorMessageId } from "./error-messages.ts";
import { useT } from "./i18n.ts";
import { checkField } from "./validation.ts";

/**
 * Translated errors beside a form's fields: from the shared field rules before sending, and from the
 * API's `fields` when it refuses the request anyway.
 */
export function useFieldErrors<TField extends string>() {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});

  /** Checks each field with its shared rule and shows what fails; true when every field passes. */
  const validate = (checks: Record<TField, { schema: z.ZodMiniType; value: unknown }>): boolean => {
    const found: Partial<Record<TField, string>> = {};
    for (const field of Object.keys(checks) as TField[]) {
      const problem = checkField(checks[field].schema, checks[field].value);
      if (problem) found[field] = t(fieldErrorMessageId(problem));
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** Shows the codes the API gave per field (VALIDATION_FAILED), for the fields this form has. */
  const showServerErrors = (error: unknown, fields: readonly TField[]) => {
    if (!(error instanceof ApiError)) return;
    const found: Partial<Record<TField, string>> = {};
    for (const field of fields) {
      const code = error.fields[field];
      if (code) found[field] = t(fieldErrorMessageId(code));
    }
    setErrors(found);
  };

  return { errors, validate, showServerErrors };
}
