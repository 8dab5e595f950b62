import { decisionReasonSchema } from "@esim/shared/console/refunds-contract";
import { isOneOf, ORDER_STATUSES, type OrderStatus } from "@esim/shared/statuses";
import type { AppDeps } from "../lib/deps.ts";
import type { OperatorActionOutcome, OrderRow } from "../modules/orders/index.ts";

/** What each file of `console-cli/commands/` exports. */
export interface ConsoleCommand {
  /** One line for `help`. */
  description: string;
  /** How to call it, e.g. `rate:set <DZD per USD>`. */
  usage: string;
  run(context: { deps: AppDeps; args: string[]; print: (line: string) => void }): Promise<void>;
}

/** A mistake of the operator's (bad argument, unknown order): printed as is, exit code 1. */
export class CliError extends Error {
  override name = "CliError";
}

/** Who acts when a command changes an order: on its history as the command line (the console names its operator). */
export const OPERATOR_CLI = "operator:cli";

/** How an order's refused action reads for the operator, by the status that refused it. */
const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  not_paid: "not paid",
  pending: "waiting for its payment at the gateway",
  confirmed: "paid and waiting for its eSIM",
  delivered: "delivered",
  rejected: "rejected (its payment failed, was cancelled or lapsed)",
  on_hold: "held: its payment does not match it",
  refund_due: "waiting for its refund",
  refunded: "refunded",
};

/**
 * The order an operator's action changed, or the operator's error: no order has the number, or its status does not
 * take the action (`appliesTo` says which orders do, e.g. "only a held payment is accepted").
 */
export function changedOrder(
  command: string,
  number: string,
  result: OperatorActionOutcome,
  appliesTo: string,
): OrderRow {
  const shown = number.toUpperCase();
  if (result.outcome === "unknown_order") throw new CliError(`${command}: no order has the number ${shown}`);
  if (result.outcome === "refused") {
    const words = isOneOf(ORDER_STATUSES, result.status) ? ORDER_STATUS_WORDS[result.status] : result.status;
    throw new CliError(`${command}: ${shown} is ${words}: ${appliesTo}`);
  }
  return result.order;
}

/**
 * The operator's reason, read with the console's rule (decisionReasonSchema: trimmed, NFC, at most 500 characters,
 * no invisible or control character but line feeds): the traveller reads it in an email. Decision 060.
 */
export function operatorReason(command: string, text: string): string {
  const parsed = decisionReasonSchema.safeParse(text);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {
    DECISION_REASON_REQUIRED: "is empty",
    CANCELLATION_REASON_TOO_LONG: "is over 500 characters",
    TEXT_INVISIBLE_CHARACTERS: "holds invisible or control characters (bidi marks, zero-width characters)",
  };
  const code = parsed.error.issues[0]?.message ?? "";
  throw new CliError(`${command}: the reason ${problems[code] ?? "is not valid"}`);
}
