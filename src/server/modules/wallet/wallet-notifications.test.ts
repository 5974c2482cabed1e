import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { createTransactions } from '../../db/transactions.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { openEventStream } from '../../test/event-stream-client.js';
import { createWalletRepository } from './wallet-repository.js';
import { createWalletService } from './wallet-service.js';

/** Wallet movements made through the wallet service reach the app's real subscribers: notifications, live events. */
let t: TestApp;
let baseUrl: string;
let wallet: ReturnType<typeof createWalletService>;
let transactions: ReturnType<typeof createTransactions>;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  wallet = createWalletService({ wallet: createWalletRepository(t.deps.db) });
  transactions = createTransactions(t.deps.db, t.deps.events);
});
afterAll(async () => {
  await t.close();
});

async function notificationsOf(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
  return (res.json().data.items as { type: string; messageKey: string; params: Record<string, unknown> }[]).reverse();
}

describe('wallet notifications', () => {
  it('a top-up says "Wallet credited", and its balance goes live', async () => {
    const u = await createSignedInUser(t.deps);
    const stream = await openEventStream(baseUrl, { token: u.token });
    const start = await t.app.inject({ method: 'POST', url: '/api/wallet/top-ups', headers: u.headers, payload: { amountKobo: 250_000 } });
    const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
    await decideSandboxCheckout(t, u.headers, checkoutUrl, 'approve');
    const verified = await t.app.inject({ method: 'POST', url: `/api/wallet/top-ups/${reference}/verify`, headers: u.headers });
    expect(verified.statusCode).toBe(200);
    expect(await notificationsOf(u.headers)).toEqual([
      expect.objectContaining({
        type: 'wallet',
        messageKey: 'walletCredited',
        params: { amount: '₦2,500.00', amountKobo: 250_000 },
      }),
    ]);
    expect((await stream.waitFor(1, 'wallet.balance'))[0]!.data).toEqual({ balance: 250_000 });
    expect((await stream.waitFor(1, 'notification'))[0]!.data).toMatchObject({ messageKey: 'walletCredited' });
    stream.close();
  });

  it('a withdrawal (a hold) says "withdrawn"; a failed one coming back says "credited"; a settled one says nothing more', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 1_000_000);
    const hold = (key: string) =>
      transactions.run((tx) =>
        wallet.hold(tx, { userId: u.user.id, amountKobo: 300_000, description: 'Withdrawal', key }),
      );
    await hold(`w1:${u.user.id}`);
    await hold(`w2:${u.user.id}`);
    await transactions.run((tx) => wallet.releaseHold(tx, `w1:${u.user.id}`));
    await transactions.run((tx) => wallet.settleHold(tx, `w2:${u.user.id}`, 'manual'));
    expect((await notificationsOf(u.headers)).map((n) => [n.messageKey, n.params.amount])).toEqual([
      ['walletWithdrawn', '₦3,000.00'],
      ['walletWithdrawn', '₦3,000.00'],
      ['walletCredited', '₦3,000.00'],
    ]);
  });

  it('an operator paying out a withdrawal reaches the customer live', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 100_000);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdrawals',
      headers: u.headers,
      payload: { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze', amountKobo: 20_000 },
    });
    expect(requested.statusCode).toBe(201);
    const stream = await openEventStream(baseUrl, { token: u.token });
    const id = requested.json().data.id as string;
    const paid = await t.app.inject({ method: 'POST', url: `/api/dispatch/withdrawals/${id}/mark-paid`, headers: operator.headers });
    expect(paid.statusCode).toBe(200);
    expect((await stream.waitFor(1, 'wallet.withdrawal'))[0]!.data).toEqual({ id, status: 'paid' });
    stream.close();
  });

  it('a refund another notification already tells of is not told twice', async () => {
    const u = await createSignedInUser(t.deps);
    await transactions.run((tx) =>
      wallet.refund(tx, {
        userId: u.user.id,
        amountKobo: 10_000,
        description: 'Refund',
        idempotencyKey: `r:${u.user.id}`,
        cause: 'delivery_cancelled',
      }),
    );
    expect(await notificationsOf(u.headers)).toEqual([]);
  });
});
