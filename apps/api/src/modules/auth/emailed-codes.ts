import { CODE_MAX_TRIES, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from "@esim/shared/auth/contracts";
import { SIGN_IN_CODE_LENGTH } from "@esim/shared/fields";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { generateNumericCode, isSameDigest, sha256Hex } from "../../lib/secrets.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import {
  type CodePurpose,
  claimCode,
  deleteCode,
  findLatestCode,
  insertCode,
  lockEmail,
  recordWrongTry,
  revokeOpenCodes,
} from "./auth.repo.ts";

// The rules of a code sent by email, whatever it is for (sign-in, PIN reset): one place, because they are
// what stands between a stranger and an account.

/** How a code is stored: bound to its email, so one hash never matches another address's code. */
export function hashSignInCode(email: string, code: string): string {
  return sha256Hex(`${email}:${code}`);
}

/** Refuses a new code less than 60 s after the previous one of the same purpose (the resend countdown). */
export function assertCanResendCode(latest: { createdAt: Date } | undefined, now: Date): void {
  if (!latest) return;
  const waitMs = latest.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime();
  if (waitMs > 0) {
    throw new AppError("CODE_RESEND_TOO_SOON", {
      message: "A code was sent less than a minute ago.",
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
}

/**
 * Sends a freshly stored code. If the mail cannot go, the code is deleted (its owner must not wait 60 s for a
 * code that never came) and the answer is SERVICE_UNAVAILABLE.
 */
export async function sendCodeMail(deps: Pick<AppDeps, "db" | "mailer">, codeId: string, message: MailMessage) {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    await deleteCode(deps.db, codeId);
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The email could not be sent; try again shortly.",
      cause: error,
    });
  }
}

/**
 * Issues a code of another purpose than sign-in (a PIN reset) for an account's email and mails it: the 60 s resend
 * rule, older codes of the purpose revoked, 10 minutes of validity; the mail goes after commit.
 */
export async function sendEmailedCode(
  deps: Pick<AppDeps, "db" | "mailer" | "now">,
  options: {
    email: string;
    purpose: CodePurpose;
    clientAddress: string;
    /**
     * The email carrying the code; undefined keeps the code without sending it, for an address that must get the same
     * answers as a real one (the console's sign-in for an email that is no operator's).
     */
    buildMail: (code: string) => MailMessage | undefined;
  },
): Promise<void> {
  const { email, purpose } = options;
  const now = deps.now();
  const issued = await deps.db.transaction(async (tx) => {
    await lockEmail(tx, email, purpose);
    assertCanResendCode(await findLatestCode(tx, email, purpose), now);
    const code = generateNumericCode(SIGN_IN_CODE_LENGTH);
    await revokeOpenCodes(tx, email, now, purpose);
    const codeId = await insertCode(tx, {
      email,
      codeHash: hashSignInCode(email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      requestIp: options.clientAddress,
      language: null,
      createdAt: now,
      purpose,
    });
    return { codeId, code };
  });
  const message = options.buildMail(issued.code);
  if (message) await sendCodeMail(deps, issued.codeId, message);
}

/**
 * Checks a typed code against the email's live code of this purpose: none, used or past 10 minutes →
 * CODE_EXPIRED; burnt → CODE_BURNT; wrong → CODE_INVALID, the try counted atomically (the fifth burns it).
 * Answers the live code; the caller claims it with `claimCheckedCode` in its transaction.
 */
export async function checkEmailedCode(
  db: DbOrTx,
  options: { email: string; code: string; purpose: CodePurpose; now: Date },
) {
  const { email, now } = options;
  const latest = await findLatestCode(db, email, options.purpose);
  if (!latest || latest.usedAt || latest.expiresAt <= now) throw codeExpired();
  if (latest.tries >= CODE_MAX_TRIES) throw codeBurnt();
  if (!isSameDigest(latest.codeHash, hashSignInCode(email, options.code))) {
    const tries = await recordWrongTry(db, latest.id, { maxTries: CODE_MAX_TRIES, now });
    if (tries === undefined || tries >= CODE_MAX_TRIES) throw codeBurnt();
    throw new AppError("CODE_INVALID", { message: "This code is not the one we sent." });
  }
  return latest;
}

/** Marks a checked code used inside the caller's transaction: a code works once, even under parallel requests. */
export async function claimCheckedCode(
  tx: DbOrTx,
  options: { email: string; codeId: string; purpose: CodePurpose; now: Date },
): Promise<void> {
  await lockEmail(tx, options.email, options.purpose);
  if (!(await claimCode(tx, options.codeId, options.now))) throw codeExpired();
}

/** No live code: the user asks for a new one. */
export function codeExpired() {
  return new AppError("CODE_EXPIRED", { message: "No live code for this email; ask for a new one." });
}

function codeBurnt() {
  return new AppError("CODE_BURNT", { message: "Too many wrong tries; ask for a new code." });
}
