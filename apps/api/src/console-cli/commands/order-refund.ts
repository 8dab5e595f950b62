import { formatMoney } from "@esim/shared/money";
import { getOrderMoney } from "../../modules/ledger/index.ts";
import { decideRefund } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, changedOrder, OPERATOR_CLI, operatorReason } from "../console-command.ts";

export const description = "Decide to refund a held or undeliverable paid order: it joins the refunds owed";
export const usage = 'order:refund <number> "<reason>"';

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [number, reason, ...extra] = args;
  if (!number || !reason?.trim() || extra.length > 0) throw new CliError(`Usage: ${usage}`);
  const result = await decideRefund(deps, {
    number,
    reason: operatorReason("order:refund", reason),
    actor: OPERATOR_CLI,
  });
  const order = changedOrder("order:refund", number, result, "only a held or paid, undelivered order is refunded here");
  const { owedDzdMinor } = await getOrderMoney(deps.db, order.id);
  print(
    `${order.number}: ${formatMoney(owedDzdMinor, "DZD")} owed; send it, then refund:record ${order.number} <method> <reference> [amount].`,
  );
};
