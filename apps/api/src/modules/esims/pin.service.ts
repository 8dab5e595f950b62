import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from "@esim/shared/auth/contracts";
import { PIN_MAX_ATTEMPTS } from "@esim/shared/esims/contracts";
import type { Language } from "@esim/shared/locale";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import {
  clearPinTries,
  findPinState,
  findUserByEmail,
  lockPinState,
  type PinState,
  recordWrongPin,
  replacePin,
  setFirstPin,
} from "../account/index.ts";
import {
  type CodeMailLog,
  type CodePurpose,
  checkEmailedCode,
  claimCheckedCode,
  codeExpired,
  sendEmailedCode,
} from "../auth/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { pinResetMail } from "./pin.mails.ts";

const PIN_RESET: CodePurpose = "pin_reset";
const SCRYPT_KEY_BYTES = 32;
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export interface PinStatus {
  isSet: boolean;
  isBlocked: boolean;
  attemptsLeft: number;
}

/** A slow, salted hash of the PIN: `scrypt$<salt>$<key>` (base64url). Four digits need it. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt, SCRYPT_KEY_BYTES);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether `pin` matches the stored hash, compared in constant time. */
export async function isPinMatching(pin: string, stored: string): Promise<boolean> {
  const [scheme, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64url");
  const actual = await scryptAsync(pin, Buffer.from(saltText, "base64url"), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function toStatus(state: Pick<PinState, "pinHash" | "pinTries" | "isPinBlocked"> | undefined): PinStatus {
  const isBlocked = state?.isPinBlocked ?? false;
  return {
    isSet: Boolean(state?.pinHash),
    isBlocked,
    attemptsLeft: isBlocked ? 0 : Math.max(0, PIN_MAX_ATTEMPTS - (state?.pinTries ?? 0)),
  };
}

/** Whether the caller has a PIN, whether it is blocked, and the attempts left. */
export async function getPinStatus(deps: AppDeps, options: { userId: string }): Promise<PinStatus> {
  return toStatus(await findPinState(deps.db, options.userId));
}

/** Sets the PIN once; PIN_ALREADY_SET afterwards (even against a parallel first set). */
export async function setPin(deps: AppDeps, options: { userId: string; pin: string }): Promise<PinStatus> {
  const current = await findPinState(deps.db, options.userId);
  if (current?.pinHash) throw pinAlreadySet();
  const stored = await setFirstPin(deps.db, options.userId, await hashPin(options.pin), deps.now());
  if (!stored) throw pinAlreadySet();
  return toStatus(stored);
}

/**
 * Checks the caller's PIN: PIN_NOT_SET, PIN_BLOCKED, or PIN_INVALID after counting the try atomically (never more
 * than PIN_MAX_ATTEMPTS counted, even in parallel). A right PIN resets the count.
 */
export async function verifyPin(deps: AppDeps, options: { userId: string; pin: string }): Promise<void> {
  const state = await findPinState(deps.db, options.userId);
  if (!state?.pinHash) throw new AppError("PIN_NOT_SET", { message: "Set a PIN first." });
  if (state.isPinBlocked) throw pinBlocked();
  if (!(await isPinMatching(options.pin, state.pinHash))) {
    const counted = await recordWrongPin(deps.db, options.userId, PIN_MAX_ATTEMPTS);
    if (!counted || counted.isPinBlocked) throw pinBlocked();
    throw new AppError("PIN_INVALID", {
      message: `Wrong PIN; ${PIN_MAX_ATTEMPTS - counted.pinTries} attempts left.`,
    });
  }
  if (!(await clearPinTries(deps.db, options.userId))) throw pinBlocked();
}

/** Emails a 6-digit code to reset the PIN, under the rules and limits of every emailed code (emailed-codes.ts). */
export async function requestPinReset(
  deps: AppDeps,
  options: { email: string | null; language: Language; clientAddress: string; log: CodeMailLog },
): Promise<{ sent: true; resendAfterSeconds: number }> {
  const email = options.email;
  if (!email) throw new AppError("NOT_FOUND", { message: "This account has no email." });
  await sendEmailedCode(deps, {
    email,
    purpose: PIN_RESET,
    clientAddress: options.clientAddress,
    log: options.log,
    buildMail: (code) =>
      pinResetMail({ to: email, code, language: options.language, validityMinutes: CODE_TTL_MINUTES }),
  });
  return { sent: true, resendAfterSeconds: CODE_RESEND_SECONDS };
}

/**
 * Sets a new PIN with the emailed code and unblocks the PIN: the code works once, its checks limited like a sign-in
 * code's (per address, per email-and-address, the email's guess ceiling).
 */
export async function resetPin(
  deps: AppDeps,
  options: { userId: string; email: string | null; code: string; pin: string; clientAddress: string },
): Promise<PinStatus> {
  const email = options.email;
  if (!email) throw codeExpired();
  const now = deps.now();
  const latest = await checkEmailedCode(deps.db, {
    email,
    code: options.code,
    purpose: PIN_RESET,
    clientAddress: options.clientAddress,
    now,
  });
  const pinHash = await hashPin(options.pin);
  return deps.db.transaction(async (tx) => {
    await claimCheckedCode(tx, { email, codeId: latest.id, purpose: PIN_RESET, now });
    return toStatus(await replacePin(tx, options.userId, { pinHash, now }));
  });
}

/**
 * The operator's unblock: clears the count and the block, keeps the PIN, and writes the audit entry in the same
 * transaction. Idempotent: a PIN with nothing to clear (a double click) is left alone and not audited again.
 * Undefined for an unknown user.
 */
export async function unblockPin(
  deps: AppDeps,
  options: { userId: string; actor: AuditActor },
): Promise<PinStatus | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockPinState(tx, options.userId);
    if (!before) return undefined;
    if (!before.isPinBlocked && before.pinTries === 0) return toStatus(before);
    const after = await replacePin(tx, options.userId, { now });
    await recordAudit(tx, {
      operatorId: options.actor.operatorId,
      action: "customer.pin_unblocked",
      entityType: "customer",
      entityId: options.userId,
      before: { isPinBlocked: before.isPinBlocked, pinTries: before.pinTries },
      after: { isPinBlocked: after?.isPinBlocked ?? false, pinTries: after?.pinTries ?? 0 },
      ip: options.actor.ip,
      now,
    });
    return toStatus(after);
  });
}

/** unblockPin for the account with this email (the command line's way in). Undefined for an unknown email. */
export async function unblockPinByEmail(
  deps: AppDeps,
  options: { email: string; actor: AuditActor },
): Promise<PinStatus | undefined> {
  const user = await findUserByEmail(deps.db, options.email.trim().toLowerCase());
  if (!user) return undefined;
  return unblockPin(deps, { userId: user.id, actor: options.actor });
}

function pinAlreadySet() {
  return new AppError("PIN_ALREADY_SET", { message: "A PIN exists; reset it through the emailed code." });
}

function pinBlocked() {
  return new AppError("PIN_BLOCKED", { message: "Too many wrong PINs; reset it by email or ask support." });
}
