// The operator's console: operators, their two-factor sign-in and sessions, and the append-only audit log.
export {
  type AuditActor,
  type AuditFilter,
  COMMAND_LINE_ACTOR,
  listAuditLog,
  type NewAuditEntry,
  recordAudit,
} from "./audit.service.ts";
export type { OperatorRow } from "./operators.repo.ts";
export { operatorsRoutes } from "./operators.routes.ts";
export { createOperator, deleteEndedOperatorSignInRows, resolveOperatorSession } from "./operators.service.ts";
