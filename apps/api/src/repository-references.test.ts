import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config.ts";

// The repository explains itself (decision 098): a clone holds every text its code and docs point to, so a
// reference to a tracker's issue or to a document kept outside the repository leads a newcomer nowhere.
const OUTSIDE_REFERENCES: { what: string; pattern: RegExp }[] = [
  { what: "an issue of the tracker", pattern: /\b[Ii]ssues? #?\d+/ },
  { what: "the design text kept outside", pattern: /\bDESIGN\b/ },
  // Only the reference forms: `STYLE` alone is a fair name for a constant holding CSS.
  { what: "the style text kept outside", pattern: /\bSTYLE(\.md\b| "| ?§)/ },
  { what: "the providers' notes kept outside", pattern: /\bPROVIDERS\.md\b/ },
  { what: "the product description kept outside", pattern: /\bproduct description\b/i },
  // A bare section sign points into some text; a public standard's (ISO 32000 §14.9.4, RFC 7518 §3.4) is fine.
  { what: "a section of a text kept outside", pattern: /(?<!(?:ISO|RFC) \d+ )§ ?\d/ },
  { what: "a folder outside the repository", pattern: /\/work\/|\bseed\/000/ },
];

// Text the project writes; the generated lock file and native project files are not read by people.
const WRITTEN = /\.(ts|tsx|js|cjs|mjs|md|json|yml|yaml|sh|sql|html|css)$/;
const NOT_OURS = [/(^|\/)package-lock\.json$/];
const THIS_FILE = "apps/api/src/repository-references.test.ts";

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => WRITTEN.test(file) && file !== THIS_FILE && !NOT_OURS.some((skip) => skip.test(file)));
}

/** `file:line: text` for each line that points outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const found = OUTSIDE_REFERENCES.find(({ pattern }) => pattern.test(line));
    return found === undefined ? [] : [`${file}:${index + 1} (${found.what}): ${line.trim().slice(0, 160)}`];
  });
}

const DECISIONS = path.join(REPO_ROOT, "docs/decisions");

interface DecisionRecord {
  number: string;
  file: string;
  text: string;
}

function decisionRecords(): DecisionRecord[] {
  return readdirSync(DECISIONS)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .map((file) => ({ number: file.slice(0, 3), file, text: readFileSync(path.join(DECISIONS, file), "utf8") }));
}

/** The record numbers a header line names: `Status: amended by 057, 082` or `Changes: [026](026-….md), [066](…)`. */
function listed(text: string, label: string): string[] {
  const line = new RegExp(`^${label}: (.*)$`, "m").exec(text)?.[1] ?? "";
  const number = label === "Status" ? /\b(\d{3})\b/g : /\[(\d{3})\]/g;
  return [...line.matchAll(number)].map((match) => match[1] as string);
}

/** The links of a header line, each `[NNN](file)`. */
function links(text: string, label: string): { number: string; target: string }[] {
  const line = new RegExp(`^${label}: (.*)$`, "m").exec(text)?.[1] ?? "";
  return [...line.matchAll(/\[(\d{3})\]\(([^)]+)\)/g)].map((match) => ({
    number: match[1] as string,
    target: match[2] as string,
  }));
}

describe("references to texts outside the repository", () => {
  it("finds them in the forms they take", () => {
    const found = outsideReferences(
      "x.ts",
      [
        "// The console's orders (issue 15, point 4)",
        "// Issue 27: every word translated",
        "// the envelope of DESIGN §3",
        '// (STYLE "A lifecycle") and STYLE.md',
        "// as documented (PROVIDERS.md)",
        "/** Wrong PINs before the PIN is blocked (product description). */",
        "// the cart's prices; §8 allows public pages 40 KB",
        "// the marked-content span (ISO 32000 §14.9.4) and ES256 (RFC 7518 §3.4)",
        "const STYLE = `body { margin: 0 }`;",
        "// the seller's identity, decision 095",
      ].join("\n"),
    );
    expect(found.map((line) => line.split(" (")[0])).toEqual([
      "x.ts:1",
      "x.ts:2",
      "x.ts:3",
      "x.ts:4",
      "x.ts:5",
      "x.ts:6",
      "x.ts:7",
    ]);
  });

  it("leaves none in the code, the docs and the decision records", () => {
    const found = trackedFiles().flatMap((file) =>
      outsideReferences(file, readFileSync(path.join(REPO_ROOT, file), "utf8")),
    );
    expect(found).toEqual([]);
  });
});

describe("decision records", () => {
  const records = decisionRecords();
  const byNumber = new Map(records.map((record) => [record.number, record]));

  it("each says under its title when it was taken and whether it still holds", () => {
    const missing = records.flatMap(({ file, text }) => {
      const head = text.split("\n").slice(0, 8).join("\n");
      const problems: string[] = [];
      if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(head)) problems.push(`${file}: no "Date: YYYY-MM-DD" under the title`);
      if (!/^Status: (accepted|superseded by \d{3}|amended by \d{3}(, \d{3})*)$/m.test(head)) {
        problems.push(`${file}: no "Status: accepted | superseded by NNN | amended by NNN" under the title`);
      }
      return problems;
    });
    expect(missing).toEqual([]);
  });

  it("links a record that changes another both ways, to files that exist", () => {
    const problems = records.flatMap(({ number, file, text }) => {
      const found: string[] = [];
      for (const { number: other, target } of [...links(text, "Changes"), ...links(text, "Changed by")]) {
        if (byNumber.get(other)?.file !== target)
          found.push(`${file}: link to ${target}, which is not record ${other}`);
      }
      // What the status names is exactly who changed the record.
      const changers = listed(text, "Changed by").sort();
      const named = listed(text, "Status").sort();
      if (changers.join() !== named.join())
        found.push(`${file}: Status names ${named} but Changed by lists ${changers}`);
      for (const other of listed(text, "Changes")) {
        const changed = byNumber.get(other);
        if (changed === undefined) found.push(`${file}: changes ${other}, which does not exist`);
        else if (!listed(changed.text, "Changed by").includes(number)) {
          found.push(`${file}: changes ${other}, whose "Changed by" does not name ${number}`);
        }
      }
      for (const other of changers) {
        if (!listed(byNumber.get(other)?.text ?? "", "Changes").includes(number)) {
          found.push(`${file}: changed by ${other}, whose "Changes" does not name ${number}`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
  });
});
