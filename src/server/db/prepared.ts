import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

const dialect = new PgDialect();

/**
 * `executor.execute(query)` as a named prepared statement: PostgreSQL parses it once per connection and can keep
 * its plan, where an unnamed statement is parsed and planned on every call (on the dispatch cycle's hand-written
 * statements, planning was a third of the database's time). The name follows the text, so two shapes of one
 * query never share a name. For the hot statements of fixed shape only: each stays prepared on every pooled
 * connection for the connection's life.
 */
export function executePrepared(executor: Executor, label: string, query: SQL): Promise<unknown> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${label}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
  return executor._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
}
