import { createHash } from "node:crypto";

/**
 * A number in [0, 1) derived from a key (FNV-1a, 32 bits): the simulator's only source of variety, so the
 * same key gives the same catalogue on every run and every machine.
 */
export function hashUnit(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

/** `length` decimal digits derived from a key (SHA-256), for identifiers that must not collide in practice. */
export function hashDigits(key: string, length: number): string {
  let digits = "";
  let round = 0;
  while (digits.length < length) {
    const hex = createHash("sha256").update(`${key}#${round}`).digest("hex");
    // 13 hex digits stay below 2^53, so the conversion is exact.
    for (let start = 0; start + 13 <= hex.length && digits.length < length; start += 13) {
      digits += String(Number.parseInt(hex.slice(start, start + 13), 16) % 10 ** 15).padStart(15, "0");
    }
    round++;
  }
  return digits.slice(0, length);
}

/** Luhn check digit, as ICCIDs carry. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}
