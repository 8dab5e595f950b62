import { OPERATOR_ROLES, type OperatorRole } from "@esim/shared/console/roles";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, oneOf } from "../../db/columns.ts";

// ---------------------------------------------------------------------------------------------------------
// The operator's console (docs/decisions/032-operators-and-audit.md): operators are not customers; their sessions,
// sign-in challenges and audit log are tables of their own.

/** A person working on the shop through the console. Never deleted: disabled, so the audit log keeps naming them. */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Case-folded. */
    email: text("email").notNull(),
    role: text("role").$type<OperatorRole>().notNull(),
    /** Base32 TOTP secret (RFC 6238); given out once, at enrolment, and never answered again. */
    totpSecret: text("totp_secret"),
    isEnrolled: boolean("is_enrolled").notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operators_email_key").on(table.email),
    oneOf("operators_role_check", table.role, OPERATOR_ROLES),
  ],
);

export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    /** Fixed at sign-in (12 h), never extended. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdIp: text("created_ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operator_sessions_token_hash_key").on(table.tokenHash),
    index("operator_sessions_operator_idx").on(table.operatorId),
  ],
);

/** The step between a checked emailed code and the authenticator code: short-lived, hashed, tries counted. */
export const operatorSignInChallenges = pgTable(
  "operator_sign_in_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    tries: integer("tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("operator_sign_in_challenges_token_hash_key").on(table.tokenHash),
    index("operator_sign_in_challenges_operator_idx").on(table.operatorId),
  ],
);

/**
 * What operators (or the command line: operator null) did, written in the transaction of the change itself. Rows are
 * never updated or deleted: a trigger of migration 0009 refuses both.
 */
export const operatorAuditLog = pgTable(
  "operator_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of writing, and the list's cursor. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    operatorId: uuid("operator_id").references(() => operators.id),
    /** "operator.signed_in", "operator_session.revoked", "operator.created"… */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (table) => [
    index("operator_audit_log_seq_idx").on(table.seq),
    index("operator_audit_log_operator_idx").on(table.operatorId, table.seq),
    index("operator_audit_log_action_idx").on(table.action, table.seq),
    index("operator_audit_log_entity_idx").on(table.entityType, table.entityId, table.seq),
    index("operator_audit_log_created_idx").on(table.createdAt),
  ],
);
