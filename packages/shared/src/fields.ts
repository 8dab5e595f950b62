import * as z from "zod/mini";
import { isCountryCode } from "./countries.ts";
import { displayText } from "./display-text.ts";
import { CURRENCIES, LANGUAGES } from "./locale.ts";

// Field rules shared by the API contracts and the web forms. Each message is a
// FieldErrorCode, translated where it is shown.

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const SIGN_IN_CODE_LENGTH = 6;

export const emailSchema = z
  .string({ error: "EMAIL_REQUIRED" })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, "EMAIL_REQUIRED"),
    z.maxLength(254, "EMAIL_INVALID"),
    z.email({ error: "EMAIL_INVALID" }),
  );

/** A person's name (account, billing): display text (NFC, no hidden characters), 2 to 50 characters. */
export const nameSchema = displayText({ error: "NAME_REQUIRED" }).check(
  z.minLength(1, "NAME_REQUIRED"),
  z.minLength(NAME_MIN_LENGTH, "NAME_TOO_SHORT"),
  z.maxLength(NAME_MAX_LENGTH, "NAME_TOO_LONG"),
);

export const countrySchema = z
  .string({ error: "COUNTRY_REQUIRED" })
  .check(z.trim(), z.toUpperCase(), z.minLength(1, "COUNTRY_REQUIRED"), z.refine(isCountryCode, "COUNTRY_INVALID"));

export const languageSchema = z.enum(LANGUAGES, { error: "LANGUAGE_INVALID" });
export const currencySchema = z.enum(CURRENCIES, { error: "CURRENCY_INVALID" });

export const signInCodeSchema = z
  .string({ error: "CODE_FORMAT" })
  .check(z.trim(), z.regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), "CODE_FORMAT"));
