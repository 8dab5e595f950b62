import { REFUND_METHODS } from "@esim/shared/ledger/vocabulary";
import { formatMoney } from "@esim/shared/money";
import { isOneOf } from "@esim/shared/statuses";
import { getOrderMoney } from "../../modules/ledger/index.ts";
import { recordRefund } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, changedOrder, OPERATOR_CLI } from "../console-command.ts";

export const description =
  "Record a refund sent outside (Chargily has no refund API), whole or partial: the order is refunded once nothing is owed";
export const usage = `refund:record <number> <${REFUND_METHODS.join("|")}> <bank or gateway reference> [amount in DA, default: all still owed]`;

/** "200" or "200.50" DA as centimes; null when it is not an amount. */
function parseDinars(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [number, method, reference, amount, ...extra] = args;
  if (!number || !method?.trim() || !reference?.trim() || extra.length > 0) throw new CliError(`Usage: ${usage}`);
  if (!isOneOf(REFUND_METHODS, method.trim())) {
    throw new CliError(`refund:record: the method is one of ${REFUND_METHODS.join(", ")}`);
  }
  const amountDzdMinor = amount === undefined ? undefined : parseDinars(amount.trim());
  if (amountDzdMinor === null || amountDzdMinor === 0) {
    throw new CliError(`refund:record: the amount is in DA, e.g. 200 or 200.50`);
  }
  const result = await recordRefund(deps, {
    number,
    method: method.trim() as (typeof REFUND_METHODS)[number],
    reference: reference.trim(),
    actor: OPERATOR_CLI,
    ...(amountDzdMinor === undefined ? {} : { amountDzdMinor }),
  });
  const order = changedOrder("refund:record", number, result, "only an order on which a refund is owed is recorded");
  const { owedDzdMinor } = await getOrderMoney(deps.db, order.id);
  print(
    owedDzdMinor > 0
      ? `${order.number}: refund recorded (${method.trim()}, ${reference.trim()}); still owed ${formatMoney(owedDzdMinor, "DZD")}.`
      : `${order.number} refunded (${method.trim()}, ${reference.trim()}).`,
  );
};
