import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSandboxGateway } from './sandbox-gateway.js';
import { createSandboxRepository } from './sandbox-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const charge = () => ({ reference: `LF-${randomUUID()}`, amountKobo: 150_000, email: 'payer@example.com', callbackUrl: '/pay/back', payerUserId: null });

/** Two instances' sandboxes on one database. */
describe('the sandbox remembers the charges it made or decided', () => {
  it('verify reports a decision made on another instance, though this one remembers the charge pending', async () => {
    const here = createSandboxRepository(t.deps.db);
    const there = createSandboxRepository(t.deps.db);
    const made = charge();
    await here.insertCharge(made);
    expect(await createSandboxGateway(here).verify(made.reference)).toMatchObject({ status: 'pending' });

    expect(await there.decideCharge(made.reference, 'success', { openOnly: true })).toMatchObject({ status: 'success' });
    expect(await createSandboxGateway(here).verify(made.reference)).toMatchObject({ status: 'success', amountKobo: 150_000 });
    // The checkout's page may show the remembered pending charge: its decision is conditional, and a second one fails.
    expect(await here.findCharge(made.reference, { pendingMayBeStale: true })).toMatchObject({ status: 'success' });
    expect(await here.decideCharge(made.reference, 'failed', { openOnly: true })).toBeNull();
  });

  it('a charge made and decided here verifies as decided, and a refund made on either instance is stored once', async () => {
    const here = createSandboxRepository(t.deps.db);
    const made = charge();
    await here.insertCharge(made);
    const page = await here.findCharge(made.reference, { pendingMayBeStale: true });
    expect(page).toMatchObject({ status: 'pending', open: true, callbackUrl: '/pay/back' });
    await here.decideCharge(made.reference, 'success', { openOnly: true });
    expect(await createSandboxGateway(here).verify(made.reference)).toMatchObject({ status: 'success' });

    await createSandboxRepository(t.deps.db).refundCharge(made.reference);
    await here.refundCharge(made.reference);
    const stored = await createSandboxRepository(t.deps.db).findCharge(made.reference);
    expect(stored).toMatchObject({ status: 'success' });
    expect(stored!.refundedAt).not.toBeNull();
  });
});
