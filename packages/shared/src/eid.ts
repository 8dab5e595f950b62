import type { FieldErrorCode } from "./errors.ts";

// The EID (eUICC identifier) names the eSIM chip of a phone: 32 digits whose last two are check digits computed
// as for an IBAN (ISO/IEC 7064 MOD 97-10, GSMA SGP.29), so the whole number modulo 97 is 1.

export const EID_LENGTH = 32;

/** The codes `checkEid` answers with, in the order it checks. */
export type EidErrorCode = Extract<FieldErrorCode, "EID_REQUIRED" | "EID_DIGITS_ONLY" | "EID_LENGTH" | "EID_CHECKSUM">;

// Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, typed by an Arabic keyboard.
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Replaces Arabic-Indic digits with 0–9, so a number typed on an Arabic keyboard reads the same. */
export function toAsciiDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}

/** The remainder of a decimal string divided by 97, digit by digit (no BigInt, no precision loss). */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/**
 * Checks an EID as a person types or pastes it: spaces and dashes (the way phones group it) are ignored. Answers
 * the 32 digits, or the first rule it breaks: nothing typed, something other than digits, not 32 digits, or
 * check digits that do not match (a mistyped or swapped digit).
 */
export function checkEid(input: string): { ok: true; eid: string } | { ok: false; code: EidErrorCode } {
  const eid = toAsciiDigits(input).replace(/[\s\-\u2010-\u2015]/g, "");
  if (eid === "") return { ok: false, code: "EID_REQUIRED" };
  if (!/^\d+$/.test(eid)) return { ok: false, code: "EID_DIGITS_ONLY" };
  if (eid.length !== EID_LENGTH) return { ok: false, code: "EID_LENGTH" };
  if (mod97(eid) !== 1) return { ok: false, code: "EID_CHECKSUM" };
  return { ok: true, eid };
}

/** The two check digits that complete the first 30 digits of an EID (98 − (first30 × 100 mod 97)). */
export function eidCheckDigits(first30: string): string {
  if (!new RegExp(`^\\d{${EID_LENGTH - 2}}$`).test(first30)) {
    throw new Error(`eidCheckDigits needs ${EID_LENGTH - 2} digits`);
  }
  return String(98 - mod97(`${first30}00`)).padStart(2, "0");
}
