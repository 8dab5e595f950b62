import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import { KNOWN_FOREIGN_WRITES, NON_MODULE_OWNERS, READ_MODELS, TABLE_OWNERS } from "./table-owners.ts";
import { findTableWrites, type SchemaTables } from "./table-writes.ts";

// The table-ownership check (decision 066): every file of the API writes only the tables its place owns
// (db/table-owners.ts); a read model writes none. Run by `npm run lint` through apps/api/scripts/check-table-ownership.ts.

/** Test code sets the stage directly in any table: it is not checked (the same files dependency-cruiser leaves out). */
export const UNCHECKED_FILE = /(\.test\.ts|\.test-kit\.ts|-double\.ts|test-webhook-receiver\.ts)$|^test\//;

export interface CheckedFile {
  /** Relative to apps/api/src, with forward slashes: "modules/orders/orders.repo.ts". */
  path: string;
  text: string;
}

export interface Ownership {
  owners: Readonly<Record<string, string>>;
  readModels: Readonly<Record<string, string>>;
  known: readonly { file: string; table: string; reason: string }[];
}

const DECLARED: Ownership = { owners: TABLE_OWNERS, readModels: READ_MODELS, known: KNOWN_FOREIGN_WRITES };

/** The tables db/schema.ts exports, by export name and SQL name. */
export function schemaTables(schema: Record<string, unknown>): SchemaTables {
  const byExport = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) byExport.set(name, getTableName(value));
  return { byExport, names: new Set(byExport.values()) };
}

/** Where a file belongs: its module ("orders" for modules/orders/…), else its top folder ("jobs", "lib"…). */
export function placeOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "modules" && parts.length > 2) return parts[1]!;
  return parts.length > 1 ? parts[0]! : "app";
}

/** Every breach of table ownership in these files, one line each ("file:line: …"); empty when all is well. */
export function checkTableOwnership(options: {
  files: readonly CheckedFile[];
  tables: SchemaTables;
  /** The module names (folders under modules/). */
  modules: readonly string[];
  ownership?: Ownership;
}): string[] {
  const { owners, readModels, known } = options.ownership ?? DECLARED;
  const places = new Set<string>([...options.modules, ...NON_MODULE_OWNERS]);
  const problems: string[] = [];
  for (const table of [...options.tables.names].sort()) {
    if (!owners[table]) problems.push(`db/schema.ts: table ${table} has no owner: add it to db/table-owners.ts`);
  }
  for (const [table, owner] of Object.entries(owners)) {
    if (!options.tables.names.has(table)) problems.push(`db/table-owners.ts: ${table} is not a table of db/schema.ts`);
    if (!places.has(owner))
      problems.push(`db/table-owners.ts: ${table}'s owner ${owner} is no module or owning folder`);
    if (readModels[owner])
      problems.push(`db/table-owners.ts: ${table}'s owner ${owner} is a read model, which writes nothing`);
  }
  for (const model of Object.keys(readModels)) {
    if (!options.modules.includes(model)) problems.push(`db/table-owners.ts: read model ${model} is no module`);
  }
  const unused = new Set(known.map((entry) => `${entry.file} ${entry.table}`));
  for (const file of options.files) {
    if (UNCHECKED_FILE.test(file.path)) continue;
    const place = placeOf(file.path);
    for (const write of findTableWrites(file.path, file.text, options.tables)) {
      const owner = owners[write.table];
      if (owner === undefined || owner === place) continue;
      const entry = `${file.path} ${write.table}`;
      if (unused.delete(entry) || known.some((known) => `${known.file} ${known.table}` === entry)) continue;
      const who = readModels[place] ? `the read model ${place}` : place;
      problems.push(
        `${file.path}:${write.line}: ${who} writes ${write.table} (${write.how}), owned by ${owner}: call ${owner}'s front door`,
      );
    }
  }
  for (const entry of unused) {
    const [file, table] = entry.split(" ");
    problems.push(`db/table-owners.ts: KNOWN_FOREIGN_WRITES lists ${file} writing ${table}, which it no longer does`);
  }
  return problems;
}

/** The API's source directory (apps/api/src). */
const API_SOURCE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Checks the API's own sources against db/table-owners.ts. */
export async function checkApiTableOwnership(): Promise<string[]> {
  const entries = await readdir(API_SOURCE_DIR, { recursive: true, withFileTypes: true });
  const files: CheckedFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(API_SOURCE_DIR, absolute).split(path.sep).join("/");
    if (UNCHECKED_FILE.test(relative)) continue;
    files.push({ path: relative, text: await readFile(absolute, "utf8") });
  }
  const modules = (await readdir(path.join(API_SOURCE_DIR, "modules"), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return checkTableOwnership({ files, tables: schemaTables(schema), modules });
}
