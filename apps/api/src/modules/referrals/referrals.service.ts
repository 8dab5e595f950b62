import type { Language } from "@esim/shared/locale";
import { formatMoney } from "@esim/shared/money";
import {
  REFERRAL_SETTINGS_ACTION,
  REFERRAL_SETTINGS_ENTITY,
  type ReferralInput,
  type ReferralRefusal,
  type ReferralSettings,
} from "@esim/shared/referrals/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { algiersMonthStart } from "../../lib/algiers-days.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { listUserDeviceIds } from "../devices/index.ts";
import { getOrderMoney, getStoreCreditBalance, lockStoreCredit, postMovement } from "../ledger/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { queueReferralRewardMessages } from "./referral-reward-message.ts";
import { findReferralRefusal, generateReferralCode } from "./referral-rules.ts";
import {
  cancelLapsedReferrals,
  countRewardsSince,
  findCodeOfUser,
  findInviterByCode,
  findReferralSettings,
  hasLiveOrder,
  insertCode,
  insertReferral,
  listBillingPhones,
  listReferralsForConsole,
  listReferralsOfInviter,
  lockReferralOfOrder,
  lockReferralSettings,
  type ReferralSettingsRow,
  rememberInviterDevice,
  saveReferralSettings,
  updateReferral,
} from "./referrals.repo.ts";

// Referrals (decision 079): an invite code per account; a friend's first order discounted at checkout; the inviter's
// store credit given when that order is delivered and taken back when it is refunded, both on the ledger; limits
// against self-referral and farming, set by the operator (audited).

/** Until an operator changes them: on, 300 DA off the friend's first order, 300 DA to the inviter, 5 a month. */
export const DEFAULT_REFERRAL_SETTINGS = {
  isEnabled: true,
  friendDiscountDzdMinor: 300_00,
  rewardDzdMinor: 300_00,
  monthlyRewardCap: 5,
} as const;

type Settings = Omit<ReferralSettingsRow, "id" | "updatedAt"> & { updatedAt: Date | null };

async function readSettings(db: DbOrTx): Promise<Settings> {
  return (await findReferralSettings(db)) ?? { ...DEFAULT_REFERRAL_SETTINGS, updatedAt: null };
}

function viewOf(settings: Settings): ReferralSettings {
  return {
    isEnabled: settings.isEnabled,
    friendDiscountDzd: settings.friendDiscountDzdMinor / 100,
    rewardDzd: settings.rewardDzdMinor / 100,
    monthlyRewardCap: settings.monthlyRewardCap,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  };
}

export async function getReferralSettings(deps: Pick<AppDeps, "db">): Promise<ReferralSettings> {
  return viewOf(await readSettings(deps.db));
}

/** Changes the settings (admins): what is left out stays; audited with before and after, in one transaction. */
export async function changeReferralSettings(
  deps: Pick<AppDeps, "db" | "now">,
  input: {
    change: Partial<Pick<ReferralSettings, "isEnabled" | "friendDiscountDzd" | "rewardDzd" | "monthlyRewardCap">>;
    actor: AuditActor;
  },
): Promise<ReferralSettings> {
  return deps.db.transaction(async (tx) => {
    await lockReferralSettings(tx);
    const now = deps.now();
    const before = await readSettings(tx);
    const { change } = input;
    const saved = await saveReferralSettings(tx, {
      isEnabled: change.isEnabled ?? before.isEnabled,
      friendDiscountDzdMinor:
        change.friendDiscountDzd === undefined ? before.friendDiscountDzdMinor : change.friendDiscountDzd * 100,
      rewardDzdMinor: change.rewardDzd === undefined ? before.rewardDzdMinor : change.rewardDzd * 100,
      monthlyRewardCap: change.monthlyRewardCap ?? before.monthlyRewardCap,
      now,
    });
    await recordAudit(tx, {
      operatorId: input.actor.operatorId,
      action: REFERRAL_SETTINGS_ACTION,
      entityType: REFERRAL_SETTINGS_ENTITY,
      entityId: "1",
      before: viewOf(before),
      after: viewOf(saved),
      ip: input.actor.ip,
      now,
    });
    return viewOf(saved);
  });
}

/** The user's invite code, made on first ask (a code already taken by someone else is drawn again). */
async function ensureCode(db: DbOrTx, userId: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findCodeOfUser(db, userId);
    if (existing) return existing.code;
    const inserted = await insertCode(db, { userId, code: generateReferralCode(), now });
    if (inserted) return inserted.code;
  }
  throw new Error(`No free referral code found for user ${userId}`);
}

/**
 * The signed-in customer's invite card: code, link (the sign-up page in their language with `?ref=`), today's
 * amounts, and what it brought. The device it is opened on is remembered for the same-device limit.
 */
export async function getMyReferral(
  deps: Pick<AppDeps, "db" | "now" | "config">,
  input: { userId: string; language: Language; deviceId: string | undefined },
) {
  const code = await ensureCode(deps.db, input.userId, deps.now());
  if (input.deviceId) await rememberInviterDevice(deps.db, input.userId, input.deviceId);
  const settings = await readSettings(deps.db);
  const mine = await listReferralsOfInviter(deps.db, input.userId);
  const sum = (rows: typeof mine) => rows.reduce((total, row) => total + row.rewardDzdMinor - row.takenBackDzdMinor, 0);
  return {
    isEnabled: settings.isEnabled,
    code,
    link: `${deps.config.PUBLIC_URL}/register?ref=${code}&lang=${input.language}`,
    friendDiscountDzdMinor: settings.friendDiscountDzdMinor,
    rewardDzdMinor: settings.rewardDzdMinor,
    joinedCount: mine.filter((row) => row.status !== "cancelled").length,
    earnedDzdMinor: sum(mine.filter((row) => row.status === "rewarded" || row.status === "taken_back")),
    pendingDzdMinor: sum(mine.filter((row) => row.status === "pending")),
  };
}

/** What an invite is worth for a friend's order: its inviter and discount, or why it cannot be used. */
export interface ReferralEvaluation {
  /** Null when no inviter is known (an unknown code, or referrals turned off). */
  referrerUserId: string | null;
  refusal: ReferralRefusal | null;
  friendDiscountDzdMinor: number;
  rewardDzdMinor: number;
}

/**
 * Checks an invite for the friend's order (read only: the quote and the placing both ask). The payment reference is
 * the order's billing phone, known only when placing.
 */
export async function evaluateReferral(
  db: DbOrTx,
  input: {
    friend: { id: string; email: string };
    referral: ReferralInput | undefined;
    paymentReference: string | null;
  },
): Promise<ReferralEvaluation | null> {
  if (!input.referral?.code) return null;
  const settings = await readSettings(db);
  const refused = (refusal: ReferralRefusal, referrerUserId: string | null = null): ReferralEvaluation => ({
    referrerUserId,
    refusal,
    friendDiscountDzdMinor: 0,
    rewardDzdMinor: 0,
  });
  if (!settings.isEnabled) return refused("disabled");
  const inviter = await findInviterByCode(db, input.referral.code);
  if (!inviter) return refused("unknown_code");
  // One after the other: inside the placing transaction they share one connection.
  const referrerAppDevices = await listUserDeviceIds(db, inviter.id);
  const friendDeviceIds = await listUserDeviceIds(db, input.friend.id);
  const referrerPhones = await listBillingPhones(db, inviter.id);
  const hasOtherOrder = await hasLiveOrder(db, input.friend.id);
  const refusal = findReferralRefusal({
    referrer: {
      id: inviter.id,
      email: inviter.email,
      phone: inviter.phone,
      deviceIds: [...inviter.deviceIds, ...referrerAppDevices],
    },
    friend: { id: input.friend.id, email: input.friend.email, deviceIds: friendDeviceIds },
    deviceId: input.referral.deviceId ?? null,
    paymentReference: input.paymentReference,
    referrerPaymentReferences: [...(inviter.phone ? [inviter.phone] : []), ...referrerPhones],
    hasOtherOrder,
  });
  if (refusal) return refused(refusal, inviter.id);
  return {
    referrerUserId: inviter.id,
    refusal: null,
    friendDiscountDzdMinor: settings.friendDiscountDzdMinor,
    rewardDzdMinor: settings.rewardDzdMinor,
  };
}

/**
 * Records the invite of an order just placed, in its transaction: pending (discounted, the reward promised at
 * today's amount) or refused with its reason for the operator. An unknown code or referrals off record nothing.
 */
export async function recordReferral(
  tx: DbOrTx,
  input: { evaluation: ReferralEvaluation | null; friendUserId: string; orderId: string; now: Date },
): Promise<void> {
  const { evaluation } = input;
  if (!evaluation?.referrerUserId) return;
  if (!evaluation.refusal) await cancelLapsedReferrals(tx, input.friendUserId, input.now);
  await insertReferral(tx, {
    referrerUserId: evaluation.referrerUserId,
    friendUserId: input.friendUserId,
    orderId: input.orderId,
    status: evaluation.refusal ? "refused" : "pending",
    refusal: evaluation.refusal,
    friendDiscountDzdMinor: evaluation.friendDiscountDzdMinor,
    rewardDzdMinor: evaluation.rewardDzdMinor,
    now: input.now,
  });
}

/**
 * The friend's order was delivered: the inviter earns the promised credit (referral_reward, once per referral),
 * unless the order was refunded meanwhile (cancelled) or the inviter reached the month's cap (refused). Told by email
 * and push in their language. Idempotent: only a pending referral moves.
 */
export async function rewardReferral(deps: Pick<AppDeps, "db" | "now" | "config">, input: { orderId: string }) {
  await deps.db.transaction(async (tx) => {
    const referral = await lockReferralOfOrder(tx, input.orderId);
    if (referral?.status !== "pending") return;
    const now = deps.now();
    if ((await getOrderMoney(tx, input.orderId)).refundedDzdMinor > 0) {
      await updateReferral(tx, referral.id, { status: "cancelled", now });
      return;
    }
    // The inviter's credit lock also serialises their rewards, so two deliveries at once both see the month's count.
    await lockStoreCredit(tx, referral.referrerUserId);
    const settings = await readSettings(tx);
    if ((await countRewardsSince(tx, referral.referrerUserId, algiersMonthStart(now))) >= settings.monthlyRewardCap) {
      await updateReferral(tx, referral.id, { status: "refused", refusal: "monthly_cap", now });
      return;
    }
    await postMovement(tx, {
      kind: "referral_reward",
      key: `referral-reward:${referral.id}`,
      amountDzdMinor: referral.rewardDzdMinor,
      userId: referral.referrerUserId,
      reference: referral.id,
      cause: `a friend's first order was delivered (referral ${referral.id})`,
      actor: "worker",
      now,
    });
    await updateReferral(tx, referral.id, { status: "rewarded", rewardedAt: now, now });
    await queueReferralRewardMessages(tx, deps, {
      referralId: referral.id,
      userId: referral.referrerUserId,
      amountDzdMinor: referral.rewardDzdMinor,
    });
  });
}

/**
 * Money is owed back on the friend's order (a refund, whole or part): a pending referral is cancelled (no reward),
 * a rewarded one taken back (referral_reward_taken_back, once): all of it if the inviter still has it, else what is
 * left of their credit; the part already spent stays spent (the shop's marketing expense, shown to the operator).
 */
export async function takeBackReferralReward(deps: Pick<AppDeps, "db" | "now">, input: { orderId: string }) {
  await deps.db.transaction(async (tx) => {
    const referral = await lockReferralOfOrder(tx, input.orderId);
    if (!referral) return;
    const now = deps.now();
    if (referral.status === "pending") {
      await updateReferral(tx, referral.id, { status: "cancelled", now });
      return;
    }
    if (referral.status !== "rewarded") return;
    await lockStoreCredit(tx, referral.referrerUserId);
    const balance = await getStoreCreditBalance(tx, referral.referrerUserId);
    const amount = Math.max(0, Math.min(referral.rewardDzdMinor, balance));
    await postMovement(tx, {
      kind: "referral_reward_taken_back",
      key: `referral-reward-taken-back:${referral.id}`,
      amountDzdMinor: amount,
      userId: referral.referrerUserId,
      reference: referral.id,
      cause: `the friend's order was refunded: ${formatMoney(amount, "DZD")} of the reward taken back`,
      actor: "worker",
      now,
    });
    await updateReferral(tx, referral.id, { status: "taken_back", takenBackDzdMinor: amount, now });
  });
}

/** The console's list of referrals, newest first. */
export async function listReferralsInConsole(deps: Pick<AppDeps, "db">) {
  const rows = await listReferralsForConsole(deps.db, 200);
  return rows.map(({ referral, referrerEmail, friendEmail, orderNumber }) => ({
    id: referral.id,
    status: referral.status,
    refusal: referral.refusal,
    referrerEmail: referrerEmail ?? "",
    friendEmail: friendEmail ?? "",
    orderNumber,
    friendDiscountDzdMinor: referral.friendDiscountDzdMinor,
    rewardDzdMinor: referral.rewardDzdMinor,
    takenBackDzdMinor: referral.takenBackDzdMinor,
    createdAt: referral.createdAt.toISOString(),
  }));
}
