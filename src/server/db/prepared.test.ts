import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import type { Database } from './client.js';
import { prepareStatement } from './prepared.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table prepared_probe (n int not null, label text)`);
});
afterAll(async () => {
  await drop();
});

const insert = prepareStatement<{ n: number; label: string | null }>(
  'probe_insert',
  sql`insert into prepared_probe (n, label) values (${sql.placeholder('n')}, ${sql.placeholder('label')}) returning n, label`,
);
const count = prepareStatement<{ count: number }>('probe_count', sql`select count(*)::int as count from prepared_probe`);
// The same label for another text: its own prepared statement, not a clash with the first.
const countAbove = prepareStatement<{ count: number }>(
  'probe_count',
  sql`select count(*)::int as count from prepared_probe where n > ${sql.placeholder('n')}`,
);

describe('prepared statements', () => {
  it('run again and again with new values, on the database and inside a transaction', async () => {
    for (let n = 1; n <= 3; n++) expect(await insert.rows(database.db, { n, label: n === 2 ? null : `row ${n}` })).toEqual([
      { n, label: n === 2 ? null : `row ${n}` },
    ]);
    await expect(
      database.db.transaction(async (tx) => {
        await insert.rows(tx, { n: 4, label: 'rolled back' });
        expect((await count.rows(tx, {}))[0]!.count).toBe(4);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await count.rows(database.db, {}))[0]!.count).toBe(3);
    expect((await countAbove.rows(database.db, { n: 1 }))[0]!.count).toBe(2);
    expect((await count.rows(database.db, {}))[0]!.count).toBe(3);
  });
});
