import type { DbOrTx } from "./client.ts";

interface Preparable<R> {
  prepare(name: string): { execute(placeholders?: Record<string, unknown>): Promise<R> };
}

/**
 * A query drizzle builds once per database handle instead of on every call, sent as a named prepared statement
 * (PostgreSQL parses it once per connection). For the hottest reads (the session of every signed-in request, the
 * signed-in lists): building a wide select took more of the process's time than PostgreSQL took to answer it. Its
 * values are `sql.placeholder(name)`s; a transaction gets its own copy, built on first use.
 */
export function preparedQuery<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  const byHandle = new WeakMap<DbOrTx, ReturnType<Preparable<R>["prepare"]>>();
  return (db: DbOrTx, placeholders: Record<string, unknown>): Promise<R> => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byHandle.set(db, prepared);
    }
    return prepared.execute(placeholders);
  };
}
