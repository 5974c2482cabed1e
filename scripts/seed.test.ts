import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { deliveries, users, wallets } from '../src/server/db/schema/index.js';
import { checkLedger } from '../src/server/modules/wallet/ledger-check.js';

const run = promisify(execFile);

describe('npm run db:seed', () => {
  it('builds the demo through sign-up, a partner application, bookings and payments: the wallet shows ₦45,000, the ledger is clean', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lf-seed-test-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { env, cwd: process.cwd() });
      expect(stdout).toContain('Demo data created');

      const database = await openDatabase({ dataDir });
      try {
        const accounts = await database.db.select({ id: users.id, email: users.email, roles: users.roles, verifiedAt: users.verifiedAt }).from(users);
        const byEmail = new Map(accounts.map((a) => [a.email, a]));
        expect(byEmail.get('demo@lanefreight.ng')?.verifiedAt).not.toBeNull();
        expect(byEmail.get('driver@lanefreight.ng')?.roles).toContain('driver');
        expect(byEmail.get('operator@lanefreight.ng')?.roles).toContain('operator');
        const [wallet] = await database.db.select().from(wallets).where(eq(wallets.userId, byEmail.get('demo@lanefreight.ng')!.id));
        expect(wallet?.balanceKobo).toBe(4_500_000);
        const statuses = (await database.db.select({ status: deliveries.status }).from(deliveries)).map((d) => d.status).sort();
        expect(statuses).toEqual(['awaiting_payment', 'cancelled', 'delivered', 'in_transit', 'out_for_delivery', 'pending', 'picked_up']);
        expect((await checkLedger(database.db)).differences).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
