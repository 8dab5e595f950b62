import { iccidToCome, refuseCancellation } from "../../modules/esims/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError, operatorReason } from "../console-command.ts";

export const description = "Refuse a cancellation request with a reason the traveller reads (emailed and on /details)";
export const usage = 'cancellation:refuse <request id | ICCID> "<reason>"';

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [idOrIccid, ...words] = args;
  if (!idOrIccid || words.join(" ").trim().length === 0) throw new CliError(`Usage: ${usage}`);
  const reason = operatorReason("cancellation:refuse", words.join(" "));
  const decision = await refuseCancellation(deps, { idOrIccid, reason });
  if (decision.outcome === "unknown") throw new CliError(`cancellation:refuse: no request for ${idOrIccid}`);
  if (decision.outcome === "already_decided") {
    throw new CliError(
      `cancellation:refuse: the request of order ${decision.orderNumber} is already ${decision.request.status}`,
    );
  }
  print(
    `Refused: the request for eSIM ${decision.iccid ?? `(${iccidToCome("en")})`} of order ${decision.orderNumber}. The traveller is emailed.`,
  );
};
