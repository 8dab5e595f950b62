import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A new session token: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How tokens and codes are stored: SHA-256, hex. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A numeric code of `length` digits from a cryptographic source, leading zeros kept. */
export function generateNumericCode(length: number): string {
  let code = "";
  for (let index = 0; index < length; index++) code += String(randomInt(10));
  return code;
}

/** Compares two hex digests in constant time. */
export function isSameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
