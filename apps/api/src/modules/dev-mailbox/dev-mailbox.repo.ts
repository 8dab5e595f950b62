import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { devMails, pushMessages } from "../../providers/providers.schema.ts";

export type DevMailRow = typeof devMails.$inferSelect;
export type RecordedPushRow = typeof pushMessages.$inferSelect;

/** Newest first; the mailbox is a development aid, so the most recent page is enough. */
export async function listDevMails(db: DbOrTx, limit: number): Promise<DevMailRow[]> {
  return db.select().from(devMails).orderBy(desc(devMails.createdAt), desc(devMails.id)).limit(limit);
}

export async function findDevMail(db: DbOrTx, id: string): Promise<DevMailRow | undefined> {
  const [row] = await db.select().from(devMails).where(eq(devMails.id, id)).limit(1);
  return row;
}

/** The pushes the recorder kept, newest first. */
export async function listRecordedPushes(db: DbOrTx, limit: number): Promise<RecordedPushRow[]> {
  return db.select().from(pushMessages).orderBy(desc(pushMessages.createdAt), desc(pushMessages.id)).limit(limit);
}
