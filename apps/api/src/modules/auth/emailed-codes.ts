import { CODE_MAX_TRIES, CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from "@esim/shared/auth/contracts";
import { SIGN_IN_CODE_LENGTH } from "@esim/shared/fields";
import type { Database, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { countHit, enforceRateLimit } from "../../lib/rate-counter.ts";
import { generateNumericCode, isSameDigest, sha256Hex } from "../../lib/secrets.ts";
import type { MailMessage } from "../../providers/mail/mail-port.ts";
import {
  type CodePurpose,
  claimCode,
  deleteCode,
  findLatestCodeFrom,
  findLiveCodes,
  insertCode,
  lockEmail,
  recordWrongTry,
  revokeOpenCodes,
  type SignInCodeRow,
} from "./auth.repo.ts";

// The rules of a code sent by email, whatever it is for (a customer's sign-in, an operator's, a PIN reset): one place,
// because they are what stands between a stranger and an account. Every limit a stranger could reach is counted per
// client address or per email-and-address, so nobody can spend it for someone else; the only email-wide limit is the
// guess ceiling, set where brute force stays hopeless (docs/decisions/056-emailed-codes-a-stranger-cannot-spend.md).

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** The limits of every emailed code, counted in PostgreSQL so that every instance shares them. */
export const EMAILED_CODE_LIMITS = {
  /** Code requests from one client address, whatever the email. */
  codeRequestsPerAddress: { max: 20, windowMs: 10 * MINUTE_MS },
  /** Codes one address may have sent to one email (the 60 s resend wait is counted the same way). */
  codesPerEmailAndAddress: { max: 10, windowMs: HOUR_MS },
  /** Code checks from one client address, whatever the email. */
  verifyAttemptsPerAddress: { max: 30, windowMs: 10 * MINUTE_MS },
  /** Code checks from one address for one email: two codes' worth of typos. */
  verifyAttemptsPerEmailAndAddress: { max: 10, windowMs: HOUR_MS },
  /**
   * The guess ceiling: live codes tried, summed over every check of one email (a check against 3 live codes counts 3),
   * so that brute force gets at most 200 chances in a million an hour, however many codes are live.
   */
  codeChecksPerEmail: { max: 200, windowMs: HOUR_MS },
} as const;

/** Whose codes a budget pays for: the console's operators have their own, so a flood of customers' codes spares them. */
type MailBudget = "customers" | "operators";

/** What a purpose's counters are called: the sign-in's and the console's keys are those they always had. */
const KEY_PREFIX: Record<CodePurpose, string> = {
  sign_in: "sign-in",
  operator_sign_in: "operator",
  pin_reset: "pin-reset",
};

/** How a code is stored: bound to its email, so one hash never matches another address's code. */
export function hashSignInCode(email: string, code: string): string {
  return sha256Hex(`${email}:${code}`);
}

/**
 * The request limits of a new code, counted before any work: code requests from the client address. The rest
 * (resend wait, per email-and-address cap, sending budget) is checked by `storeNewCode` under the email's lock.
 */
export async function enforceCodeRequestLimits(
  db: DbOrTx,
  options: { purpose: CodePurpose; clientAddress: string; now: Date },
): Promise<void> {
  const prefix = KEY_PREFIX[options.purpose];
  await enforceRateLimit(
    db,
    { key: `${prefix}-code:address:${options.clientAddress}`, ...EMAILED_CODE_LIMITS.codeRequestsPerAddress },
    options.now,
  );
}

/**
 * Stores a new code in the caller's transaction and answers it in clear, for the mail: refused within 60 s of the
 * previous code asked for this email from this address (CODE_RESEND_TOO_SOON), past 10 codes an hour for this email
 * from this address (RATE_LIMITED), or when the shop's sending budget of the minute is spent
 * (CODE_MAIL_BUDGET_EXCEEDED). Only the codes asked from the same address are replaced: a stranger asking for a code
 * leaves the one its owner asked for minutes ago working.
 */
export async function storeNewCode(
  deps: Pick<AppDeps, "config">,
  tx: DbOrTx,
  options: {
    email: string;
    purpose: CodePurpose;
    clientAddress: string;
    language: string | null;
    /** False for a code kept but never mailed (the console's sign-in for an email that is no operator's). */
    isMailed: boolean;
    now: Date;
  },
): Promise<{ codeId: string; code: string }> {
  const { email, purpose, clientAddress, now } = options;
  const prefix = KEY_PREFIX[purpose];
  await lockEmail(tx, email, purpose);
  assertCanResendCode(await findLatestCodeFrom(tx, { email, purpose, requestIp: clientAddress }), now);
  await enforceRateLimit(
    tx,
    { key: `${prefix}-code:email-address:${email}:${clientAddress}`, ...EMAILED_CODE_LIMITS.codesPerEmailAndAddress },
    now,
  );
  await spendMailBudget(deps, tx, {
    budget: purpose === "operator_sign_in" ? "operators" : "customers",
    isMailed: options.isMailed,
    now,
  });
  const code = generateNumericCode(SIGN_IN_CODE_LENGTH);
  await revokeOpenCodes(tx, { email, purpose, now, requestIp: clientAddress });
  const codeId = await insertCode(tx, {
    email,
    codeHash: hashSignInCode(email, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS),
    requestIp: clientAddress,
    language: options.language,
    createdAt: now,
    purpose,
  });
  return { codeId, code };
}

/**
 * Counts one code email against the shop's budget of the minute (every instance's): a flood of requests for many
 * addresses cannot turn the shop into a mailer for anyone. The operators' own small budget keeps the console
 * reachable while the customers' one is spent. A code never mailed spends nothing, so strangers asking the console
 * for made-up emails cannot spend the operators' budget, but is refused alike once it is spent: the answer never
 * tells an operator's email from another (the same single statement runs either way).
 */
async function spendMailBudget(
  deps: Pick<AppDeps, "config">,
  tx: DbOrTx,
  options: { budget: MailBudget; isMailed: boolean; now: Date },
): Promise<void> {
  const max =
    options.budget === "operators" ? deps.config.OPERATOR_CODE_MAILS_PER_MINUTE : deps.config.CODE_MAILS_PER_MINUTE;
  const hits = options.isMailed ? 1 : 0;
  const { count, retryAfterSeconds } = await countHit(tx, {
    key: `code-mails:${options.budget}`,
    windowMs: MINUTE_MS,
    now: options.now,
    hits,
  });
  // The count this email would make, mailed or not.
  if (count - hits + 1 > max) {
    throw new AppError("CODE_MAIL_BUDGET_EXCEEDED", {
      message: "The shop is sending too many codes right now; try again in a minute.",
      retryAfterSeconds,
    });
  }
}

/** Refuses a new code less than 60 s after the previous one asked from the same place (the resend countdown). */
function assertCanResendCode(latest: { createdAt: Date } | undefined, now: Date): void {
  if (!latest) return;
  const waitMs = latest.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - now.getTime();
  if (waitMs > 0) {
    throw new AppError("CODE_RESEND_TOO_SOON", {
      message: "A code was sent less than a minute ago.",
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
}

/** Where a failed code email is reported (the request's logger): never the code, the email or the text. */
export interface CodeMailLog {
  warn(details: object, message: string): void;
}

// Code emails still on their way, so a test (or a closing process) can wait for them.
const mailsInFlight = new Set<Promise<void>>();

/**
 * Sends a freshly stored code after the answer, never holding it: the mail is written and sent once the event loop has
 * moved on (the answer is out by then), so the answer takes the same time whether a mail goes (an operator's address,
 * an SMTP server taking half a second) or not. If the mail fails, the code is deleted, so its owner may ask again at
 * once rather than wait 60 s for a code that never came.
 */
export function sendCodeMailAfterAnswer(
  deps: Pick<AppDeps, "db" | "mailer">,
  options: { codeId: string; purpose: CodePurpose; buildMail: () => Promise<MailMessage>; log: CodeMailLog },
): void {
  const sending = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => deps.mailer.send(await options.buildMail()))
    .catch(async (error: unknown) => {
      options.log.warn(
        // The error's code only (ECONNECTION, EENVELOPE…): an SMTP message may quote the recipient.
        { purpose: options.purpose, reason: errorCodeOf(error) },
        "a code email could not be sent; the code was deleted so its owner can ask again",
      );
      await deleteCode(deps.db, options.codeId).catch(() => undefined);
    });
  const tracked = sending.finally(() => mailsInFlight.delete(tracked));
  mailsInFlight.add(tracked);
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.name : "unknown";
}

/** Resolves once every code email started so far has been sent (or has failed). */
export async function codeMailsSent(): Promise<void> {
  await Promise.all([...mailsInFlight]);
}

/**
 * Issues a code of another purpose than the customers' sign-in (a PIN reset, the console's sign-in) for an email, under
 * the same rules (`storeNewCode`), and mails it after the answer.
 */
export async function sendEmailedCode(
  deps: Pick<AppDeps, "config" | "db" | "mailer" | "now">,
  options: {
    email: string;
    purpose: CodePurpose;
    clientAddress: string;
    log: CodeMailLog;
    /**
     * The email carrying the code; undefined keeps the code without sending it, for an address that must get the same
     * answers as a real one (the console's sign-in for an email that is no operator's).
     */
    buildMail: ((code: string) => Promise<MailMessage>) | undefined;
  },
): Promise<void> {
  const { email, purpose, clientAddress, buildMail } = options;
  const now = deps.now();
  await enforceCodeRequestLimits(deps.db, { purpose, clientAddress, now });
  const issued = await deps.db.transaction((tx) =>
    storeNewCode(deps, tx, { email, purpose, clientAddress, language: null, isMailed: Boolean(buildMail), now }),
  );
  if (buildMail) {
    sendCodeMailAfterAnswer(deps, {
      codeId: issued.codeId,
      purpose,
      buildMail: () => buildMail(issued.code),
      log: options.log,
    });
  }
}

/**
 * Checks a typed code against the email's live codes of this purpose, after the limits on checks (per address, per
 * email-and-address, and the email's guess ceiling; RATE_LIMITED). None live → CODE_EXPIRED, or CODE_BURNT when the
 * code asked from this address was burnt; wrong → CODE_INVALID. A wrong try counts against the codes asked from the
 * same address only (the fifth burns such a code): a stranger's guesses never burn the owner's code.
 * Answers the matching code; the caller claims it with `claimCheckedCode` in its transaction.
 */
export async function checkEmailedCode(
  db: Database,
  options: { email: string; code: string; purpose: CodePurpose; clientAddress: string; now: Date },
): Promise<SignInCodeRow> {
  const { email, purpose, clientAddress, now } = options;
  const prefix = KEY_PREFIX[purpose];
  await enforceRateLimit(
    db,
    { key: `${prefix}-verify:address:${clientAddress}`, ...EMAILED_CODE_LIMITS.verifyAttemptsPerAddress },
    now,
  );
  await enforceRateLimit(
    db,
    {
      key: `${prefix}-verify:email-address:${email}:${clientAddress}`,
      ...EMAILED_CODE_LIMITS.verifyAttemptsPerEmailAndAddress,
    },
    now,
  );
  const live = await findLiveCodes(db, { email, purpose, now });
  if (live.length === 0) {
    const own = await findLatestCodeFrom(db, { email, purpose, requestIp: clientAddress });
    throw own && own.tries >= CODE_MAX_TRIES && !own.usedAt ? codeBurnt() : codeExpired();
  }
  // Counted before comparing, whatever the outcome: parallel guesses cannot slip past the ceiling.
  const ceiling = EMAILED_CODE_LIMITS.codeChecksPerEmail;
  const checks = await countHit(db, {
    key: `${prefix}-verify:email:${email}`,
    windowMs: ceiling.windowMs,
    now,
    hits: live.length,
  });
  if (checks.count > ceiling.max) {
    throw new AppError("RATE_LIMITED", {
      message: "Too many attempts; wait and try again.",
      retryAfterSeconds: checks.retryAfterSeconds,
    });
  }
  const typedHash = hashSignInCode(email, options.code);
  const matching = live.find((row) => isSameDigest(row.codeHash, typedHash));
  if (matching) return matching;

  let isOwnCodeBurnt = false;
  for (const own of live.filter((row) => row.requestIp === clientAddress)) {
    const tries = await recordWrongTry(db, own.id, { maxTries: CODE_MAX_TRIES, now });
    if (tries === undefined || tries >= CODE_MAX_TRIES) isOwnCodeBurnt = true;
  }
  if (isOwnCodeBurnt) throw codeBurnt();
  throw new AppError("CODE_INVALID", { message: "This code is not the one we sent." });
}

/**
 * Marks a checked code used inside the caller's transaction: a code works once, even under parallel requests. Using a
 * code is its holder's word: the email's other open codes of this purpose are revoked with it.
 */
export async function claimCheckedCode(
  tx: DbOrTx,
  options: { email: string; codeId: string; purpose: CodePurpose; now: Date },
): Promise<void> {
  const { email, purpose, now } = options;
  await lockEmail(tx, email, purpose);
  if (!(await claimCode(tx, options.codeId, now))) throw codeExpired();
  await revokeOpenCodes(tx, { email, purpose, now });
}

/** No live code: the user asks for a new one. */
export function codeExpired() {
  return new AppError("CODE_EXPIRED", { message: "No live code for this email; ask for a new one." });
}

function codeBurnt() {
  return new AppError("CODE_BURNT", { message: "Too many wrong tries; ask for a new code." });
}
