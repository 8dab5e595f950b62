import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { exportInvoicesCsv } from "../../modules/invoices/index.ts";
import type { ConsoleCommand } from "../console-command.ts";
import { CliError } from "../console-command.ts";

export const description =
  "Export the invoices and credit notes issued between two days (Algiers time), with the net, as CSV for the accountant";
export const usage = "invoices:export --from YYYY-MM-DD --to YYYY-MM-DD [--out file.csv]";

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: { from: { type: "string" }, to: { type: "string" }, out: { type: "string" } },
  });
}

function day(name: string, text: string | undefined): string {
  const isRealDay =
    text !== undefined &&
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
  if (!isRealDay) throw new CliError(`invoices:export: --${name} "${text ?? ""}" is not a day such as 2026-11-01`);
  return text;
}

export const run: ConsoleCommand["run"] = async ({ deps, args, print }) => {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    throw new CliError(`invoices:export: ${(error as Error).message}\nUsage: ${usage}`);
  }
  const { values } = parsed;
  if (values.from === undefined || values.to === undefined) throw new CliError(`Usage: ${usage}`);
  const from = day("from", values.from);
  const to = day("to", values.to);
  if (from > to) throw new CliError(`invoices:export: --from ${from} is after --to ${to}`);
  const { csv, count, creditNoteCount } = await exportInvoicesCsv(deps, { from, to });
  if (values.out === undefined) {
    // Straight to standard output, so it can be piped; the summary would spoil the file.
    print(csv.replace(/\r\n$/, ""));
    return;
  }
  await writeFile(values.out, csv, "utf8");
  print(
    `${count} invoice${count === 1 ? "" : "s"} and ${creditNoteCount} credit note${creditNoteCount === 1 ? "" : "s"} ` +
      `from ${from} to ${to} written to ${values.out}`,
  );
};
