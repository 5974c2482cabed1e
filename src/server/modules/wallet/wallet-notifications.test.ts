import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { createTransactions } from '../../db/transactions.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { openEventStream } from '../../test/event-stream-client.js';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
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

  it('a withdrawal says "withdrawn", then "paid" or "could not be paid" with the operator\'s reason and a receipt for the money back', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 1_000_000);
    const operator = await createSignedInUser(t.deps, { roles: ['operator'] });
    const withdraw = async () => {
      const payload = { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze', amountKobo: 300_000 };
      const response = await t.app.inject({ method: 'POST', url: '/api/wallet/withdrawals', headers: u.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const settle = async (id: string, outcome: 'paid' | 'failed', payload?: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/dispatch/withdrawals/${id}/mark-${outcome}`, headers: operator.headers, payload: payload ?? {} });
      expect(response.statusCode, response.body).toBe(200);
    };
    const [paid, failedWithReason, failed] = [await withdraw(), await withdraw(), await withdraw()];
    await settle(paid, 'paid', { transferReference: '000013261128093011223344556677' });
    await settle(failedWithReason, 'failed', { reason: 'The account name does not match' });
    await settle(failed, 'failed');

    const account = { amount: '₦3,000.00', amountKobo: 300_000, bank: 'Guaranty Trust Bank', account: '******3228' };
    expect((await notificationsOf(u.headers)).map((n) => [n.messageKey, n.params])).toEqual([
      ['walletWithdrawn', { amount: '₦3,000.00', amountKobo: 300_000 }],
      ['walletWithdrawn', { amount: '₦3,000.00', amountKobo: 300_000 }],
      ['walletWithdrawn', { amount: '₦3,000.00', amountKobo: 300_000 }],
      // With the bank's reference, to find the transfer on a statement (decision 089).
      ['withdrawalPaidWithReference', { ...account, transferReference: '000013261128093011223344556677' }],
      ['withdrawalFailedWithReason', { ...account, reason: 'The account name does not match' }],
      ['withdrawalFailed', account],
    ]);

    // Three withdrawal receipts when asked for; one "returned" receipt for each failed one, with the reason given.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/receipts?limit=10', headers: u.headers })).json().data.items as { id: string; kind: string }[];
    expect(listed.map((r) => r.kind)).toEqual(['withdrawal-returned', 'withdrawal-returned', 'withdrawal', 'withdrawal', 'withdrawal']);
    const returned = await Promise.all(
      listed.slice(0, 2).map(async (r) => (await t.app.inject({ method: 'GET', url: `/api/receipts/${r.id}`, headers: u.headers })).json().data),
    );
    expect(returned.map((r) => [r.amountKobo, r.vatKobo, r.reason])).toEqual([
      [300_000, 0, null],
      [300_000, 0, 'The account name does not match'],
    ]);
    const mail = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, u.user.email!));
    const returnedMail = mail.filter((m) => m.subject === 'Lanefreight receipt: withdrawal of ₦3,000.00 returned to your wallet');
    expect(returnedMail).toHaveLength(2);
    expect(returnedMail.map((m) => m.body.includes('Reason: The account name does not match')).sort()).toEqual([false, true]);
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
    const paid = await t.app.inject({ method: 'POST', url: `/api/dispatch/withdrawals/${id}/mark-paid`, headers: operator.headers, payload: { transferReference: 'FT26332XK9' } });
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
