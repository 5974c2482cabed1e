import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { balanceOf, ledgerSum } from '../../test/delivery-test-helpers.js';
import { withdrawals } from '../../db/schema/index.js';
import { checkLedger } from '../wallet/ledger-check.js';

const SECRET = 'sk_test_withdrawals';

/** A local stand-in for Paystack's Transfers API: recipients, then transfers answered as `next` says. */
let server: Server;
let next: 'pending' | 'success' | 'rejected' = 'pending';
const transfers: Record<string, unknown>[] = [];

let t: TestApp;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${SECRET}`) return send(401, { status: false, message: 'Invalid key' });
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (req.url === '/transferrecipient') {
        if (body.account_number === '0000000000') return send(422, { status: false, message: 'Cannot resolve account' });
        return send(201, {
          status: true,
          data: { recipient_code: `RCP_${String(body.account_number)}`, details: { account_name: 'CHIAMAKA EZE' } },
        });
      }
      if (req.url === '/transfer') {
        transfers.push(body);
        if (next === 'rejected') return send(400, { status: false, message: 'Your balance is not enough to fulfil this request' });
        return send(200, {
          status: true,
          data: { reference: body.reference, amount: body.amount, status: next, transfer_code: `TRF_${transfers.length}`, currency: 'NGN' },
        });
      }
      send(404, { status: false });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PAYOUT_DRIVER: 'paystack',
  });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  next = 'pending';
});

const account = { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze' };

async function withdraw(amountKobo: number, change: object = {}) {
  const u = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, u.user.id, 100_000);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    headers: u.headers,
    payload: { ...account, amountKobo, ...change },
  });
  return { u, response };
}

function webhook(event: string, data: object, secret = SECRET) {
  const payload = JSON.stringify({ event, data });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/transfer-webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(payload).digest('hex') },
    payload,
  });
}

const rowOf = async (id: string) => (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

describe('withdrawals through Paystack transfers (local fake)', () => {
  it('sends the transfer at once; transfer.success settles it, once; operators cannot settle it by hand', async () => {
    const { u, response } = await withdraw(30_000);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'pending', accountName: 'CHIAMAKA EZE' });
    const row = await rowOf(response.json().data.id);
    expect(transfers.at(-1)).toMatchObject({ amount: 30_000, reference: row.reference, recipient: 'RCP_0016563228', source: 'balance' });
    // Paystack holds the account; we keep only its last four digits (decision 075).
    expect(row).toMatchObject({ payoutGateway: 'paystack', gatewayTransferCode: `TRF_${transfers.length}`, accountNumberSealed: null });
    expect(await balanceOf(t, u.user.id)).toBe(70_000);

    const operator = await createSignedInUser(t.deps, { roles: ['operator'] });
    const shown = await t.app.inject({ method: 'POST', url: `/api/dispatch/withdrawals/${row.id}/account-number`, headers: operator.headers });
    expect(shown.json().code).toBe('WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT');
    const byHand = await t.app.inject({ method: 'POST', url: `/api/dispatch/withdrawals/${row.id}/mark-failed`, headers: operator.headers });
    expect(byHand.json().code).toBe('WITHDRAWAL_SETTLED_BY_GATEWAY');
    const paidByHand = await t.app.inject({
      method: 'POST',
      url: `/api/dispatch/withdrawals/${row.id}/mark-paid`,
      headers: operator.headers,
      payload: { transferReference: 'FT26332XK9' },
    });
    expect(paidByHand.json().code).toBe('WITHDRAWAL_SETTLED_BY_GATEWAY');

    expect((await webhook('transfer.success', { reference: row.reference, amount: 30_000, currency: 'NGN', status: 'success' }, 'wrong')).statusCode).toBe(401);
    expect((await rowOf(row.id)).status).toBe('pending');
    for (let i = 0; i < 2; i++) {
      expect((await webhook('transfer.success', { reference: row.reference, amount: 30_000, currency: 'NGN', status: 'success' })).statusCode).toBe(200);
    }
    // Paystack's transfer code is its reference, as an operator's bank reference is theirs (decision 089).
    expect(await rowOf(row.id)).toMatchObject({ status: 'paid', transferReference: row.gatewayTransferCode });
    expect(await balanceOf(t, u.user.id)).toBe(70_000);
  });

  it('transfer.failed returns the hold', async () => {
    const { u, response } = await withdraw(25_000);
    const row = await rowOf(response.json().data.id);
    await webhook('transfer.failed', { reference: row.reference, amount: 25_000, currency: 'NGN', status: 'failed' });
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', transferReference: null });
    expect(await balanceOf(t, u.user.id)).toBe(100_000);
    expect(await ledgerSum(t, u.user.id)).toBe(100_000);
  });

  it('an immediate success is paid at once; a refused transfer fails and returns the money', async () => {
    next = 'success';
    const paid = await withdraw(10_000);
    expect(paid.response.json().data).toMatchObject({ status: 'paid', transferReference: `TRF_${transfers.length}` });
    expect(await balanceOf(t, paid.u.user.id)).toBe(90_000);

    next = 'rejected';
    const refused = await withdraw(10_000);
    expect(refused.response.json().data.status).toBe('failed');
    expect(await balanceOf(t, refused.u.user.id)).toBe(100_000);
    // Paystack's words ("Your balance is not enough…") are about our balance: for operators, never the customer.
    expect((await rowOf(refused.response.json().data.id)).failureReason).toContain('Your balance is not enough');
    const told = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: refused.u.headers })).json().data.items;
    expect(told.map((n: { messageKey: string }) => n.messageKey)).toContain('withdrawalFailed');
    expect(JSON.stringify(told)).not.toContain('balance is not enough');
  });

  it('an account the bank cannot resolve is refused before anything is held', async () => {
    const { u, response } = await withdraw(10_000, { bankCode: '50515', accountNumber: '0000000000' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('PAYOUT_ACCOUNT_REJECTED');
    expect(await balanceOf(t, u.user.id)).toBe(100_000);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(0);
  });

  it('leaves the ledger sound: payouts in transit only holds what is pending', async () => {
    const report = await checkLedger(t.deps.db);
    expect(report.differences).toEqual([]);
    const transit = report.accounts.find((a) => a.account === 'payouts_in_transit')?.balanceKobo ?? 0;
    const pending = (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.status, 'pending'))).reduce((s, w) => s + w.amountKobo, 0);
    expect(transit).toBe(pending);
    expect(report.accounts.find((a) => a.account === 'gateway_clearing:paystack')?.balanceKobo).toBe(40_000);
  });
});
