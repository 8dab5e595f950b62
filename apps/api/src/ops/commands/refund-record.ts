import { recordRefund } from "../../modules/orders/index.ts";
import type { OpsCommand } from "../ops-command.ts";
import { changedOrder, OPERATOR_CLI, OpsError } from "../ops-command.ts";

export const description = "Record a refund made outside (Chargily has no refund API): the order is refunded";
export const usage = "refund:record <number> <method> <bank or gateway reference>";

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [number, method, reference, ...extra] = args;
  if (!number || !method?.trim() || !reference?.trim() || extra.length > 0) throw new OpsError(`Usage: ${usage}`);
  const result = await recordRefund(deps, {
    number,
    method: method.trim(),
    reference: reference.trim(),
    actor: OPERATOR_CLI,
  });
  const order = changedOrder("refund:record", number, result, "only an order with a refund owed is recorded");
  print(`${order.number} refunded (${method.trim()}, ${reference.trim()}).`);
};
