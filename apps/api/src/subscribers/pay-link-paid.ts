import { recordPayLinkPaid } from "../modules/pay-links/index.ts";
import type { OrderSubscriber } from "./order-subscriber.ts";

/**
 * An order paid: when a relative placed it through a pay-for-me link, the link becomes paid and the traveller and the
 * payer are told (decision 077). Idempotent: the link's guarded transition happens once, its messages are keyed by it.
 */
export const markPayLinkPaid: OrderSubscriber = async (message, { deps }) => {
  await recordPayLinkPaid(deps, { orderId: message.orderId });
};
