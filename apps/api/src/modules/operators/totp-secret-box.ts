import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// AES-256-GCM: the tag makes a secret altered in the database fail to open instead of giving a wrong secret.
const VERSION = "v1";

function keyOf(configuredKey: string): Buffer {
  return createHash("sha256").update(configuredKey).digest();
}

/** Seals a TOTP secret for the database: `v1.<iv>.<tag>.<ciphertext>`, base64url, a new IV every time. */
export function sealTotpSecret(configuredKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(configuredKey), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The TOTP secret of a sealed value; undefined when it does not open (another key, or altered). */
export function openTotpSecret(configuredKey: string, sealed: string): string | undefined {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(configuredKey), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
