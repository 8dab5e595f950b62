// The one vocabulary of states (decision 027): contracts, the web and the database (check constraints) use these lists.

/**
 * An order's life; the transitions between these are the table in apps/api/src/modules/orders/order-lifecycle.ts.
 * on_hold: the gateway reports a payment that does not match the order (amount, currency or checkout); an operator
 * decides. refund_due: money was taken but the order will not be delivered (an operator's refund decision); refunded
 * once the refund is recorded. A payment that comes after the order lapsed is delivered (decision 057).
 */
export const ORDER_STATUSES = [
  "not_paid",
  "pending",
  "confirmed",
  "delivered",
  "rejected",
  "on_hold",
  "refund_due",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order waits for the operator (orders.attention_kind): a payment that does not match it, provisioning that
 * failed after its retries, a paid order not delivered in time, a payment that came after the order lapsed, a paid order
 * waiting for our prepaid balance upstream to cover it (it goes on by itself when it does; decision 089).
 */
export const ORDER_ATTENTION_KINDS = [
  "amount_mismatch",
  "provisioning_failed",
  "delivery_overdue",
  "late_payment",
  "awaiting_upstream_balance",
] as const;
export type OrderAttentionKind = (typeof ORDER_ATTENTION_KINDS)[number];

/** An order still awaiting its payment: its payer may pay it now or cancel it (its status page, the API alike). */
export function isAwaitingPayment(status: OrderStatus): boolean {
  return status === "not_paid" || status === "pending";
}

/**
 * The order's money was taken (or a coupon paid it all): what the console calls "charged". Never an order awaiting
 * payment or one that ended unpaid (rejected).
 */
export function hasTakenMoney(status: OrderStatus): boolean {
  return (
    status === "confirmed" ||
    status === "delivered" ||
    status === "on_hold" ||
    status === "refund_due" ||
    status === "refunded"
  );
}

/** A payment at the gateway; "successful" once the gateway took the money. */
export const PAYMENT_STATUSES = ["pending", "successful", "failed", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * eSIM statuses: eSIM Access's documented labels (New, Onboard, In Use, Depleted, Canceled, Deleted) and our names for
 * the other documented pairs (decision 084): Downloading and Installing (mid-install), Ready (installed, line off,
 * never connected), Suspended, Revoked, Used Expired and Unused Expired (over). Unknown: a pair nobody documented.
 */
export const ESIM_STATUSES = [
  "New",
  "Downloading",
  "Installing",
  "Ready",
  "Onboard",
  "In Use",
  "Suspended",
  "Depleted",
  "Used Expired",
  "Unused Expired",
  "Revoked",
  "Canceled",
  "Deleted",
  "Unknown",
] as const;
export type EsimStatus = (typeof ESIM_STATUSES)[number];

/**
 * "Available" in My eSIMs while not past its end: every status whose days may remain (decision 084); the sync keeps
 * these fresh. Everything else is over ("expired").
 */
export const AVAILABLE_ESIM_STATUSES: readonly EsimStatus[] = [
  "New",
  "Downloading",
  "Installing",
  "Ready",
  "Onboard",
  "In Use",
  "Suspended",
];

/**
 * The statuses a top-up is offered, quoted and sold in: eSIM Access takes one while the profile is New, In Use or
 * Depleted (raw GOT_RESOURCE, IN_USE, USED_UP), so also mid-install, installed and off, installed and unused. Never
 * suspended, revoked, over, cancelled, deleted or in a state nobody documented: the money would be taken for nothing.
 */
export const TOP_UP_ESIM_STATUSES: readonly EsimStatus[] = [
  "New",
  "Downloading",
  "Installing",
  "Ready",
  "Onboard",
  "In Use",
  "Depleted",
];

/** A traveller's request to cancel an unused eSIM. */
export const CANCELLATION_STATUSES = ["pending", "approved", "refused"] as const;
export type CancellationStatus = (typeof CANCELLATION_STATUSES)[number];

/** Whether `value` is one of `list` (narrowing a string read from outside to the list's type). */
export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
