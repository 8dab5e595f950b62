import {
  blockConsoleCoupon,
  createConsoleCoupon,
  listConsoleCoupons,
  updateConsoleCoupon,
} from "@esim/shared/console/coupons-contract";
import type { FastifyInstance } from "fastify";
import { addRoute } from "../../lib/route.ts";
import { presentConsoleCoupon } from "./coupons.presenter.ts";
import {
  blockCouponById,
  createCouponFromConsole,
  listCouponsForConsole,
  updateCouponLimitsById,
} from "./coupons.service.ts";

const tags = ["admin"];
const date = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The console's coupons (decision 039): admins only; the same service as `npm run console -- coupon:*`. */
export async function couponsConsoleRoutes(app: FastifyInstance) {
  const { deps } = app;

  addRoute(
    app,
    listConsoleCoupons,
    async () => ({ data: (await listCouponsForConsole(deps)).map((row) => presentConsoleCoupon(row, deps.now())) }),
    { tags, summary: "Every coupon with its uses and the revenue of the orders paid with it" },
  );

  addRoute(
    app,
    createConsoleCoupon,
    async ({ body, operator, request }) => {
      const created = await createCouponFromConsole(
        deps,
        {
          code: body.code,
          discount:
            body.discount.kind === "percent"
              ? { kind: "percent", percentOff: body.discount.percentOff }
              : { kind: "amount", amountOffDzd: body.discount.amountOffDzd },
          startsAt: date(body.startsAt),
          endsAt: date(body.endsAt),
          maxUses: body.maxUses ?? null,
          maxUsesPerUser: body.maxUsesPerUser,
          minOrderDzd: body.minOrderDzd ?? null,
          packageIds: body.packageIds && body.packageIds.length > 0 ? body.packageIds : null,
          allowsBelowCost: body.allowsBelowCost ?? false,
        },
        { operatorId: operator.id, ip: request.ip },
      );
      return { data: presentConsoleCoupon(created, deps.now()) };
    },
    { tags, summary: "Create a coupon with its discount, dates, limits, minimum order and plans" },
  );

  addRoute(
    app,
    updateConsoleCoupon,
    async ({ body, params, operator, request }) => {
      const updated = await updateCouponLimitsById(
        deps,
        params.id,
        {
          startsAt: date(body.startsAt),
          endsAt: date(body.endsAt),
          maxUses: body.maxUses,
          maxUsesPerUser: body.maxUsesPerUser,
        },
        { operatorId: operator.id, ip: request.ip },
      );
      return { data: presentConsoleCoupon(updated, deps.now()) };
    },
    { tags, summary: "Change a coupon's dates and limits" },
  );

  addRoute(
    app,
    blockConsoleCoupon,
    async ({ params, operator, request }) => {
      const blocked = await blockCouponById(deps, params.id, { operatorId: operator.id, ip: request.ip });
      return { data: presentConsoleCoupon(blocked, deps.now()) };
    },
    { tags, summary: "Block a coupon: checkouts refuse it from now on" },
  );
}
