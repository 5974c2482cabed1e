import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/server/db/schema/index.js';
import { TABLE_OWNERS } from '../eslint/only-owner-writes.js';

const eslint = new ESLint({ cwd: process.cwd() });

/** The owner rule's findings for this code, as if it were the file at `filePath`. */
async function ownerFindings(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'lanefreight/only-owner-writes').map((m) => m.message);
}

const WRITES = `import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deliveries, wallets } from '../../db/schema/index.js';

export async function sneak(db: Executor) {
  await db.update(deliveries).set({ status: 'delivered' });
  await db.execute(sql\`update \${wallets} set balance_kobo = 0\`);
}
`;

describe('lint: only a table owner writes it (eslint/only-owner-writes.js)', () => {
  it('fails a write to another module’s table, from any file name, by builder or by SQL text', async () => {
    for (const file of ['payments-repository.ts', 'payment-statements.ts', 'helpers.ts']) {
      const findings = await ownerFindings(WRITES, `src/server/modules/payments/${file}`);
      expect(findings, file).toEqual([
        "The payments module writes the table deliveries, which belongs to deliveries: call that module's service instead.",
        "The payments module writes the table wallets, which belongs to wallet: call that module's service instead.",
      ]);
    }
  });

  it('knows the owner of every table (the idempotency keys belong to a plugin, outside the modules)', () => {
    const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)).map(([name]) => name);
    expect(tables.filter((name) => !(name in TABLE_OWNERS) && name !== 'idempotencyKeys')).toEqual([]);
  });

  it('lets the owner write its own tables, and anyone read them', async () => {
    const own = `import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
export const mark = (db: Executor) => db.update(deliveries).set({ status: 'delivered' });
`;
    expect(await ownerFindings(own, 'src/server/modules/deliveries/anything.ts')).toEqual([]);
    const read = `import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
export const count = (db: Executor) => db.select().from(deliveries);
`;
    expect(await ownerFindings(read, 'src/server/modules/payments/anything.ts')).toEqual([]);
  });
}, 60_000);
