import * as z from "zod/mini";
import { meResponseSchema } from "../auth/contracts.ts";
import { countrySchema, currencySchema, languageSchema, nameSchema } from "../fields.ts";
import { defineEndpoint } from "../http.ts";

/** The word the API takes to confirm account deletion; a reader may type it in any language. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/** Case, spaces around, Arabic short vowels and tatweel aside: what a phone keyboard adds or leaves out. */
function normalizedWord(text: string): string {
  return text
    .normalize("NFC")
    .trim()
    .replace(/[\u0640\u064B-\u0652]/g, "")
    .toLocaleUpperCase();
}

/**
 * Whether what a person typed confirms the deletion: the word shown in their language (`shownWord`: "SUPPRIMER",
 * "حذف") or the API's own DELETE, in any case (a phone keyboard capitalises the first letter, or none), spaces around
 * it ignored. The request then carries DELETE.
 */
export function isDeleteConfirmation(typed: string, shownWord: string = DELETE_CONFIRMATION_WORD): boolean {
  const word = normalizedWord(typed);
  return word === normalizedWord(shownWord) || word === DELETE_CONFIRMATION_WORD;
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
