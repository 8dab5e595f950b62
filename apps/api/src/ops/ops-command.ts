import type { AppDeps } from "../lib/deps.ts";

/** What each file of `ops/commands/` exports. */
export interface OpsCommand {
  /** One line for `help`. */
  description: string;
  /** How to call it, e.g. `rate:set <DZD per USD>`. */
  usage: string;
  run(context: { deps: AppDeps; args: string[]; print: (line: string) => void }): Promise<void>;
}

/** A mistake of the operator's (bad argument, unknown order): printed as is, exit code 1. */
export class OpsError extends Error {
  override name = "OpsError";
}

/** Who acts when a command changes an order: on its history as the command line (the console names its operator). */
export const OPERATOR_CLI = "operator:cli";

/** How an order's refused action reads for the operator, by the status that refused it. */
export const ORDER_STATUS_WORDS: Record<string, string> = {
  not_paid: "not paid",
  pending: "waiting for its payment at the gateway",
  confirmed: "paid and waiting for its eSIM",
  delivered: "delivered",
  rejected: "rejected (its payment failed, was cancelled or lapsed)",
  on_hold: "held: its payment does not match it",
  refund_due: "waiting for its refund",
  refunded: "refunded",
};
