// Coupons: codes, their rules' data, and the uses orders reserve.
export { type CouponRow, countUserRedemptions, findCouponByCode, lockCouponByCode } from "./coupons.repo.ts";
export {
  blockCouponByCode,
  type CouponCreationProblem,
  createCoupon,
  type NewCoupon,
  releaseCouponUse,
  reserveCouponUse,
  retakeCouponUse,
} from "./coupons.service.ts";
