import { Column, getTableName, is, SQL } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

interface Preparable<R> {
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<R> };
}

/**
 * A query drizzle builds once per database handle instead of on every call, sent as a named prepared statement
 * (PostgreSQL parses it once per connection). For the hottest reads (the session of every signed-in request, the
 * signed-in lists): building a wide select took more of the process's time than PostgreSQL took to answer it. Its
 * values are `sql.placeholder(name)`s; a transaction gets its own copy, built on first use. Its rows are mapped by
 * compileRowMapper's function where it can take the selection.
 */
export function preparedQuery<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  const byHandle = new WeakMap<DbOrTx, ReturnType<Preparable<R>["prepare"]>>();
  return (db: DbOrTx, placeholders: Record<string, unknown>): Promise<R> => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      useCompiledRowMapper(prepared);
      byHandle.set(db, prepared);
    }
    return prepared.execute(placeholders);
  };
}

/** What drizzle's prepared select holds (drizzle-orm 0.45: node-postgres/session.js, pg-core/query-builders/select.js). */
interface DrizzlePreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Drizzle maps each row by re-inspecting every field of the selection (its class, its decoder, its path), a sixth of
 * a signed-in list's time in a profile. The selection is known when the query is prepared: decode by position with
 * decoders looked up once. Drizzle's own mapping stays wherever this one would differ from it: a selection nesting
 * a table of an outer join (drizzle turns an all-null nested object into null) or deeper than one level.
 */
function useCompiledRowMapper(prepared: unknown): void {
  const query = prepared as DrizzlePreparedSelect;
  if (!query.fields || query.customResultMapper) return;
  const mapper = compileRowMapper(query.fields, query.joinsNotNullableMap ?? {});
  if (mapper) query.customResultMapper = (rows) => rows.map(mapper);
}

type Decode = (value: unknown) => unknown;

/** A row mapper equal to drizzle's mapResultRow for this selection, or undefined when it cannot take it. */
export function compileRowMapper(
  fields: { path: string[]; field: unknown }[],
  joinsNotNullableMap: Record<string, boolean>,
): ((row: unknown[]) => Record<string, unknown>) | undefined {
  const plan: { outer: string | undefined; key: string; decode: Decode }[] = [];
  for (const { path, field } of fields) {
    if (path.length > 2 || path.length === 0) return undefined;
    let decoder: { mapFromDriverValue(value: unknown): unknown };
    if (is(field, Column)) {
      if (path.length === 2 && joinsNotNullableMap[getTableName(field.table)] === false) return undefined;
      decoder = field;
    } else if (is(field, SQL)) {
      decoder = (field as unknown as { decoder: typeof decoder }).decoder;
    } else {
      return undefined;
    }
    plan.push({
      outer: path.length === 2 ? path[0] : undefined,
      key: path[path.length - 1]!,
      decode: (value) => decoder.mapFromDriverValue(value),
    });
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < plan.length; index++) {
      const { outer, key, decode } = plan[index]!;
      const raw = row[index];
      const value = raw === null ? null : decode(raw);
      if (outer === undefined) {
        result[key] = value;
      } else {
        let node = result[outer] as Record<string, unknown> | undefined;
        if (node === undefined) {
          node = {};
          result[outer] = node;
        }
        node[key] = value;
      }
    }
    return result;
  };
}
