import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

const dialect = new PgDialect();

export interface PreparedStatement<Row> {
  /** Runs on `executor` (the database or an open transaction) with the placeholders' values. */
  rows(executor: Executor, values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A hot statement of fixed shape, with `sql.placeholder(...)` for its values. It is built once, here (building a
 * query walks every column and condition: on the dispatch cycle it was a fifth of the server's time), and runs as a
 * named prepared statement, which PostgreSQL parses once per connection and can plan once (planning was a third of
 * the database's time on those statements). The name follows the text, so two shapes never share one. Rows come
 * back as PostgreSQL names them (mapRow maps a table's).
 */
export function prepareStatement<Row = Record<string, unknown>>(label: string, query: SQL | { getSQL(): SQL }): PreparedStatement<Row> {
  const compiled = dialect.sqlToQuery('getSQL' in query ? query.getSQL() : query);
  const name = `${label}_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 12)}`;
  // The driver's prepared query, made once per session: the database's lives as long as the process; a
  // transaction's goes with it.
  const bySession = new WeakMap<object, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return {
    async rows(executor, values) {
      const session = executor._.session;
      let query = bySession.get(session);
      if (!query) bySession.set(session, (query = session.prepareQuery(compiled, undefined, name, false)));
      const result = await query.execute(values);
      return (result as { rows: Row[] }).rows;
    },
  };
}
