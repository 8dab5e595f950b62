import {
  isSupportedCountry,
  type CountryCode as PhoneCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { isCountryCode } from "./countries.ts";
import type { FieldErrorCode } from "./errors.ts";

// Apart from fields.ts because libphonenumber's metadata weighs about 40 KB gzip: only the screens that
// take a phone number load it.

/**
 * Checks a phone number typed for a country and returns it in E.164.
 * "select a country code first" when there is no country; "enter a valid phone
 * number" when it is not a phone number at all; "phone must be valid for the
 * selected country" when it is one, but not of that country.
 */
export function checkPhone(
  phone: string,
  country: string | undefined,
): { ok: true; e164: string } | { ok: false; code: FieldErrorCode } {
  const trimmed = phone.trim();
  if (trimmed === "") return { ok: false, code: "PHONE_REQUIRED" };
  if (!country || !isCountryCode(country)) return { ok: false, code: "PHONE_COUNTRY_REQUIRED" };
  if (!/^\+?[\d\s().-]{4,24}$/.test(trimmed)) return { ok: false, code: "PHONE_INVALID" };
  // Countries without a numbering plan in the metadata (Antarctica…) have no valid phone.
  if (!isSupportedCountry(country)) return { ok: false, code: "PHONE_COUNTRY_MISMATCH" };
  const parsed = parsePhoneNumberFromString(trimmed, country as PhoneCountry);
  if (!parsed?.isPossible()) return { ok: false, code: "PHONE_INVALID" };
  if (parsed.country !== country || !parsed.isValid()) return { ok: false, code: "PHONE_COUNTRY_MISMATCH" };
  return { ok: true, e164: parsed.number };
}

/** A number written in E.164 ("+213555123456": a plus and digits only) that is a valid number somewhere; or undefined. */
export function parseE164(text: string): string | undefined {
  if (!/^\+[1-9]\d{6,14}$/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** "+213555123456" → "+213 555 12 34 56" (international format); a number it cannot read is given back as stored. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
