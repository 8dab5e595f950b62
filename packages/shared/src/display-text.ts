import * as z from "zod/mini";
import type { FieldErrorCode } from "./errors.ts";

// Text one person types and others read (a name on the console, in an email, on an invoice): stored in Unicode NFC
// and free of the characters that hide or reorder what is shown. Decision 060.

/**
 * Refused: controls (line breaks, tabs, C1), format characters (bidi embeddings, overrides, isolates and marks,
 * zero-width spaces and joiners, word joiner, BOM, soft hyphen, interlinear annotations, tags), line and paragraph
 * separators, and lone surrogates.
 */
const HIDDEN = "[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}]";

/**
 * A zero-width non-joiner between two Arabic-script letters is spelling (Persian, Kurdish, Urdu write it inside
 * words), it neither hides nor reorders anything; anywhere else it is refused like the others. Matched as group 1.
 */
const SPELLING_ZWNJ = "(?<=\\p{Script=Arabic})(\u200C)(?=\\p{Script=Arabic})";

/** A refused character, or (group 1) a spelling ZWNJ, which is kept. */
const HIDDEN_OR_SPELLING_ZWNJ = new RegExp(`${SPELLING_ZWNJ}|${HIDDEN}`, "gu");

/** Line breaks and tabs become a space when stored text is shown on one line. */
const LINE_BREAKING = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;

interface DisplayTextOptions {
  /** A paragraph a person writes (a reason): line feeds are kept, every other refused character still refused. */
  isMultiline?: boolean;
}

/** Whether the text holds a character refused in display text (see HIDDEN); `\n` allowed in a multi-line text. */
export function hasHiddenCharacters(text: string, options: DisplayTextOptions = {}): boolean {
  for (const [character, spellingZwnj] of text.matchAll(HIDDEN_OR_SPELLING_ZWNJ)) {
    if (spellingZwnj === undefined && !(options.isMultiline && character === "\n")) return true;
  }
  return false;
}

/**
 * Stored text made safe to show, for rows saved before the rule (or written by something that skipped it): NFC, line
 * breaks and tabs as spaces (kept as `\n` in a multi-line text), every other refused character taken out. Every
 * surface that prints stored text outside React (the invoice PDF, emails, CSV exports) passes it through this.
 */
export function toDisplayText(text: string, options: DisplayTextOptions = {}): string {
  const lines = options.isMultiline
    ? text.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").split("\n")
    : [text.replace(LINE_BREAKING, " ")];
  return lines
    .map((line) => line.normalize("NFC").replace(HIDDEN_OR_SPELLING_ZWNJ, (_, spellingZwnj) => spellingZwnj ?? ""))
    .join("\n");
}

/**
 * The contract of a display text: trimmed, in NFC (so "é" typed as e + U+0301 is stored as one letter), refused with
 * TEXT_INVISIBLE_CHARACTERS when it holds a character of HIDDEN. `error` is the code of a value that is not a string;
 * add the field's own length rules with `.check(…)`, they run after this one.
 */
export function displayText(options: DisplayTextOptions & { error: FieldErrorCode }) {
  return z.string({ error: options.error }).check(
    z.trim(),
    z.normalize("NFC"),
    ...(options.isMultiline ? [z.overwrite((value: string) => value.replace(/\r\n?/g, "\n"))] : []),
    z.refine((value: string) => !hasHiddenCharacters(value, options), "TEXT_INVISIBLE_CHARACTERS"),
  );
}
