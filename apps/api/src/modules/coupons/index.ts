// Coupons: codes, their rules' data, and the uses orders reserve; the console's coupon routes (admin only).
export { type CouponRow, countUserRedemptions, findCouponByCode, lockCouponByCode } from "./coupons.repo.ts";
export { couponsAdminRoutes } from "./coupons.routes.ts";
export {
  blockCouponByCode,
  type CouponCreationProblem,
  createCoupon,
  type NewCoupon,
  releaseCouponUse,
  reserveCouponUse,
  retakeCouponUse,
} from "./coupons.service.ts";
