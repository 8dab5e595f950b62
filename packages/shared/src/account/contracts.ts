import * as z from "zod/mini";
import { meResponseSchema } from "../auth/contracts.ts";
import { countrySchema, currencySchema, languageSchema, nameSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";

/** The word a user types to confirm account deletion. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/**
 * Whether what a person typed confirms the deletion: the word in any case (a phone keyboard capitalises the first
 * letter, or none), spaces around it ignored. The request then carries the word itself.
 */
export function isDeleteConfirmation(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;
}

export const updateProfile = defineEndpoint({
  method: "PATCH",
  path: "/profile",
  auth: true,
  body: z.strictObject({ name: nameSchema, country: countrySchema }),
  response: meResponseSchema,
});

export const updatePreferences = defineEndpoint({
  method: "PUT",
  path: "/profile/preferences",
  auth: true,
  body: z.strictObject({ language: languageSchema, currency: currencySchema }),
  response: meResponseSchema,
});

export const deleteAccount = defineEndpoint({
  method: "DELETE",
  path: "/profile",
  auth: true,
  body: z.strictObject({ confirmation: z.string({ error: "CONFIRMATION_INVALID" }) }),
  response: undefined,
});
