import type { OrderRejectingEvent } from "@esim/shared/checkout/contracts";
import type { OrderStatus } from "@esim/shared/statuses";
import { useT } from "../lib/i18n.ts";
import { orderStatusLabel, statusTone } from "./order-labels.ts";

/** The order's status; a rejected one says how it ended (declined, cancelled, expired). */
export function OrderStatusBadge({
  status,
  rejectedBy,
}: {
  status: OrderStatus;
  rejectedBy: OrderRejectingEvent | null;
}) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone(status, rejectedBy)}`}
    >
      {t(orderStatusLabel(status, rejectedBy))}
    </span>
  );
}
