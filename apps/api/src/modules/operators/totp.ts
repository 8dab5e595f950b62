import { Secret, TOTP } from "otpauth";

// RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 s.
const ISSUER = "eSIM Store console";
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock 30 s off, or a code typed as it changed, still works. */
const WINDOW_STEPS = 1;

function totpFor(secretBase32: string, label = "") {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address authenticator apps read from a QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The time step a typed code belongs to (within one step of now), or undefined when it matches none. */
export function matchTotpStep(secretBase32: string, token: string, now: Date): number | undefined {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp: now.getTime(), window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code an authenticator shows at `now` (tests and the CLI's own checks). */
export function currentTotp(secretBase32: string, now: Date): string {
  return totpFor(secretBase32).generate({ timestamp: now.getTime() });
}
