import type { ReferralRefusal, ReferralStatus } from "@esim/shared/referrals/contracts";
import { and, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../account/account.schema.ts";
import { orders } from "../orders/orders.schema.ts";
import { referralCodes, referralSettings, referrals } from "./referrals.schema.ts";

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralSettingsRow = typeof referralSettings.$inferSelect;

export async function findReferralSettings(db: DbOrTx): Promise<ReferralSettingsRow | undefined> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return row;
}

export async function saveReferralSettings(
  db: DbOrTx,
  values: Omit<ReferralSettingsRow, "id" | "updatedAt"> & { now: Date },
): Promise<ReferralSettingsRow> {
  const { now, ...columns } = values;
  const [row] = await db
    .insert(referralSettings)
    .values({ id: 1, ...columns, updatedAt: now })
    .onConflictDoUpdate({ target: referralSettings.id, set: { ...columns, updatedAt: now } })
    .returning();
  return row!;
}

/** Serialises changes of the settings: two operators' changes audit each other's "before". */
export async function lockReferralSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral-settings'))`);
}

export async function findCodeOfUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  return row;
}

/** Inserts the user's code unless they have one, or the code is taken (answers undefined: try another). */
export async function insertCode(db: DbOrTx, values: { userId: string; code: string; now: Date }) {
  const [row] = await db
    .insert(referralCodes)
    .values({ userId: values.userId, code: values.code, createdAt: values.now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Adds a device id the inviter was seen on (kept once, the 20 latest). */
export async function rememberInviterDevice(db: DbOrTx, userId: string, deviceId: string): Promise<void> {
  await db
    .update(referralCodes)
    .set({
      deviceIds: sql`(select coalesce(array_agg(id order by n), '{}') from (
        select id, n from unnest(array_remove(${referralCodes.deviceIds}, ${deviceId}) || array[${deviceId}::text])
          with ordinality as t(id, n) order by n desc limit 20) latest)`,
    })
    .where(eq(referralCodes.userId, userId));
}

/** The inviter behind a code, with what the limits compare. */
export async function findInviterByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, phone: users.phone, deviceIds: referralCodes.deviceIds })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.code, code), sql`${users.deletedAt} is null`));
  return row;
}

/** The inviter's name as the friend's page greets them with it (a deleted account invites nobody). */
export async function findInviterNameByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ name: users.name })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.code, code), sql`${users.deletedAt} is null`));
  return row;
}

/** The billing phones of the user's orders: what identified their payments. */
export async function listBillingPhones(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ phone: sql<string>`${orders.billing}->>'phone'` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return rows.map((row) => row.phone);
}

/** Whether the user has an order that did not end unpaid (other than `exceptOrderId`). */
export async function hasLiveOrder(db: DbOrTx, userId: string, exceptOrderId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.status, "rejected"),
        ...(exceptOrderId ? [ne(orders.id, exceptOrderId)] : []),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertReferral(
  db: DbOrTx,
  values: {
    referrerUserId: string;
    friendUserId: string;
    orderId: string;
    status: ReferralStatus;
    refusal: ReferralRefusal | null;
    friendDiscountDzdMinor: number;
    rewardDzdMinor: number;
    now: Date;
  },
): Promise<ReferralRow> {
  const { now, ...columns } = values;
  const [row] = await db
    .insert(referrals)
    .values({ ...columns, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Pending referrals of the friend whose order ended unpaid: the invite moves to their next order. */
export async function cancelLapsedReferrals(db: DbOrTx, friendUserId: string, now: Date): Promise<void> {
  await db
    .update(referrals)
    .set({ status: "cancelled", updatedAt: now })
    .where(
      and(
        eq(referrals.friendUserId, friendUserId),
        eq(referrals.status, "pending"),
        inArray(referrals.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.status, "rejected"))),
      ),
    );
}

/** The referral of an order, locked until the transaction ends. */
export async function lockReferralOfOrder(tx: DbOrTx, orderId: string): Promise<ReferralRow | undefined> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.orderId, orderId)).for("update");
  return row;
}

export async function updateReferral(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<ReferralRow, "status" | "refusal" | "takenBackDzdMinor" | "rewardedAt">> & { now: Date },
): Promise<void> {
  const { now, ...columns } = values;
  await db
    .update(referrals)
    .set({ ...columns, updatedAt: now })
    .where(eq(referrals.id, id));
}

/** Rewards the inviter was given since `from` (those taken back since still count: the cap is on rewards given). */
export async function countRewardsSince(db: DbOrTx, referrerUserId: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.referrerUserId, referrerUserId), gte(referrals.rewardedAt, from)));
  return row?.count ?? 0;
}

/** The inviter's referrals that count on their card: every status but refused. */
export async function listReferralsOfInviter(db: DbOrTx, referrerUserId: string) {
  return db
    .select({
      status: referrals.status,
      rewardDzdMinor: referrals.rewardDzdMinor,
      takenBackDzdMinor: referrals.takenBackDzdMinor,
    })
    .from(referrals)
    .where(and(eq(referrals.referrerUserId, referrerUserId), ne(referrals.status, "refused")));
}

const referrer = alias(users, "referrer");
const friend = alias(users, "friend");

/** The console's list, newest first, with both emails and the order's number. */
export async function listReferralsForConsole(db: DbOrTx, limit: number) {
  return db
    .select({
      referral: referrals,
      referrerEmail: referrer.email,
      friendEmail: friend.email,
      orderNumber: orders.number,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(friend, eq(friend.id, referrals.friendUserId))
    .leftJoin(orders, eq(orders.id, referrals.orderId))
    .orderBy(desc(referrals.createdAt))
    .limit(limit);
}

/** The order a referral reacts to: its buyer and number. */
export async function findOrderBrief(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The inviter as an email and a push reach them: their address, name and language. */
export async function findUserForMessage(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Serialises the grants counted against one shop-wide monthly budget until the transaction ends (decision 087), so
 * two grants at once both see each other: no overspend under concurrency.
 */
export async function lockReferralBudget(tx: DbOrTx, budget: "friend_discount" | "reward"): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-budget:${budget}`}))`);
}

/** Friends' discounts granted since `from` (placed and not cancelled): what the month's budget has spent. */
export async function sumFriendDiscountsSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referrals.friendDiscountDzdMinor}), 0)` })
    .from(referrals)
    .where(and(gte(referrals.createdAt, from), inArray(referrals.status, ["pending", "rewarded", "taken_back"])));
  return Number(row?.total ?? 0);
}

/** Inviters' rewards given since `from` (taken-back ones still count: the budget is on rewards given). */
export async function sumRewardsSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referrals.rewardDzdMinor}), 0)` })
    .from(referrals)
    .where(gte(referrals.rewardedAt, from));
  return Number(row?.total ?? 0);
}
