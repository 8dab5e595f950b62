import { acceptHeldPayment } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, changedOrder, OPERATOR_CLI } from "../console-command.ts";

export const description = "Accept a held payment after checking it: the order is confirmed and its eSIM provisioned";
export const usage = 'order:accept <number> "<what was checked>"';

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [number, note, ...extra] = args;
  if (!number || !note?.trim() || extra.length > 0) throw new CliError(`Usage: ${usage}`);
  const result = await acceptHeldPayment(deps, { number, note: note.trim(), actor: OPERATOR_CLI });
  const order = changedOrder("order:accept", number, result, "only a held payment is accepted");
  print(`${order.number} confirmed; its eSIM is being provisioned (order:show follows it).`);
};
