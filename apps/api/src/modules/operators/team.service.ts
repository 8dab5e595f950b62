import type { OperatorRole } from "@esim/shared/console/roles";
import type { TeamOperatorView } from "@esim/shared/console/team-contract";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import type { AuthenticatedOperator } from "../../plugins/auth.ts";
import { recordAudit } from "./audit.service.ts";
import {
  countLiveOperatorSessions,
  listOperatorsWithLiveSessions,
  lockOperator,
  type OperatorRow,
  revokeAllOperatorSessions,
  updateOperator,
} from "./operators.repo.ts";
import { createOperator } from "./operators.service.ts";

// The team page: admins manage the other operators. Each change and its audit entry commit together.

function presentTeamOperator(operator: OperatorRow, liveSessions: number): TeamOperatorView {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    isEnrolled: operator.isEnrolled,
    isDisabled: operator.disabledAt !== null,
    createdAt: operator.createdAt.toISOString(),
    liveSessions,
  };
}

/** What the audit log keeps of an operator: never the secret. */
function auditedState(operator: OperatorRow) {
  return { role: operator.role, isDisabled: operator.disabledAt !== null, isEnrolled: operator.isEnrolled };
}

export async function listTeam(deps: Pick<AppDeps, "db" | "now">): Promise<TeamOperatorView[]> {
  const rows = await listOperatorsWithLiveSessions(deps.db, deps.now());
  return rows.map((row) => presentTeamOperator(row.operator, row.liveSessions));
}

export async function addTeamOperator(
  deps: Pick<AppDeps, "db" | "now">,
  options: { email: string; role: OperatorRole; actor: AuthenticatedOperator; ip: string },
): Promise<{ operator: TeamOperatorView; isCreated: boolean }> {
  const { isCreated, operator } = await createOperator(deps, {
    email: options.email,
    role: options.role,
    actorOperatorId: options.actor.id,
    ip: options.ip,
  });
  const liveSessions = await countLiveOperatorSessions(deps.db, operator.id, deps.now());
  return { operator: presentTeamOperator(operator, liveSessions), isCreated };
}

/** Locks another operator's row (NOT_FOUND, or OPERATOR_SELF_CHANGE for the caller's own). */
async function lockOther(tx: DbOrTx, id: string, actor: AuthenticatedOperator): Promise<OperatorRow> {
  if (id === actor.id) {
    throw new AppError("OPERATOR_SELF_CHANGE", { message: "Another admin must change your own operator account." });
  }
  const operator = await lockOperator(tx, id);
  if (!operator) throw new AppError("NOT_FOUND", { message: "No operator has this id." });
  return operator;
}

/**
 * Changes another operator's role or disables / enables them. Disabling ends their sessions in the same
 * transaction; a change to what already holds writes nothing (a double click is one entry).
 */
export async function updateTeamOperator(
  deps: Pick<AppDeps, "db" | "now">,
  options: {
    id: string;
    changes: { role?: OperatorRole | undefined; isDisabled?: boolean | undefined };
    actor: AuthenticatedOperator;
    ip: string;
  },
): Promise<TeamOperatorView> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockOther(tx, options.id, options.actor);
    const role = options.changes.role ?? before.role;
    const isDisabled = options.changes.isDisabled ?? before.disabledAt !== null;
    const wasDisabled = before.disabledAt !== null;
    if (role === before.role && isDisabled === wasDisabled) {
      return presentTeamOperator(before, await countLiveOperatorSessions(tx, before.id, now));
    }
    const after = await updateOperator(tx, before.id, {
      role,
      disabledAt: isDisabled ? (before.disabledAt ?? now) : null,
    });
    if (isDisabled) await revokeAllOperatorSessions(tx, before.id, now);
    await recordAudit(tx, {
      operatorId: options.actor.id,
      action:
        isDisabled !== wasDisabled ? (isDisabled ? "operator.disabled" : "operator.enabled") : "operator.role_changed",
      entityType: "operator",
      entityId: before.id,
      before: auditedState(before),
      after: auditedState(after),
      ip: options.ip,
      now,
    });
    return presentTeamOperator(after, await countLiveOperatorSessions(tx, after.id, now));
  });
}

/** Forgets another operator's authenticator and ends their sessions; they enrol again at their next sign-in. */
export async function resetTeamOperatorAuthenticator(
  deps: Pick<AppDeps, "db" | "now">,
  options: { id: string; actor: AuthenticatedOperator; ip: string },
): Promise<TeamOperatorView> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockOther(tx, options.id, options.actor);
    const after = await updateOperator(tx, before.id, { totpSecret: null, isEnrolled: false, totpLastStep: null });
    const endedSessions = await revokeAllOperatorSessions(tx, before.id, now);
    if (before.isEnrolled || before.totpSecret !== null || endedSessions > 0) {
      await recordAudit(tx, {
        operatorId: options.actor.id,
        action: "operator.authenticator_reset",
        entityType: "operator",
        entityId: before.id,
        before: auditedState(before),
        after: { ...auditedState(after), endedSessions },
        ip: options.ip,
        now,
      });
    }
    return presentTeamOperator(after, 0);
  });
}
