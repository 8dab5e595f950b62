import { expirePayLinkNow } from "../../modules/pay-links/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "End a waiting pay-for-me link now (its page then refuses to be paid), by its address";
export const usage = "paylink:expire <link address or token>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [address, ...extra] = args;
  if (!address || extra.length > 0) throw new CliError(`Usage: ${usage} (e.g. paylink:expire https://…/fr/pay/abc…)`);
  // The token is the address's last segment (the address is what the operator is shown or sent).
  const token = decodeURIComponent(address.split("?")[0]!.split("/").pop() ?? "");
  const isEnded = await expirePayLinkNow(deps, { token });
  if (!isEnded) throw new CliError("paylink:expire: no waiting link has this address");
  print("Pay-for-me link ended: its page now says it has expired.");
};
