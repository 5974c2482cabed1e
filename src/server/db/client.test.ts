import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created on first open (in a process of its own), migrated, and keeps its data across restarts', async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(sql`insert into users (name, email, password_hash) values ('Ada Obi', 'ada@example.ng', 'x')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const result = await second.db.execute(sql`select name from users`);
    expect((result as unknown as { rows: { name: string }[] }).rows).toEqual([{ name: 'Ada Obi' }]);
    await second.close();
  }, 60_000);
});
