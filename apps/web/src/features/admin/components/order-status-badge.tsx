import type { OrderStatus } from "@esim/shared/statuses";
import { useT } from "../../../lib/i18n.ts";
import { ORDER_STATUS_LABEL, statusTone } from "./order-labels.ts";

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusTone(status)}`}
    >
      {t(ORDER_STATUS_LABEL[status])}
    </span>
  );
}
