import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { enforceRateLimit } from "../../lib/rate-counter.ts";
import { countOpenUnpaidOrders } from "../orders/index.ts";

// The unpaid-order caps every door of the place-order flow applies (decision 057, decision 082).

/**
 * How many orders may await payment (decision 057): each opens a gateway checkout (a Chargily call) and holds its
 * coupon use for the checkout's 30 minutes. Per account, at once. Per client address, the orders to pay placed in the
 * last hour by any account (UNPAID_ORDERS_PER_ADDRESS_PER_HOUR, 20), so fresh accounts from one address are capped
 * too; an address can be a whole mobile operator's NAT, hence room for many buyers.
 */
export const UNPAID_ORDERS_PER_ACCOUNT = 3;
const ADDRESS_WINDOW_MS = 60 * 60 * 1000;

/**
 * Refuses an order to pay beyond the caps, inside the placing transaction (before any gateway call): the account's
 * placements are locked so concurrent ones count each other; the address's counter counts this order, and is given
 * back with the transaction if the order is not made. A null userId counts the address only.
 */
export async function checkUnpaidOrderCaps(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  options: { userId: string | null; clientAddress: string; now: Date },
) {
  // No account to count: a pay-for-me link's order, capped by its link (one live order, decision 082).
  const open = options.userId ? await countOpenUnpaidOrders(tx, options.userId) : 0;
  if (open >= UNPAID_ORDERS_PER_ACCOUNT) {
    throw new AppError("UNPAID_ORDERS_LIMIT_REACHED", {
      message: `${open} orders await payment: pay or cancel one before placing another.`,
    });
  }
  await enforceRateLimit(
    tx,
    {
      key: `unpaid-orders:address:${options.clientAddress}`,
      max: deps.config.UNPAID_ORDERS_PER_ADDRESS_PER_HOUR,
      windowMs: ADDRESS_WINDOW_MS,
    },
    options.now,
  );
}
