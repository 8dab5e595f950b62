import { and, eq, gt, lte } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { sandboxCheckouts } from "../../providers.schema.ts";

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxFinalStatus = "paid" | "failed" | "canceled";

export async function insertSandboxCheckout(db: DbOrTx, values: typeof sandboxCheckouts.$inferInsert) {
  const [row] = await db.insert(sandboxCheckouts).values(values).returning();
  return row!;
}

export async function findSandboxCheckout(db: DbOrTx, id: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
  return row;
}

/**
 * Ends a pending checkout created at or before `createdBefore` (Chargily's own expiry, 30 minutes after creation):
 * answers it expired, undefined when it was not pending or is younger.
 */
export async function lapseSandboxCheckout(
  db: DbOrTx,
  options: { id: string; createdBefore: Date; at: Date },
): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db
    .update(sandboxCheckouts)
    .set({ status: "expired", updatedAt: options.at })
    .where(
      and(
        eq(sandboxCheckouts.id, options.id),
        eq(sandboxCheckouts.status, "pending"),
        lte(sandboxCheckouts.createdAt, options.createdBefore),
      ),
    )
    .returning();
  return row;
}

/**
 * Moves a pending checkout to its final status; answers undefined when it was not pending. The status condition in
 * the UPDATE makes two presses racing each other end with exactly one winner (the one that sends the webhook).
 */
export async function finishSandboxCheckout(
  db: DbOrTx,
  options: {
    id: string;
    status: SandboxFinalStatus;
    paymentMethod: string | undefined;
    at: Date;
    /** A checkout created at or before this has expired: nobody can pay it. */
    createdBefore: Date;
  },
): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db
    .update(sandboxCheckouts)
    .set({
      status: options.status,
      updatedAt: options.at,
      ...(options.paymentMethod === undefined ? {} : { paymentMethod: options.paymentMethod }),
    })
    .where(
      and(
        eq(sandboxCheckouts.id, options.id),
        eq(sandboxCheckouts.status, "pending"),
        gt(sandboxCheckouts.createdAt, options.createdBefore),
      ),
    )
    .returning();
  return row;
}

/** Ends a pending checkout (Chargily's expire): it can no longer be paid. Undefined when it was not pending. */
export async function expireSandboxCheckout(
  db: DbOrTx,
  options: { id: string; at: Date },
): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db
    .update(sandboxCheckouts)
    .set({ status: "expired", updatedAt: options.at })
    .where(and(eq(sandboxCheckouts.id, options.id), eq(sandboxCheckouts.status, "pending")))
    .returning();
  return row;
}
