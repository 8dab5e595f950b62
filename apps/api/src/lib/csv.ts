import { toDisplayText } from "@esim/shared/display-text";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

// The one writer of CSV files (the accountant's invoices, the audit log): every export goes through `toCsv` and
// `sendCsv`, a test fails when a file writes CSV without them. Decision 060.

/** A cell written as a number: a spreadsheet sums it, a minus sign stays a minus sign. Made only by `csvNumber`. */
export interface CsvNumber {
  readonly numberText: string;
}

/** Text (escaped when a spreadsheet would read it as a formula), a number, or an empty cell. */
export type CsvCell = string | CsvNumber | null;

/** A number cell: plain decimal, no grouping, `fractionDigits` fixed when given (1252.10). */
export function csvNumber(value: number, options: { fractionDigits?: number } = {}): CsvNumber {
  if (!Number.isFinite(value)) throw new Error(`csvNumber: ${value} is not a finite number`);
  return { numberText: options.fractionDigits === undefined ? String(value) : value.toFixed(options.fractionDigits) };
}

/** Excel reads a CSV as UTF-8 (Arabic names intact) only when it starts with this mark. */
const UTF8_BOM = "\uFEFF";

/**
 * What makes a spreadsheet run a cell as a formula (OWASP, CSV injection): = + - @ and their full-width forms,
 * after any spaces, at the start of the cell or after a ; (the separator a French or Arabic Excel splits on, whatever
 * the quotes say).
 */
const FORMULA_START = /(^|;)(\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A text cell as written: shown on one line without bidi controls or zero-width characters (toDisplayText), and a
 * single quote before anything a spreadsheet would run, so it shows as text. Typed numbers never come here.
 */
function textCell(value: string): string {
  return toDisplayText(value).replace(FORMULA_START, "$1'$2");
}

/** Rows as CSV: UTF-8 with a byte-order mark, RFC 4180 quoting, CRLF line ends, text cells defused. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  const records = rows.map((row) =>
    row.map((cell) => {
      if (cell === null) return "";
      return typeof cell === "string" ? textCell(cell) : cell.numberText;
    }),
  );
  return UTF8_BOM + stringify(records, { record_delimiter: "\r\n" });
}

/** Answers a CSV file to download, never cached (it holds customers' names and emails). */
export function sendCsv(reply: FastifyReply, options: { filename: string; csv: string }) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${options.filename}"`)
    .header("cache-control", "private, no-store")
    .send(options.csv);
}
