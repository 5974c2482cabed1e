import { Column, getTableColumns, is, Placeholder, SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** What a column of an inserted row may be: a value, a statement's placeholder, an expression or another column. */
export type RowValue<V> = V | Placeholder | SQL | SQL.Aliased | Column;

/**
 * The selection of an `insert(table).select(...)`, for a write that follows another (a row per row of a common table
 * expression). Drizzle wants every column of the table, in its order: the ones given are cast to their column's
 * type (a placeholder in a select list has none), the others take the column's default, or null; a generated column
 * is left to the database.
 */
export function insertRow<T extends PgTable>(
  table: T,
  given: { [K in keyof T['$inferInsert']]?: RowValue<T['$inferInsert'][K]> },
): { [K in keyof T['$inferInsert']]-?: SQL.Aliased } {
  const values = given as Record<string, unknown>;
  const row: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
    // A generated column is not written: Drizzle leaves it out of the insert's column list too.
    if (column.generated && column.generated.type !== 'byDefault') continue;
    const value = values[key] !== undefined ? values[key] : column.defaultFn ? column.defaultFn() : (column.default ?? null);
    const type = sql.raw(column.getSQLType());
    const expression = [SQL, SQL.Aliased, Placeholder, Column].some((kind) => is(value, kind)) ? value : value === null ? sql`null` : sql.param(value, column);
    row[key] = sql`(${expression})::${type}`.as(column.name);
  }
  return row as { [K in keyof T['$inferInsert']]-?: SQL.Aliased };
}

/**
 * A table's columns as the columns of `cte`, a common table expression returning whole rows of it (`returning()`),
 * to select them typed (and mapped as Drizzle maps the table's) from the CTE.
 */
export function rowColumnsOf<T extends PgTable>(table: T, cte: WithSubquery): ReturnType<typeof getTableColumns<T>> {
  const fields = cte as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, fields[key]])) as ReturnType<typeof getTableColumns<T>>;
}

/**
 * The select of an `insert(table).select(...)` into a table with a generated column (deliveries' due_at), as SQL:
 * Drizzle checks that a select lists every column of the table, the generated one included, while its statement
 * rightly leaves that one out of the insert's columns (and insertRow out of the select); SQL is not checked.
 */
export const insertSelection = (query: { getSQL(): SQL }): SQL => query.getSQL();
