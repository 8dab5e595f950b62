import type { Language } from "@esim/shared/locale";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "./account.schema.ts";

export type UserRow = typeof users.$inferSelect;

/** The live (not deleted) account of a case-folded email. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    name: string | null;
    country: string | null;
    phone: string | null;
    language: Language;
    isVerified: boolean;
    now: Date;
  },
): Promise<UserRow> {
  const { now, ...columns } = values;
  const [row] = await db
    .insert(users)
    .values({ ...columns, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Updates a live account; undefined when it was deleted meanwhile. */
export async function updateUser(
  db: DbOrTx,
  userId: string,
  values: Partial<Pick<UserRow, "name" | "country" | "phone" | "language" | "currency" | "isVerified">> & {
    now: Date;
  },
): Promise<UserRow | undefined> {
  const { now, ...columns } = values;
  const [row] = await db
    .update(users)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Clears every personal field and marks the row deleted; the row stays for the orders that point at it. */
export async function anonymiseUser(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: null,
      name: null,
      phone: null,
      country: null,
      pinHash: null,
      pinTries: 0,
      isPinBlocked: false,
      isVerified: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
