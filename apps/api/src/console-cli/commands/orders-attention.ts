import { formatMoney } from "@esim/shared/money";
import { listOrdersNeedingAttention } from "../../modules/orders/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description =
  "List the orders that need the operator: flagged ones (oldest first) and refunds owed as the ledger says (amount owed)";
export const usage = "orders:attention";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`Usage: ${usage}`);
  const { flagged, refundsDue } = await listOrdersNeedingAttention(deps);
  print(flagged.length === 0 ? "No flagged order." : `Flagged orders (${flagged.length}):`);
  for (const { order, email } of flagged) {
    print(
      `  ${order.number}  ${order.status}  ${order.attentionKind}  since ${order.attentionAt?.toISOString()}  ${email ?? order.billing.email}  ${order.attentionReason}`,
    );
  }
  print(refundsDue.length === 0 ? "No refund owed." : `Refunds owed (${refundsDue.length}):`);
  for (const { order, email, owedDzdMinor, since } of refundsDue) {
    print(
      `  ${order.number}  owed ${formatMoney(owedDzdMinor, "DZD")}  since ${since.toISOString()}  ${order.status}  ${email ?? order.billing.email}  → refund:record ${order.number} <method> <reference> [amount]`,
    );
  }
};
