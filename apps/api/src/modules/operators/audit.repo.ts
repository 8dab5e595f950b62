import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons } from "../coupons/coupons.schema.ts";
import { operatorAuditLog, operators } from "./operators.schema.ts";

export type AuditRow = typeof operatorAuditLog.$inferSelect;

export interface NewAuditEntry {
  /** Null: the command line. */
  operatorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  now: Date;
}

export async function insertAuditEntry(db: DbOrTx, entry: NewAuditEntry): Promise<void> {
  const { now, ...columns } = entry;
  await db.insert(operatorAuditLog).values({ ...columns, createdAt: now });
}

export interface AuditFilter {
  operatorId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  /** Excluded. */
  to?: Date;
  /** Rows written before this sequence number (the list's cursor). */
  beforeSeq?: number;
}

/**
 * What people call the entry's object, where its id is not it: a promo code's code, an operator's email (the object's
 * current name; null for the others and for an object gone).
 */
const entityLabelOf = sql<string | null>`case ${operatorAuditLog.entityType}
  when 'coupon' then (select ${coupons.code} from ${coupons} where ${coupons.id}::text = ${operatorAuditLog.entityId})
  when 'operator' then (select named.email from ${operators} as named where named.id::text = ${operatorAuditLog.entityId})
  end`;

/** Matching entries, newest first, with the acting operator's email and the object's name (entityLabelOf). */
export async function listAuditEntries(db: DbOrTx, filter: AuditFilter, limit: number) {
  const conditions: SQL[] = [];
  if (filter.operatorId) conditions.push(eq(operatorAuditLog.operatorId, filter.operatorId));
  if (filter.action) conditions.push(eq(operatorAuditLog.action, filter.action));
  if (filter.entityType) conditions.push(eq(operatorAuditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(operatorAuditLog.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(operatorAuditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(operatorAuditLog.createdAt, filter.to));
  if (filter.beforeSeq !== undefined) conditions.push(lt(operatorAuditLog.seq, filter.beforeSeq));
  return db
    .select({ entry: operatorAuditLog, operatorEmail: operators.email, entityLabel: entityLabelOf })
    .from(operatorAuditLog)
    .leftJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
    .where(and(...conditions))
    .orderBy(desc(operatorAuditLog.seq))
    .limit(limit);
}
