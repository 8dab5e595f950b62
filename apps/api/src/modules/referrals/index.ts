// Referrals (decision 079): each account's invite code, the friend's first-order discount, the inviter's store credit
// on delivery (taken back on a refund), the limits against farming, and the operator's settings.
export { referralsRoutes } from "./referrals.routes.ts";
export {
  evaluateReferral,
  type ReferralEvaluation,
  recordReferral,
  rewardReferral,
  takeBackReferralReward,
} from "./referrals.service.ts";
