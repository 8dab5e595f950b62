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
