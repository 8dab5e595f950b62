import { formatMoney } from "@esim/shared/money";
import { iccidLine, listCancellationsToDecide } from "../../modules/esims/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "List the cancellation requests waiting for a decision, oldest first";
export const usage = "cancellation:list";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`Usage: ${usage}`);
  const pending = await listCancellationsToDecide(deps);
  if (pending.length === 0) {
    print("cancellation:list: no request waiting");
    return;
  }
  for (const { request, esim, orderNumber, email } of pending) {
    print(
      [
        request.id,
        `order ${orderNumber}`,
        iccidLine(esim.iccid, "en"),
        email ?? "(account deleted)",
        `requested ${request.requestedAt.toISOString()}`,
        `refund ${formatMoney(request.refundDzdMinor, "DZD")}`,
        request.reason ? `"${request.reason}"` : "",
      ]
        .filter(Boolean)
        .join("  "),
    );
  }
};
