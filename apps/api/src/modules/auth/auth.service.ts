import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES, type CodeSent } from "@esim/shared/auth/contracts";
import type { RegisterBody } from "@esim/shared/auth/register-contract";
import { SIGN_IN_CODE_LENGTH } from "@esim/shared/fields";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@esim/shared/locale";
import { checkPhone } from "@esim/shared/phone";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { enforceRateLimit } from "../../lib/rate-counter.ts";
import { generateNumericCode, generateToken, sha256Hex } from "../../lib/secrets.ts";
import { findUserByEmail, insertUser, type UserRow, updateUser } from "../account/index.ts";
import { clearDevicePushToken } from "../devices/index.ts";
import { signInCodeMail } from "./auth.mails.ts";
import {
  deletePendingRegistration,
  findLatestCode,
  findPendingRegistration,
  insertCode,
  lockEmail,
  revokeOpenCodes,
  upsertPendingRegistration,
} from "./auth.repo.ts";
import {
  assertCanResendCode,
  checkEmailedCode,
  claimCheckedCode,
  hashSignInCode,
  sendCodeMail,
} from "./emailed-codes.ts";
import { deleteSessionByHash, insertSession } from "./sessions.repo.ts";

const MINUTE_MS = 60 * 1000;

/** Sign-in limits beyond the 60 s resend wait; counted in PostgreSQL so every instance shares them. */
const SIGN_IN_LIMITS = {
  codesPerEmail: { max: 10, windowMs: 60 * MINUTE_MS },
  codeRequestsPerAddress: { max: 20, windowMs: 10 * MINUTE_MS },
  verifyAttemptsPerAddress: { max: 30, windowMs: 10 * MINUTE_MS },
} as const;

const USER_AGENT_MAX_LENGTH = 512;

type Registration = Pick<RegisterBody, "name" | "country" | "phone" | "language">;

/**
 * Sends a new code to `email` (revoking older ones) after the address, resend and per-email
 * limits; the answer is the same whether or not an account exists.
 */
export async function requestSignInCode(
  deps: AppDeps,
  options: { email: string; language: Language | undefined; clientAddress: string },
): Promise<CodeSent> {
  return issueSignInCode(deps, options);
}

/**
 * Keeps the details for when the email is verified (never over an existing verified
 * account's profile), then sends a code exactly like requestSignInCode.
 */
export async function registerAndSendCode(
  deps: AppDeps,
  options: { registration: Registration & { email: string }; clientAddress: string },
): Promise<CodeSent> {
  const { email, ...registration } = options.registration;
  return issueSignInCode(deps, {
    email,
    language: registration.language,
    clientAddress: options.clientAddress,
    registration,
  });
}

async function issueSignInCode(
  deps: AppDeps,
  options: { email: string; language: Language | undefined; clientAddress: string; registration?: Registration },
): Promise<CodeSent> {
  const { email } = options;
  const now = deps.now();
  await enforceRateLimit(
    deps.db,
    { key: `sign-in-code:address:${options.clientAddress}`, ...SIGN_IN_LIMITS.codeRequestsPerAddress },
    now,
  );
  const issued = await deps.db.transaction(async (tx) => {
    await lockEmail(tx, email);
    assertCanResendCode(await findLatestCode(tx, email), now);
    await enforceRateLimit(tx, { key: `sign-in-code:email:${email}`, ...SIGN_IN_LIMITS.codesPerEmail }, now);

    const user = await findUserByEmail(tx, email);
    if (options.registration && !user?.isVerified) {
      const { name, country, phone, language } = options.registration;
      await upsertPendingRegistration(tx, {
        email,
        name,
        country,
        phone: toE164(phone, country),
        language: language ?? DEFAULT_LANGUAGE,
        now,
      });
    }
    const pending = user ? undefined : await findPendingRegistration(tx, email);
    const code = generateNumericCode(SIGN_IN_CODE_LENGTH);
    await revokeOpenCodes(tx, email, now);
    const codeId = await insertCode(tx, {
      email,
      codeHash: hashSignInCode(email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS),
      requestIp: options.clientAddress,
      language: options.language ?? null,
      createdAt: now,
    });
    return { codeId, code, language: pickLanguage(user?.language, options.language, pending?.language) };
  });

  // Sent after commit, so no database connection or lock waits on the mail server.
  await sendCodeMail(
    deps,
    issued.codeId,
    signInCodeMail({ to: email, code: issued.code, language: issued.language, validityMinutes: CODE_TTL_MINUTES }),
  );
  return { sent: true, resendAfterSeconds: CODE_RESEND_SECONDS };
}

/**
 * Exchanges the live code of an email for a new session. A code works once, even under
 * parallel requests; the fifth wrong try burns it. Creates (from the pending registration)
 * or verifies the account.
 */
export async function verifySignInCode(
  deps: AppDeps,
  options: { email: string; code: string; clientAddress: string; userAgent: string | undefined },
): Promise<{ token: string; isProfileComplete: boolean }> {
  const { email } = options;
  const now = deps.now();
  await enforceRateLimit(
    deps.db,
    { key: `sign-in-verify:address:${options.clientAddress}`, ...SIGN_IN_LIMITS.verifyAttemptsPerAddress },
    now,
  );
  const latest = await checkEmailedCode(deps.db, { email, code: options.code, purpose: "sign_in", now });

  return deps.db.transaction(async (tx) => {
    await claimCheckedCode(tx, { email, codeId: latest.id, purpose: "sign_in", now });
    const user = await findOrCreateVerifiedUser(tx, { email, codeLanguage: latest.language, now });
    const token = generateToken();
    await insertSession(tx, {
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + deps.config.SESSION_TTL_DAYS * 24 * 60 * MINUTE_MS),
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      now,
    });
    return { token, isProfileComplete: Boolean(user.name && user.country) };
  });
}

/**
 * Ends this session only; the user's other devices stay signed in. With the app's device id, that phone's push token
 * is forgotten too, so it no longer shows the account's alerts (its device record stays).
 */
export async function signOut(
  deps: AppDeps,
  options: { tokenHash: string; userId: string; deviceId: string | undefined },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await deleteSessionByHash(tx, options.tokenHash);
    if (options.deviceId) await clearDevicePushToken(tx, { userId: options.userId, deviceId: options.deviceId, now });
  });
}

async function findOrCreateVerifiedUser(
  tx: DbOrTx,
  options: { email: string; codeLanguage: string | null; now: Date },
): Promise<UserRow> {
  const { email, now } = options;
  const existing = await findUserByEmail(tx, email);
  if (existing?.isVerified) return existing;
  const pending = await findPendingRegistration(tx, email);
  const details = {
    name: pending?.name ?? existing?.name ?? null,
    country: pending?.country ?? existing?.country ?? null,
    phone: pending?.phone ?? existing?.phone ?? null,
    // The language the latest code was asked in is the freshest choice the person made.
    language: pickLanguage(options.codeLanguage, pending?.language, existing?.language),
  };
  if (pending) await deletePendingRegistration(tx, email);
  if (existing) return (await updateUser(tx, existing.id, { ...details, isVerified: true, now }))!;
  return insertUser(tx, { email, ...details, isVerified: true, now });
}

function pickLanguage(...candidates: (string | null | undefined)[]): Language {
  return candidates.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

function toE164(phone: string | null | undefined, country: string): string | null {
  if (phone == null || phone.trim() === "") return null;
  const checked = checkPhone(phone, country);
  // The contract already refused a phone that does not check; this only normalises it.
  return checked.ok ? checked.e164 : null;
}
