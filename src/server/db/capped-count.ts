import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * How many rows of `table` match `where`, counting at most `cap` of them (decision 060): a scalar subquery that
 * reads `cap` rows at most through the index whose predicate `where` repeats, however big the table grows. A
 * result equal to `cap` means "at least that many". Write the predicate as the partial index's own literals, so the
 * planner can prove that the index applies.
 */
export function cappedCount(table: PgTable, where: SQL, cap: number): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${table} where ${where} limit ${cap}) as capped)::int`;
}

/** The first row of an `execute` answer with its integer columns as numbers. */
export function countsOf<K extends string>(result: unknown, keys: readonly K[]): Record<K, number> {
  const row = ((result as { rows: Record<string, unknown>[] }).rows[0] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, Number(row[key] ?? 0)])) as Record<K, number>;
}
