import type { OrderSubscriber } from "./order-subscriber.ts";

/**
 * Counts an applied order event on this worker's /metrics (esim_order_events_total{event}). A run repeated after a
 * crash counts twice: a rate on a dashboard tolerates that, money never depends on it.
 */
export const countOrderEvent: OrderSubscriber = async (message, { deps }) => {
  deps.metrics.orderEvents.inc({ event: message.event });
};
