import { formatMoney } from "@esim/shared/money";
import {
  type InviteLanding,
  REFERRAL_SETTINGS_ACTION,
  REFERRAL_SETTINGS_ENTITY,
  type ReferralInput,
  type ReferralRefusal,
  type ReferralSettings,
} from "@esim/shared/referrals/contracts";
import type { DbOrTx } from "../../db/client.ts";
import { algiersMonthOf, algiersMonthStart } from "../../lib/algiers-days.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { escapeHtml } from "../../lib/html.ts";
import { listUserDeviceIds } from "../devices/index.ts";
import { getOrderMoney, getStoreCreditBalance, lockStoreCredit, postMovement } from "../ledger/index.ts";
import { queueEmail } from "../mail-outbox/index.ts";
import { type AuditActor, recordAudit } from "../operators/index.ts";
import { queueReferralRewardMessages } from "./referral-reward.mails.ts";
import { findReferralRefusal, generateReferralCode } from "./referral-rules.ts";
import {
  cancelLapsedReferrals,
  countRewardsSince,
  findCodeOfUser,
  findInviterByCode,
  findInviterNameByCode,
  findReferralSettings,
  hasLiveOrder,
  insertCode,
  insertReferral,
  listBillingPhones,
  listReferralsForConsole,
  listReferralsOfInviter,
  lockReferralBudget,
  lockReferralOfOrder,
  lockReferralSettings,
  type ReferralSettingsRow,
  rememberInviterDevice,
  saveReferralSettings,
  sumFriendDiscountsSince,
  sumRewardsSince,
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
  allowsBelowCost: false,
  friendDiscountMonthlyBudgetDzdMinor: 30_000_00,
  rewardMonthlyBudgetDzdMinor: 30_000_00,
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
    allowsBelowCost: settings.allowsBelowCost,
    friendDiscountMonthlyBudgetDzd: settings.friendDiscountMonthlyBudgetDzdMinor / 100,
    rewardMonthlyBudgetDzd: settings.rewardMonthlyBudgetDzdMinor / 100,
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
    change: Partial<Omit<ReferralSettings, "updatedAt">>;
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
      allowsBelowCost: change.allowsBelowCost ?? before.allowsBelowCost,
      friendDiscountMonthlyBudgetDzdMinor:
        change.friendDiscountMonthlyBudgetDzd === undefined
          ? before.friendDiscountMonthlyBudgetDzdMinor
          : change.friendDiscountMonthlyBudgetDzd * 100,
      rewardMonthlyBudgetDzdMinor:
        change.rewardMonthlyBudgetDzd === undefined
          ? before.rewardMonthlyBudgetDzdMinor
          : change.rewardMonthlyBudgetDzd * 100,
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
 * The signed-in customer's invite card: code, link (the sign-up page with `?ref=`), today's
 * amounts, and what it brought. The device it is opened on is remembered for the same-device limit.
 */
export async function getMyReferral(
  deps: Pick<AppDeps, "db" | "now" | "config">,
  input: { userId: string; deviceId: string | undefined },
) {
  const code = await ensureCode(deps.db, input.userId, deps.now());
  if (input.deviceId) await rememberInviterDevice(deps.db, input.userId, input.deviceId);
  const settings = await readSettings(deps.db);
  const mine = await listReferralsOfInviter(deps.db, input.userId);
  const sum = (rows: typeof mine) => rows.reduce((total, row) => total + row.rewardDzdMinor - row.takenBackDzdMinor, 0);
  return {
    isEnabled: settings.isEnabled,
    code,
    // No language: the friend reads the app in their own (their browser's), not the inviter's.
    link: `${deps.config.PUBLIC_URL}/register?ref=${code}`,
    friendDiscountDzdMinor: settings.friendDiscountDzdMinor,
    rewardDzdMinor: settings.rewardDzdMinor,
    joinedCount: mine.filter((row) => row.status !== "cancelled").length,
    earnedDzdMinor: sum(mine.filter((row) => row.status === "rewarded" || row.status === "taken_back")),
    pendingDzdMinor: sum(mine.filter((row) => row.status === "pending")),
  };
}

/**
 * The invited friend's first page: the inviter's first name and today's discount. Unknown codes and invitations turned
 * off answer NOT_FOUND (the page then says nothing of an invite); nothing is recorded.
 */
export async function getInviteLanding(deps: Pick<AppDeps, "db">, rawCode: string): Promise<InviteLanding> {
  const settings = await readSettings(deps.db);
  const inviter = settings.isEnabled ? await findInviterNameByCode(deps.db, rawCode.trim().toUpperCase()) : undefined;
  if (!inviter) throw new AppError("NOT_FOUND", { message: "No invitation has this code." });
  return {
    inviterFirstName: inviter.name?.trim().split(/\s+/)[0] ?? "",
    friendDiscountDzdMinor: settings.friendDiscountDzdMinor,
  };
}

/** What an invite is worth for a friend's order: its inviter and discount, or why it cannot be used. */
export interface ReferralEvaluation {
  /** Null when no inviter is known (an unknown code, or referrals turned off). */
  referrerUserId: string | null;
  refusal: ReferralRefusal | null;
  friendDiscountDzdMinor: number;
  rewardDzdMinor: number;
  /** The operator lets the friend's discount take a sale below its upstream cost (decision 087). */
  allowsBelowCost: boolean;
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
    /** The month the shop's budget counts in. */
    now: Date;
  },
): Promise<ReferralEvaluation | null> {
  if (!input.referral?.code) return null;
  const settings = await readSettings(db);
  const refused = (refusal: ReferralRefusal, referrerUserId: string | null = null): ReferralEvaluation => ({
    referrerUserId,
    refusal,
    friendDiscountDzdMinor: 0,
    rewardDzdMinor: 0,
    allowsBelowCost: false,
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
  // The shop's budget of friends' discounts this month, counted under its lock: inside the placing transaction the
  // lock holds until the referral is recorded, so concurrent friends never overspend it (decision 087).
  await lockReferralBudget(db, "friend_discount");
  const spent = await sumFriendDiscountsSince(db, algiersMonthStart(input.now));
  if (spent + settings.friendDiscountDzdMinor > settings.friendDiscountMonthlyBudgetDzdMinor) {
    return refused("friend_budget_spent", inviter.id);
  }
  return {
    referrerUserId: inviter.id,
    refusal: null,
    friendDiscountDzdMinor: settings.friendDiscountDzdMinor,
    rewardDzdMinor: settings.rewardDzdMinor,
    allowsBelowCost: settings.allowsBelowCost,
  };
}

/**
 * A budget is spent fast when its spent share of the month's budget is at least twice the share of the month gone
 * and at least a quarter: at that pace it runs out before mid-month (decision 087). The operators are emailed once
 * per budget and month (the outbox's key), in the transaction of the grant that crossed the line.
 */
export function isSpentFast(input: { spentDzdMinor: number; budgetDzdMinor: number; now: Date }): boolean {
  if (input.budgetDzdMinor <= 0) return false;
  const monthStart = algiersMonthStart(input.now).getTime();
  const nextMonthStart = algiersMonthStart(new Date(monthStart + 32 * 86_400_000)).getTime();
  const elapsedShare = (input.now.getTime() - monthStart) / (nextMonthStart - monthStart);
  const spentShare = input.spentDzdMinor / input.budgetDzdMinor;
  return spentShare >= 0.25 && spentShare >= 2 * elapsedShare;
}

async function alertIfSpentFast(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  input: { budget: "friend_discount" | "reward"; spentDzdMinor: number; budgetDzdMinor: number; now: Date },
): Promise<void> {
  if (!isSpentFast(input)) return;
  const label = input.budget === "reward" ? "récompenses des parrains" : "remises des filleuls";
  const lines = [
    `${formatMoney(input.spentDzdMinor, "DZD")} dépensés sur ${formatMoney(input.budgetDzdMinor, "DZD")} ce mois-ci.`,
    `À ce rythme, le budget sera épuisé avant le 15. Réglages : ${deps.config.PUBLIC_URL}/admin/referrals`,
  ];
  await queueEmail(tx, {
    key: `referral-budget-fast:${input.budget}:${algiersMonthOf(input.now)}`,
    message: {
      to: deps.config.OPERATOR_EMAIL,
      subject: `Parrainage : le budget mensuel des ${label} est dépensé vite`,
      text: lines.join("\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(""),
    },
    publicUrl: deps.config.PUBLIC_URL,
  });
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
    // The shop's budget of rewards this month, counted under its lock with the grant (decision 087).
    await lockReferralBudget(tx, "reward");
    const monthStart = algiersMonthStart(now);
    const given = await sumRewardsSince(tx, monthStart);
    if (given + referral.rewardDzdMinor > settings.rewardMonthlyBudgetDzdMinor) {
      await updateReferral(tx, referral.id, { status: "refused", refusal: "reward_budget_spent", now });
      return;
    }
    await alertIfSpentFast(tx, deps, {
      budget: "reward",
      spentDzdMinor: given + referral.rewardDzdMinor,
      budgetDzdMinor: settings.rewardMonthlyBudgetDzdMinor,
      now,
    });
    // The friends' budget is looked at here too: the placing transaction has no mail settings (decision 087).
    await alertIfSpentFast(tx, deps, {
      budget: "friend_discount",
      spentDzdMinor: await sumFriendDiscountsSince(tx, monthStart),
      budgetDzdMinor: settings.friendDiscountMonthlyBudgetDzdMinor,
      now,
    });
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
 * a rewarded one taken back (referral_reward_taken_back, once): what the inviter's credit still holds at once, the
 * part already spent as their debt (referral_debt_recorded), which their later credit pays off first (decision 087).
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
    // What the inviter already spent becomes their debt, paid off first by their later credit (decision 087).
    await postMovement(tx, {
      kind: "referral_debt_recorded",
      key: `referral-debt:${referral.id}`,
      amountDzdMinor: referral.rewardDzdMinor - amount,
      userId: referral.referrerUserId,
      reference: referral.id,
      cause: `the friend's order was refunded: ${formatMoney(referral.rewardDzdMinor - amount, "DZD")} of the reward was spent, owed from later credit`,
      actor: "worker",
      now,
    });
    await updateReferral(tx, referral.id, { status: "taken_back", takenBackDzdMinor: referral.rewardDzdMinor, now });
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
