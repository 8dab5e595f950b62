import { rewardReferral, takeBackReferralReward } from "../modules/referrals/index.ts";
import type { LedgerSubscriber, OrderSubscriber } from "./order-subscriber.ts";

// Referral credit follows the friend's order (decision 079): given when it is delivered, taken back when money is
// owed back on it. Both are idempotent on the referral (only a pending referral is rewarded, only a rewarded one taken
// back, each movement posted once per key), so a job repeated after a crash changes nothing.

/** The order was delivered: its referral, if any, rewards the inviter. */
export const rewardReferralOnDelivery: OrderSubscriber = async (message, { deps }) => {
  await rewardReferral(deps, { orderId: message.orderId });
};

/** A refund is owed on an order: its referral reward is taken back (or a pending one cancelled). */
export const takeBackReferralOnRefund: LedgerSubscriber = async (message, { deps }) => {
  if (message.orderId) await takeBackReferralReward(deps, { orderId: message.orderId });
};
