import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES, type CodeSent } from "@esim/shared/auth/contracts";
import {
  OPERATOR_CHALLENGE_MAX_TRIES,
  OPERATOR_CHALLENGE_TTL_MINUTES,
  OPERATOR_SESSION_TTL_HOURS,
  type OperatorView,
} from "@esim/shared/console/contracts";
import type { OperatorRole } from "@esim/shared/console/roles";
import { DEFAULT_LANGUAGE, type Language } from "@esim/shared/locale";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { enforceRateLimit } from "../../lib/rate-counter.ts";
import { generateToken, sha256Hex } from "../../lib/secrets.ts";
import type { AuthenticatedOperator } from "../../plugins/auth.ts";
import { type CodeMailLog, checkEmailedCode, claimCheckedCode, sendEmailedCode } from "../auth/index.ts";
import { recordAudit } from "./audit.service.ts";
import { operatorCodeMail } from "./operators.mails.ts";
import {
  claimChallenge,
  claimTotpStep,
  deleteOperatorSignInRowsEndedBefore,
  findLiveChallenge,
  findLiveOperatorSession,
  findOperatorByEmail,
  insertChallenge,
  insertOperator,
  insertOperatorSession,
  listLiveOperatorSessions,
  type OperatorRow,
  recordChallengeWrongTry,
  revokeOperatorSession,
  setPendingTotpSecret,
} from "./operators.repo.ts";
import { generateTotpSecret, matchTotpStep, totpUri } from "./totp.ts";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-box.ts";

const MINUTE_MS = 60 * 1000;
const PURPOSE = "operator_sign_in";
const USER_AGENT_MAX_LENGTH = 512;

/** The authenticator step's limit per client address, counted with the emailed code's checks (emailed-codes.ts). */
const TOTP_ATTEMPTS_PER_ADDRESS = { max: 30, windowMs: 10 * MINUTE_MS } as const;

export function presentOperator(operator: Pick<OperatorRow, "id" | "email" | "role" | "isEnrolled">): OperatorView {
  return { id: operator.id, email: operator.email, role: operator.role, isEnrolled: operator.isEnrolled };
}

/** Creates an operator; idempotent on the email (an existing one is answered as is, nothing written). Audited. */
export async function createOperator(
  deps: Pick<AppDeps, "db" | "now">,
  options: { email: string; role: OperatorRole; actorOperatorId: string | null; ip: string | null },
): Promise<{ isCreated: boolean; operator: OperatorRow }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const created = await insertOperator(tx, { email: options.email, role: options.role, now });
    if (!created) return { isCreated: false, operator: (await findOperatorByEmail(tx, options.email))! };
    await recordAudit(tx, {
      operatorId: options.actorOperatorId,
      action: "operator.created",
      entityType: "operator",
      entityId: created.id,
      before: null,
      after: { email: created.email, role: created.role },
      ip: options.ip,
      now,
    });
    return { isCreated: true, operator: created };
  });
}

/**
 * Emails a console sign-in code to an enabled operator, under the rules and limits of every emailed code
 * (emailed-codes.ts; the operators' own sending budget). The answers, and their time, are the same for an email that
 * is no operator's: a code is stored all the same, nothing is sent, and an operator's mail goes after the answer.
 */
export async function requestOperatorCode(
  deps: AppDeps,
  options: { email: string; language: Language | undefined; clientAddress: string; log: CodeMailLog },
): Promise<CodeSent> {
  const { email } = options;
  const operator = await findOperatorByEmail(deps.db, email);
  const isOperator = Boolean(operator && !operator.disabledAt);
  await sendEmailedCode(deps, {
    email,
    purpose: PURPOSE,
    clientAddress: options.clientAddress,
    log: options.log,
    buildMail: isOperator
      ? (code) =>
          operatorCodeMail({
            to: email,
            code,
            language: options.language ?? DEFAULT_LANGUAGE,
            validityMinutes: CODE_TTL_MINUTES,
          })
      : undefined,
  });
  return { sent: true, resendAfterSeconds: CODE_RESEND_SECONDS };
}

type VerifiedCode =
  | { step: "totp"; challenge: string; expiresInSeconds: number }
  | { step: "enrol"; challenge: string; expiresInSeconds: number; secret: string; otpauthUri: string };

/**
 * Exchanges the emailed code (the customers' rules: once, 10 minutes, 5 tries) for a 5-minute challenge to answer with
 * the authenticator. An operator not enrolled yet also gets a fresh TOTP secret, shown this once.
 */
export async function verifyOperatorCode(
  deps: AppDeps,
  options: { email: string; code: string; clientAddress: string },
): Promise<VerifiedCode> {
  const { email } = options;
  const now = deps.now();
  // Checked first for every email, so an email that is no operator's gets the same answers (see requestOperatorCode).
  const latest = await checkEmailedCode(deps.db, {
    email,
    code: options.code,
    purpose: PURPOSE,
    clientAddress: options.clientAddress,
    now,
  });
  const operator = await findOperatorByEmail(deps.db, email);
  // Only a guess can match a code never mailed: answered as any wrong code.
  if (!operator || operator.disabledAt)
    throw new AppError("CODE_INVALID", { message: "This code is not the one we sent." });

  return deps.db.transaction(async (tx) => {
    await claimCheckedCode(tx, { email, codeId: latest.id, purpose: PURPOSE, now });
    const challenge = generateToken();
    const expiresInSeconds = OPERATOR_CHALLENGE_TTL_MINUTES * 60;
    await insertChallenge(tx, {
      operatorId: operator.id,
      tokenHash: sha256Hex(challenge),
      expiresAt: new Date(now.getTime() + expiresInSeconds * 1000),
      now,
    });
    if (operator.isEnrolled) return { step: "totp", challenge, expiresInSeconds };
    const secret = generateTotpSecret();
    await setPendingTotpSecret(tx, operator.id, sealTotpSecret(deps.config.OPERATOR_TOTP_KEY, secret));
    return { step: "enrol", challenge, expiresInSeconds, secret, otpauthUri: totpUri(secret, email) };
  });
}

/**
 * Answers a challenge with the authenticator's code: enrols an operator on their first valid code, then opens a
 * 12-hour session (token stored as its SHA-256). A code is accepted once; 5 wrong ones end the challenge. Audited.
 */
export async function verifyOperatorTotp(
  deps: AppDeps,
  options: { challenge: string; totp: string; clientAddress: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: string }> {
  const now = deps.now();
  await enforceRateLimit(
    deps.db,
    { key: `operator-verify:address:${options.clientAddress}`, ...TOTP_ATTEMPTS_PER_ADDRESS },
    now,
  );
  const found = await findLiveChallenge(deps.db, sha256Hex(options.challenge), {
    now,
    maxTries: OPERATOR_CHALLENGE_MAX_TRIES,
  });
  // A secret sealed under another key (OPERATOR_TOTP_KEY changed) opens to nothing: the operator must enrol again.
  const secret = found?.operator.totpSecret && openTotpSecret(deps.config.OPERATOR_TOTP_KEY, found.operator.totpSecret);
  if (!found || !secret) throw challengeExpired();
  const { challenge, operator } = found;
  const step = matchTotpStep(secret, options.totp, now);
  if (step === undefined) {
    // The emailed code was right but not the authenticator's: a stolen mailbox looks like this, so it is on record.
    await deps.db.transaction(async (tx) => {
      await recordChallengeWrongTry(tx, challenge.id);
      await recordAudit(tx, {
        operatorId: operator.id,
        action: "operator.sign_in_failed",
        entityType: "operator",
        entityId: operator.id,
        before: null,
        after: { reason: "totp_invalid" },
        ip: options.clientAddress,
        now,
      });
    });
    throw totpInvalid();
  }

  return deps.db.transaction(async (tx) => {
    if (!(await claimChallenge(tx, challenge.id, now))) throw challengeExpired();
    if (!(await claimTotpStep(tx, operator.id, step))) throw totpInvalid();
    const token = generateToken();
    const session = await insertOperatorSession(tx, {
      operatorId: operator.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + OPERATOR_SESSION_TTL_HOURS * 60 * MINUTE_MS),
      createdIp: options.clientAddress,
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      now,
    });
    if (!operator.isEnrolled) {
      await recordAudit(tx, {
        operatorId: operator.id,
        action: "operator.totp_enrolled",
        entityType: "operator",
        entityId: operator.id,
        before: { isEnrolled: false },
        after: { isEnrolled: true },
        ip: options.clientAddress,
        now,
      });
    }
    await recordAudit(tx, {
      operatorId: operator.id,
      action: "operator.signed_in",
      entityType: "operator_session",
      entityId: session.id,
      before: null,
      after: { expiresAt: session.expiresAt.toISOString(), userAgent: session.userAgent },
      ip: options.clientAddress,
      now,
    });
    return { token, expiresAt: session.expiresAt.toISOString() };
  });
}

/** The operator of a live console token (only its SHA-256 is stored); sessions are never extended. */
export async function resolveOperatorSession(
  deps: Pick<AppDeps, "db" | "now">,
  token: string,
): Promise<AuthenticatedOperator | undefined> {
  const tokenHash = sha256Hex(token);
  const found = await findLiveOperatorSession(deps.db, tokenHash, deps.now());
  if (!found) return undefined;
  const { totpSecret: _secret, totpLastStep: _step, ...operator } = found.operator;
  return { ...operator, sessionId: found.sessionId, tokenHash };
}

/** The caller's live sessions, newest first, the current one marked. */
export async function listOwnSessions(deps: Pick<AppDeps, "db" | "now">, options: { operator: AuthenticatedOperator }) {
  const rows = await listLiveOperatorSessions(deps.db, options.operator.id, deps.now());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdIp: row.createdIp,
    userAgent: row.userAgent,
    isCurrent: row.id === options.operator.sessionId,
  }));
}

/** Ends one of the caller's own live sessions (NOT_FOUND for another's or an ended one). Audited. */
export async function revokeOwnSession(
  deps: Pick<AppDeps, "db" | "now">,
  options: { operator: AuthenticatedOperator; sessionId: string; ip: string },
): Promise<void> {
  await endSession(deps, { ...options, action: "operator_session.revoked" });
}

/** Ends the caller's current session. Audited. */
export async function signOutOperator(
  deps: Pick<AppDeps, "db" | "now">,
  options: { operator: AuthenticatedOperator; ip: string },
): Promise<void> {
  await endSession(deps, { ...options, sessionId: options.operator.sessionId, action: "operator.signed_out" });
}

async function endSession(
  deps: Pick<AppDeps, "db" | "now">,
  options: { operator: AuthenticatedOperator; sessionId: string; ip: string; action: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeOperatorSession(tx, {
      operatorId: options.operator.id,
      sessionId: options.sessionId,
      now,
    });
    if (!revoked) throw new AppError("NOT_FOUND", { message: "No live session of yours has this id." });
    await recordAudit(tx, {
      operatorId: options.operator.id,
      action: options.action,
      entityType: "operator_session",
      entityId: revoked.id,
      before: { revokedAt: null },
      after: { revokedAt: now.toISOString() },
      ip: options.ip,
      now,
    });
  });
}

// A day keeps an ended session in the operator's reach for questions ("was that me?"); the audit log keeps the rest.
const KEEP_ENDED_ROWS_MS = 24 * 60 * 60 * 1000;

/** Deletes sign-in challenges and sessions ended over a day ago (idempotent; every instance may run it). */
export async function deleteEndedOperatorSignInRows(db: DbOrTx, now: Date): Promise<void> {
  await deleteOperatorSignInRowsEndedBefore(db, new Date(now.getTime() - KEEP_ENDED_ROWS_MS));
}

function challengeExpired() {
  return new AppError("SIGN_IN_CHALLENGE_EXPIRED", { message: "This sign-in step has ended; start again." });
}

function totpInvalid() {
  return new AppError("TOTP_INVALID", { message: "This authenticator code is wrong or already used." });
}
