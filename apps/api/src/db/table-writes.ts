import ts from "typescript";

// Finds where a source file writes or reads a table (the table-ownership check, db/table-owners.ts, decisions 066
// and 097). Writes: Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a table imported from a schema file, and
// `insert into t`, `update t`, `delete from t` in a sql`` template (the table written as text or as `${t}`) or a
// sql.raw() string. Reads: importing a table object from a schema file (what Drizzle's select, join and `${t}` need),
// and `from t`, `join t` in SQL text.

export interface TableWrite {
  /** The table's SQL name ("orders"). */
  table: string;
  /** 1-based line of the write. */
  line: number;
  /** How it was written: "insert(…)", "sql`update …`". */
  how: string;
}

export interface TableRead {
  table: string;
  line: number;
  /** How it was read: "import { orders }", "sql`from orders`". */
  how: string;
}

export interface SchemaTables {
  /** A schema file's export name → SQL table name ("orderEvents" → "order_events"). */
  byExport: ReadonlyMap<string, string>;
  /** Every SQL table name. */
  names: ReadonlySet<string>;
}

const DRIZZLE_WRITES = new Set(["insert", "update", "delete"]);
/** A write statement and the table it names; `do update` (upsert) and `for update` (a lock) are not writes of a table. */
const SQL_WRITE =
  /\b(insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
/** A read named in SQL text: `from t`, `join t` (not `delete from t`, a write; not `extract(… from x)`, no table). */
const SQL_READ = /(?<!\bdelete\s+)\b(from|join)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
/** An owner's schema file (modules/<m>/<m>.schema.ts, jobs/jobs.schema.ts…) or the db/schema.ts barrel. */
const SCHEMA_MODULE = /(\.schema(\.ts)?|(^|\/)db\/schema(\.ts)?)$/;

/** A file's table writes and reads, from one parse. */
export function findTableUses(
  fileName: string,
  text: string,
  tables: SchemaTables,
): { writes: TableWrite[]; reads: TableRead[] } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const imported = new Map<string, string>();
  const namespaces = new Set<string>();
  const reads: TableRead[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!SCHEMA_MODULE.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const name = (element.propertyName ?? element.name).text;
        const table = tables.byExport.get(name);
        if (!table) continue;
        imported.set(element.name.text, table);
        // A type-only import (a row's type) reads nothing.
        if (!statement.importClause?.isTypeOnly && !element.isTypeOnly)
          reads.push({ table, line: lineOf(element.getStart()), how: `import { ${name} }` });
      }
    }
  }
  const tableOf = (node: ts.Node): string | undefined => {
    if (ts.isIdentifier(node)) return imported.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
      return tables.byExport.get(node.name.text);
    return undefined;
  };
  const writes: TableWrite[] = [];

  /** Writes named in SQL text pieces, each with its position in the file; `${table}` pieces carry the table's name. */
  function scanSql(pieces: { text: string; position: number }[], kind: string) {
    let combined = "";
    const starts: { at: number; position: number }[] = [];
    for (const piece of pieces) {
      starts.push({ at: combined.length, position: piece.position });
      combined += piece.text;
    }
    for (const match of combined.matchAll(SQL_WRITE)) {
      const table = match[2]!.toLowerCase();
      if (!tables.names.has(table)) continue;
      const start = starts.findLast((entry) => entry.at <= match.index) ?? starts[0]!;
      const verb = match[1]!.toLowerCase().replace(/\s+/g, " ");
      writes.push({ table, line: lineOf(start.position + match.index - start.at), how: `${kind}\`${verb} ${table}\`` });
    }
    for (const match of combined.matchAll(SQL_READ)) {
      const table = match[2]!.toLowerCase();
      if (!tables.names.has(table)) continue;
      const start = starts.findLast((entry) => entry.at <= match.index) ?? starts[0]!;
      const verb = match[1]!.toLowerCase();
      reads.push({ table, line: lineOf(start.position + match.index - start.at), how: `${kind}\`${verb} ${table}\`` });
    }
  }

  function visit(node: ts.Node) {
    // schema.orders through a namespace import
    const namespaced = ts.isPropertyAccessExpression(node) ? tableOf(node) : undefined;
    if (namespaced) reads.push({ table: namespaced, line: lineOf(node.getStart()), how: node.getText() });
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [argument] = node.arguments;
      const table = argument && node.arguments.length === 1 ? tableOf(argument) : undefined;
      if (DRIZZLE_WRITES.has(method) && table) {
        writes.push({ table, line: lineOf(node.expression.name.getStart()), how: `${method}(…)` });
      }
      // sql.raw("update orders …")
      if (
        method === "raw" &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === "sql"
      ) {
        if (argument && ts.isStringLiteralLike(argument))
          scanSql([{ text: argument.text, position: argument.getStart() + 1 }], "sql.raw");
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql") {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) {
        scanSql([{ text: template.text, position: template.getStart() + 1 }], "sql");
      } else {
        const pieces = [{ text: template.head.text, position: template.head.getStart() + 1 }];
        for (const span of template.templateSpans) {
          const table = tableOf(span.expression);
          pieces.push({ text: table ? `"${table}"` : "$0", position: span.expression.getStart() });
          pieces.push({ text: span.literal.text, position: span.literal.getStart() + 1 });
        }
        scanSql(pieces, "sql");
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return { writes, reads };
}
