import { formatMoney } from "@esim/shared/money";
import { cancelAndRefund } from "../../flows/cancel-and-refund.ts";
import { iccidToCome } from "../../modules/esims/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, OPERATOR_CLI } from "../console-command.ts";

export const description =
  "Approve a cancellation request: the eSIM is cancelled upstream, the order refunded, the traveller emailed";
export const usage = "cancellation:approve <request id | ICCID>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [idOrIccid, ...extra] = args;
  if (!idOrIccid || extra.length > 0) throw new CliError(`Usage: ${usage}`);
  const decision = await cancelAndRefund(deps, { idOrIccid, actor: OPERATOR_CLI });
  if (decision.outcome === "unknown") throw new CliError(`cancellation:approve: no request for ${idOrIccid}`);
  if (decision.outcome === "already_decided") {
    throw new CliError(
      `cancellation:approve: the request of order ${decision.orderNumber} is already ${decision.request.status}`,
    );
  }
  print(
    `Approved: eSIM ${decision.iccid ?? `(${iccidToCome("en")})`} of order ${decision.orderNumber} cancelled; refund ${formatMoney(decision.request.refundDzdMinor, "DZD")} through the payment gateway. The traveller is emailed.`,
  );
};
