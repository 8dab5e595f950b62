import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type DestinationPlans, destinationPlansOf } from "../catalog/index.ts";
import { holdCouponUseAgain } from "../coupons/index.ts";
import { applyOrderEvent, insertOrderWithHistory, type OrderActor, type OrderRow } from "./order-lifecycle.ts";
import {
  countUserOrdersAwaitingPayment,
  findOrderById,
  findOrderViewByClientReference,
  findOrderViewById,
  findUserOrderWithEsims,
  listOrderEsims,
  listUserOrdersWithEsims,
  lockClientReference,
  lockUserPlacements,
  nextOrderNumber,
  type OrderEsim,
  type OrderSummaryView,
  type OrderView,
} from "./orders.repo.ts";
import type { orders } from "./orders.schema.ts";

/** An order ready to present: the view, its eSIMs and its destination's plan summary. */
export interface PresentableOrder {
  view: OrderSummaryView;
  esims: OrderEsim[];
  destinationPlans: DestinationPlans | undefined;
}

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "number" | "status" | "updatedAt"> & { createdAt: Date };

/**
 * Serialises the placements of one (user, clientReference) until the caller's transaction ends and answers the order
 * already placed with it, if any: a double click makes one order.
 */
export async function findPlacedOrder(tx: DbOrTx, options: { userId: string; clientReference: string }) {
  await lockClientReference(tx, options.userId, options.clientReference);
  return findOrderViewByClientReference(tx, options.userId, options.clientReference);
}

/**
 * How many of the account's orders await payment, with its placements locked until the caller's transaction ends, so
 * concurrent placements by one account see each other's orders.
 */
export async function countOpenUnpaidOrders(tx: DbOrTx, userId: string): Promise<number> {
  await lockUserPlacements(tx, userId);
  return countUserOrdersAwaitingPayment(tx, userId);
}

/**
 * Holds the order's coupon use until `heldUntil` (a checkout is being opened for it, ending then); nothing for an order
 * without a coupon. COUPON_HOLD_LAPSED when its hold had ended and the code has no use left for it now.
 */
export async function holdOrderCoupon(
  tx: DbOrTx,
  options: { orderId: string; heldUntil: Date; now: Date },
): Promise<void> {
  const order = await findOrderById(tx, options.orderId);
  if (!order?.couponId || !order.userId) return;
  await holdCouponUseAgain(tx, {
    couponId: order.couponId,
    orderId: order.id,
    customer: { userId: order.userId, email: order.billing.email },
    heldUntil: options.heldUntil,
    now: options.now,
  });
}

/** Creates an order in the caller's transaction: numbered, not_paid, its history started. */
export async function createOrder(tx: DbOrTx, values: NewOrder, actor: OrderActor): Promise<OrderRow> {
  return insertOrderWithHistory(
    tx,
    { ...values, number: await nextOrderNumber(tx, values.createdAt), updatedAt: values.createdAt },
    { cause: "placed at checkout", actor },
  );
}

/** not_paid → pending once the gateway holds the order's checkout (in the transaction that stores it). */
export async function markCheckoutOpened(
  tx: DbOrTx,
  options: { orderId: string; reference: string; actor: OrderActor; now: Date },
): Promise<void> {
  await applyOrderEvent(tx, {
    orderId: options.orderId,
    event: "checkout_opened",
    cause: `checkout ${options.reference} opened at the gateway`,
    actor: options.actor,
    now: options.now,
  });
}

async function toPresentable(deps: AppDeps, view: OrderView): Promise<PresentableOrder> {
  const [esims, plans] = await Promise.all([
    listOrderEsims(deps.db, [view.order]),
    destinationPlansOf(deps, [view.destination.code]),
  ]);
  return { view, esims: esims.get(view.order.id) ?? [], destinationPlans: plans.get(view.destination.code) };
}

/** An order by id, ready to present (the checkout's answer). */
export async function getPresentableOrder(deps: AppDeps, orderId: string): Promise<PresentableOrder> {
  const view = await findOrderViewById(deps.db, orderId);
  if (!view) throw new AppError("NOT_FOUND", { message: "No such order." });
  return toPresentable(deps, view);
}

/** The caller's orders, newest first, with plan, destination, payment status and eSIMs. */
export async function listOrders(deps: AppDeps, options: { userId: string }): Promise<PresentableOrder[]> {
  const found = await listUserOrdersWithEsims(deps.db, options.userId);
  const plans = await destinationPlansOf(deps, new Set(found.map(({ view }) => view.destination.code)));
  return found.map(({ view, esims }) => ({ view, esims, destinationPlans: plans.get(view.destination.code) }));
}

/** One of the caller's orders by id or number; anyone else's answers NOT_FOUND. */
export async function getOrder(deps: AppDeps, options: { userId: string; idOrNumber: string }) {
  const found = await findUserOrderWithEsims(deps.db, options.userId, options.idOrNumber);
  if (!found) throw new AppError("NOT_FOUND", { message: "No such order." });
  const plans = await destinationPlansOf(deps, [found.view.destination.code]);
  return { ...found, destinationPlans: plans.get(found.view.destination.code) };
}
