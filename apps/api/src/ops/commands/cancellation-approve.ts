import { formatMoney } from "@esim/shared/money";
import { cancelAndRefund } from "../../flows/cancel-and-refund.ts";
import { iccidToCome } from "../../modules/esims/index.ts";
import type { OpsCommand } from "../ops-command.ts";
import { OPERATOR_CLI, OpsError } from "../ops-command.ts";

export const description =
  "Approve a cancellation request: the eSIM is cancelled upstream, the order refunded, the traveller emailed";
export const usage = "cancellation:approve <request id | ICCID>";

export const run: OpsCommand["run"] = async ({ deps, args, print }) => {
  const [idOrIccid, ...extra] = args;
  if (!idOrIccid || extra.length > 0) throw new OpsError(`Usage: ${usage}`);
  const decision = await cancelAndRefund(deps, { idOrIccid, actor: OPERATOR_CLI });
  if (decision.outcome === "unknown") throw new OpsError(`cancellation:approve: no request for ${idOrIccid}`);
  if (decision.outcome === "already_decided") {
    throw new OpsError(
      `cancellation:approve: the request of order ${decision.orderNumber} is already ${decision.request.status}`,
    );
  }
  print(
    `Approved: eSIM ${decision.iccid ?? `(${iccidToCome("en")})`} of order ${decision.orderNumber} cancelled; refund ${formatMoney(decision.request.refundDzdMinor, "DZD")} through the payment gateway. The traveller is emailed.`,
  );
};
