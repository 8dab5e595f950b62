import { unblockPinByEmail } from "../../modules/esims/index.ts";
import { COMMAND_LINE_ACTOR } from "../../modules/operators/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Unblock a user's PIN after 4 wrong tries (the PIN itself is kept)";
export const usage = "pin:unblock <email>";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  const [email, ...extra] = args;
  if (!email || extra.length > 0) throw new CliError(`Usage: ${usage} (e.g. pin:unblock amina@example.com)`);
  const status = await unblockPinByEmail(deps, { email, actor: COMMAND_LINE_ACTOR });
  if (!status) throw new CliError(`pin:unblock: no account has the email ${email.trim().toLowerCase()}`);
  print(
    `PIN of ${email.trim().toLowerCase()} unblocked: ${status.isSet ? `${status.attemptsLeft} attempts left` : "no PIN set yet"}`,
  );
};
