import { syncStaleEsims } from "../../modules/esims/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Ask the upstream again about available eSIMs not updated for 30 minutes (50 at most)";
export const usage = "esims:sync";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`Usage: ${usage}`);
  const updated = await syncStaleEsims(deps, {
    log: {
      warn: (details, message) => print(`warning: ${message} (${JSON.stringify({ ...details, err: undefined })})`),
    },
  });
  print(`esims:sync: ${updated} eSIM${updated === 1 ? "" : "s"} updated from the upstream`);
};
