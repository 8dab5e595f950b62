import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csvNumber, toCsv } from "./csv.ts";

const SOURCE_ROOT = path.resolve(import.meta.dirname, "..");

/** Every source file of the API but tests, relative to apps/api/src. */
async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(SOURCE_ROOT, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-kit)?\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(SOURCE_ROOT, path.join(entry.parentPath, entry.name)));
}

describe("toCsv", () => {
  it("starts with the byte-order mark and quotes as RFC 4180 says, CRLF line ends", () => {
    expect(
      toCsv([
        ["Nom", "Note"],
        ['Amina "Mimi"', "a, b"],
      ]),
    ).toBe('\uFEFFNom,Note\r\n"Amina ""Mimi""","a, b"\r\n');
  });

  it("keeps a typed number a number, minus sign included, and defuses the same text in a text cell", () => {
    expect(toCsv([[csvNumber(-1200, { fractionDigits: 2 }), csvNumber(3), "-1200"]])).toBe(
      "\uFEFF-1200.00,3,'-1200\r\n",
    );
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(1,1)", '"\'@SUM(1,1)"'],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["\uFF0B1", "'\uFF0B1"],
    ["\uFF0D1", "'\uFF0D1"],
    ["\uFF201", "'\uFF201"],
    ["  =1+1", "'  =1+1"],
    ["\t=1+1", "' =1+1"],
    ["\r\n=1+1", "' =1+1"],
    ["a;=1+1", "a;'=1+1"],
    ["Amina-Benali", "Amina-Benali"],
    ["1252.10", "1252.10"],
  ])("writes the text %j as %j", (text, written) => {
    expect(toCsv([[text]])).toBe(`\uFEFF${written}\r\n`);
  });

  it("takes bidi controls and zero-width characters out of text", () => {
    expect(toCsv([["Bob\u202Egnp.exe\u200B"]])).toBe("\uFEFFBobgnp.exe\r\n");
  });

  it("refuses a number that is not finite", () => {
    expect(() => csvNumber(Number.NaN)).toThrow();
  });
});

describe("every CSV export", () => {
  it("is written by lib/csv.ts: nothing else stringifies CSV or answers text/csv", async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles()) {
      if (file === path.join("lib", "csv.ts")) continue;
      const text = await readFile(path.join(SOURCE_ROOT, file), "utf8");
      if (/csv-stringify|text\/csv|papaparse|fast-csv/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it("goes through lib/csv.ts wherever a file speaks of CSV", async () => {
    // Files that handle a CSV made elsewhere: the console-cli command writes what exportInvoicesCsv (toCsv) returned; the
    // invoices' front door re-exports it; route.ts names the kind of answer in a comment.
    const handOn = new Set([
      path.join("console-cli", "commands", "invoices-export.ts"),
      path.join("modules", "invoices", "index.ts"),
      path.join("lib", "route.ts"),
    ]);
    const offenders: string[] = [];
    for (const file of await sourceFiles()) {
      if (file === path.join("lib", "csv.ts") || handOn.has(file)) continue;
      const text = await readFile(path.join(SOURCE_ROOT, file), "utf8");
      if (/csv/i.test(text) && !/from "[./]*lib\/csv\.ts"/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
