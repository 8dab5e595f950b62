import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES, type CodeSent, isProfileComplete } from "@esim/shared/auth/contracts";
import type { RegisterBody } from "@esim/shared/auth/register-contract";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@esim/shared/locale";
import { checkPhone } from "@esim/shared/phone";
import type { DbOrTx } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { generateToken, sha256Hex } from "../../lib/secrets.ts";
import { findUserByEmail, insertUser, type UserRow, updateUser } from "../account/index.ts";
import { clearDevicePushToken } from "../devices/index.ts";
import { signInCodeMail } from "./auth.mails.ts";
import {
  type CodePurpose,
  deletePendingRegistration,
  findPendingRegistration,
  insertPendingRegistration,
  type SignInCodeRow,
} from "./auth.repo.ts";
import {
  type CodeMailLog,
  checkEmailedCode,
  claimCheckedCode,
  enforceCodeRequestLimits,
  sendCodeMailAfterAnswer,
  storeNewCode,
} from "./emailed-codes.ts";
import { deleteSessionByHash, insertSession } from "./sessions.repo.ts";

const MINUTE_MS = 60 * 1000;
const SIGN_IN: CodePurpose = "sign_in";
const USER_AGENT_MAX_LENGTH = 512;

type Registration = Pick<RegisterBody, "name" | "country" | "phone" | "language">;

/**
 * Sends a new code to `email` after the limits of emailed-codes.ts (older codes asked from elsewhere keep working);
 * the answer is the same whether or not an account exists, and does not wait for the mail. Its language (decision
 * 073): the one the visitor chose (`language`: a public page's, the picker's), else the account's, else the
 * browser's; a new account starts in the chosen or the browser's.
 */
export async function requestSignInCode(
  deps: AppDeps,
  options: {
    email: string;
    language: Language | undefined;
    browserLanguage: Language | null;
    clientAddress: string;
    log: CodeMailLog;
  },
): Promise<CodeSent> {
  const { browserLanguage, ...rest } = options;
  return issueSignInCode(deps, {
    ...rest,
    language: options.language ?? browserLanguage ?? undefined,
    mailLanguage: (user) => pickLanguage(options.language, user?.language, browserLanguage),
  });
}

/**
 * Keeps the details with the code it sends (applied only when that code is verified, never over an existing verified
 * account's profile), then answers exactly like requestSignInCode.
 */
export async function registerAndSendCode(
  deps: AppDeps,
  options: { registration: Registration & { email: string }; clientAddress: string; log: CodeMailLog },
): Promise<CodeSent> {
  const { email, ...registration } = options.registration;
  return issueSignInCode(deps, {
    email,
    language: registration.language,
    // The account's language, not the form's, for an existing account: a stranger's sign-up must not choose it.
    mailLanguage: (user) => pickLanguage(user?.language, registration.language),
    clientAddress: options.clientAddress,
    log: options.log,
    registration,
  });
}

async function issueSignInCode(
  deps: AppDeps,
  options: {
    email: string;
    /** Kept with the code: the language a new account starts in. */
    language: Language | undefined;
    /** The email's language, given the account of that email if there is one. */
    mailLanguage: (user: { language: string } | undefined) => Language;
    clientAddress: string;
    log: CodeMailLog;
    registration?: Registration;
  },
): Promise<CodeSent> {
  const { email, clientAddress, registration } = options;
  const now = deps.now();
  await enforceCodeRequestLimits(deps.db, { purpose: SIGN_IN, clientAddress, now });
  const issued = await deps.db.transaction(async (tx) => {
    const { codeId, code } = await storeNewCode(deps, tx, {
      email,
      purpose: SIGN_IN,
      clientAddress,
      language: options.language ?? null,
      isMailed: true,
      now,
    });
    const user = await findUserByEmail(tx, email);
    if (registration && !user?.isVerified) {
      await insertPendingRegistration(tx, {
        codeId,
        email,
        name: registration.name,
        country: registration.country,
        phone: toE164(registration.phone, registration.country),
        language: registration.language ?? DEFAULT_LANGUAGE,
        now,
      });
    }
    return { codeId, code, language: options.mailLanguage(user) };
  });

  sendCodeMailAfterAnswer(deps, {
    codeId: issued.codeId,
    purpose: SIGN_IN,
    buildMail: () =>
      signInCodeMail({ to: email, code: issued.code, language: issued.language, validityMinutes: CODE_TTL_MINUTES }),
    log: options.log,
  });
  return { sent: true, resendAfterSeconds: CODE_RESEND_SECONDS };
}

/**
 * Exchanges one of the email's live codes for a new session (the rules of emailed-codes.ts: once, 10 minutes, wrong
 * tries counted per address). Creates or verifies the account, with the details of the registration that sent this
 * very code, if one did.
 */
export async function verifySignInCode(
  deps: AppDeps,
  options: { email: string; code: string; clientAddress: string; userAgent: string | undefined },
): Promise<{ token: string; isProfileComplete: boolean }> {
  const { email } = options;
  const now = deps.now();
  const checked = await checkEmailedCode(deps.db, {
    email,
    code: options.code,
    purpose: SIGN_IN,
    clientAddress: options.clientAddress,
    now,
  });

  return deps.db.transaction(async (tx) => {
    await claimCheckedCode(tx, { email, codeId: checked.id, purpose: SIGN_IN, now });
    const user = await findOrCreateVerifiedUser(tx, {
      email,
      code: checked,
      clientAddress: options.clientAddress,
      now,
    });
    const token = generateToken();
    await insertSession(tx, {
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + deps.config.SESSION_TTL_DAYS * 24 * 60 * MINUTE_MS),
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      now,
    });
    return { token, isProfileComplete: isProfileComplete(user) };
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
  options: {
    email: string;
    code: Pick<SignInCodeRow, "id" | "language" | "requestIp">;
    clientAddress: string;
    now: Date;
  },
): Promise<UserRow> {
  const { email, now } = options;
  const existing = await findUserByEmail(tx, email);
  if (existing?.isVerified) return existing;
  // Only the registration that sent the code verified, and only from the address that registered: a stranger's
  // registration mails its owner a code too, which they may type. Elsewhere the person fills in the profile instead.
  const registered =
    options.code.requestIp === options.clientAddress ? await findPendingRegistration(tx, options.code.id) : undefined;
  const details = {
    name: registered?.name ?? existing?.name ?? null,
    country: registered?.country ?? existing?.country ?? null,
    phone: registered?.phone ?? existing?.phone ?? null,
    // The language the code was asked in is the freshest choice the person made.
    language: pickLanguage(options.code.language, registered?.language, existing?.language),
  };
  await deletePendingRegistration(tx, email);
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
