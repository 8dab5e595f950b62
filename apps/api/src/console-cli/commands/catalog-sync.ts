import { syncCatalog } from "../../modules/catalog/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Import the upstream's packages now and re-price them (every instance refreshes)";
export const usage = "catalog:sync";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`catalog:sync takes no argument (got "${args.join(" ")}"). Usage: ${usage}`);
  print(`Syncing the catalog from ${deps.esim.name}…`);
  const result = await syncCatalog(deps, { actor: { operatorId: null, ip: null } });
  print(`Destinations: ${result.destinations}`);
  print(`Plans:        ${result.plans} (and ${result.topUps} top-ups)`);
  print(`Deactivated:  ${result.deactivated}`);
  if (result.skipped > 0) print(`Skipped:      ${result.skipped} malformed upstream packages`);
};
