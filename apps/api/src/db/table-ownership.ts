import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import {
  KNOWN_FOREIGN_READS,
  KNOWN_FOREIGN_WRITES,
  NON_MODULE_OWNERS,
  READ_MODELS,
  TABLE_OWNERS,
} from "./table-owners.ts";
import { findTableUses, type SchemaTables, type TableRead, type TableWrite } from "./table-writes.ts";

// The table-ownership check (decisions 066 and 097): every file of the API writes and reads only the tables its place
// owns (db/table-owners.ts), or reads those its place declares as a read model of; a read model module writes none.
// Run by `npm run lint` through apps/api/scripts/check-table-ownership.ts.

/** Test code sets the stage directly in any table: it is not checked (the same files dependency-cruiser leaves out). */
export const UNCHECKED_FILE = /(\.test\.ts|\.test-kit\.ts|-double\.ts|test-webhook-receiver\.ts)$|^test\//;
/**
 * Files whose reads are not checked: the tables' own definitions (a schema file imports another's table for a foreign
 * key, as the database joins them), the barrel that types the Drizzle client, and this check itself.
 */
export const UNCHECKED_READS = /\.schema\.ts$|^db\/(schema|client|table-ownership|table-writes)\.ts$/;

export interface CheckedFile {
  /** Relative to apps/api/src, with forward slashes: "modules/orders/orders.repo.ts". */
  path: string;
  text: string;
}

export interface ReadModel {
  reason: string;
  /** The tables of others it reads. */
  reads: readonly string[];
}

export interface Ownership {
  owners: Readonly<Record<string, string>>;
  /** A module (writing nothing) or one file ("lib/console-search.ts") → what it reads of others' tables, and why. */
  readModels: Readonly<Record<string, ReadModel>>;
  known: readonly { file: string; table: string; reason: string }[];
  knownReads?: readonly { file: string; table: string; reason: string }[];
}

const DECLARED: Ownership = {
  owners: TABLE_OWNERS,
  readModels: READ_MODELS,
  known: KNOWN_FOREIGN_WRITES,
  knownReads: KNOWN_FOREIGN_READS,
};

/** The tables the schema files export (gathered by db/schema.ts), by export name and SQL name. */
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
  const { owners, readModels, known, knownReads = [] } = options.ownership ?? DECLARED;
  const places = new Set<string>([...options.modules, ...NON_MODULE_OWNERS]);
  const problems: string[] = [];
  for (const table of [...options.tables.names].sort()) {
    if (!owners[table]) problems.push(`${table}: a table without an owner: add it to db/table-owners.ts`);
  }
  for (const [table, owner] of Object.entries(owners)) {
    if (!options.tables.names.has(table))
      problems.push(`db/table-owners.ts: ${table} is not a table of any schema file`);
    if (!places.has(owner))
      problems.push(`db/table-owners.ts: ${table}'s owner ${owner} is no module or owning folder`);
    if (readModels[owner])
      problems.push(`db/table-owners.ts: ${table}'s owner ${owner} is a read model, which writes nothing`);
  }
  for (const [model, declared] of Object.entries(readModels)) {
    const isFile = model.endsWith(".ts");
    if (!isFile && !options.modules.includes(model))
      problems.push(`db/table-owners.ts: read model ${model} is no module`);
    if (isFile && !options.files.some((file) => file.path === model) && options.files.length > 1)
      problems.push(`db/table-owners.ts: read model ${model} is no file`);
    for (const table of declared.reads) {
      if (!owners[table]) problems.push(`db/table-owners.ts: read model ${model} reads ${table}, which is no table`);
    }
  }
  // Each file parsed once, for its writes and its reads.
  const uses = new Map<string, { writes: TableWrite[]; reads: TableRead[] }>();
  const usesOf = (file: CheckedFile) => {
    const found = uses.get(file.path) ?? findTableUses(file.path, file.text, options.tables);
    uses.set(file.path, found);
    return found;
  };
  const unused = new Set(known.map((entry) => `${entry.file} ${entry.table}`));
  for (const file of options.files) {
    if (UNCHECKED_FILE.test(file.path)) continue;
    const place = placeOf(file.path);
    for (const write of usesOf(file).writes) {
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
  // A table is defined in its owner's schema file (decision 097).
  for (const file of options.files) {
    if (!file.path.endsWith(".schema.ts")) continue;
    for (const match of file.text.matchAll(/\bpgTable\(\s*"([a-z_][a-z0-9_]*)"/g)) {
      const owner = owners[match[1]!];
      if (owner !== undefined && owner !== placeOf(file.path))
        problems.push(`${file.path}: defines ${match[1]}, owned by ${owner}: define it in ${owner}'s schema file`);
    }
  }
  const unusedReads = new Set(knownReads.map((entry) => `${entry.file} ${entry.table}`));
  const listedReads = new Set(unusedReads);
  for (const file of options.files) {
    if (UNCHECKED_FILE.test(file.path) || UNCHECKED_READS.test(file.path)) continue;
    const place = placeOf(file.path);
    const model = readModels[file.path] ?? readModels[place];
    const seen = new Set<string>();
    for (const read of usesOf(file).reads) {
      const owner = owners[read.table];
      if (owner === undefined || owner === place || model?.reads.includes(read.table)) continue;
      const entry = `${file.path} ${read.table}`;
      unusedReads.delete(entry);
      if (listedReads.has(entry) || seen.has(read.table)) continue;
      seen.add(read.table);
      problems.push(
        `${file.path}:${read.line}: ${place} reads ${read.table} (${read.how}), owned by ${owner}: call ${owner}'s front door, or declare a read model in db/table-owners.ts`,
      );
    }
  }
  for (const entry of unusedReads) {
    const [file, table] = entry.split(" ");
    problems.push(`db/table-owners.ts: KNOWN_FOREIGN_READS lists ${file} reading ${table}, which it no longer does`);
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
