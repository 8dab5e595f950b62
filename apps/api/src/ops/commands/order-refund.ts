import { formatMoney } from "@esim/shared/money";
import { decideRefund } from "../../modules/orders/index.ts";
import type { OpsCommand } from "../ops-command.ts";
import { OPERATOR_CLI, OpsError, ORDER_STATUS_WORDS } from "../ops-command.ts";

export const description = "Decide to refund a held or undeliverable paid order: it joins the refunds owed";
export const usage = 'order:refund <number> "<reason>"';

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [number, reason, ...extra] = args;
  if (!number || !reason?.trim() || extra.length > 0) throw new OpsError(`Usage: ${usage}`);
  const result = await decideRefund(deps, { number, reason: reason.trim(), actor: OPERATOR_CLI });
  if (result.outcome === "unknown_order") throw new OpsError(`order:refund: no order has the number ${number}`);
  if (result.outcome === "refused") {
    throw new OpsError(
      `order:refund: ${number.toUpperCase()} is ${ORDER_STATUS_WORDS[result.status] ?? result.status}: only a held or paid, undelivered order is refunded here`,
    );
  }
  print(
    `${result.order.number}: refund ${formatMoney(result.order.chargeDzdMinor, "DZD")} through the gateway's dashboard, then refund:record ${result.order.number} <method> <reference>.`,
  );
};
