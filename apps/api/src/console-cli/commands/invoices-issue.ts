import { issueMissingInvoices } from "../../modules/invoices/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description = "Issue the invoice of every paid order that has none yet (numbered by year of payment)";
export const usage = "invoices:issue";

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  if (args.length > 0) throw new CliError(`Usage: ${usage}`);
  const issued = await issueMissingInvoices(deps);
  for (const invoice of issued) print(`  ${invoice.number}  order ${invoice.orderId}`);
  print(`${issued.length} invoice${issued.length === 1 ? "" : "s"} issued`);
};
