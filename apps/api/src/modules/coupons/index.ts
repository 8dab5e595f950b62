// Coupons: codes, their rules' data, and the uses orders reserve; the console's coupon routes (admin only).
export {
  type CouponRow,
  countLiveUses as countLiveCouponUses,
  findCouponByCode,
  lockCouponByCode,
} from "./coupons.repo.ts";
export { couponsConsoleRoutes } from "./coupons.routes.ts";
export {
  blockCouponByCode,
  type CouponCreationProblem,
  type CouponCustomer,
  countCouponUses,
  createCoupon,
  findHoldingUnpaidOrder,
  holdCouponUseAgain,
  keepCouponUse,
  type NewCoupon,
  releaseCouponUse,
  reserveCouponUse,
} from "./coupons.service.ts";
