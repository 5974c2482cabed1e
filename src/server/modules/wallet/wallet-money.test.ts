import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, DEFAULT_TEST_PASSWORD, fundWallet } from '../../test/factories.js';
import { book, payWithWallet, balanceOf, ledgerSum } from '../../test/delivery-test-helpers.js';
import { ledgerEntries, payments, postingLines, postings, sessions, withdrawals } from '../../db/schema/index.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { WALLET_MONEY_MESSAGES } from '../../../shared/schemas/wallet-money.js';
import { checkLedger } from './ledger-check.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

const account = { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze' };
/** What an operator copies from the bank's confirmation when marking a withdrawal paid (decision 089). */
const BANK_REFERENCE = { transferReference: 'FT26332XK9' };

async function customer(balanceKobo = 0) {
  const u = await createSignedInUser(t.deps, { password: DEFAULT_TEST_PASSWORD });
  if (balanceKobo > 0) await fundWallet(t.deps.db, u.user.id, balanceKobo);
  return u;
}

/** The sandbox checkout as a browser does it: the page, the approve/decline form post, the redirect back. */
async function topUpThroughSandbox(headers: Headers, amountKobo: number, decision: 'approve' | 'decline' = 'approve') {
  const start = await post('/api/wallet/top-ups', headers, { amountKobo });
  expect(start.statusCode).toBe(201);
  const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
  const redirect = await decideSandboxCheckout(t, headers, checkoutUrl, decision);
  const location = new URL(redirect.headers.location as string, 'http://app.test');
  expect(location.pathname).toBe('/dashboard/wallet');
  expect(location.searchParams.get('topup_reference')).toBe(reference);
  return { reference, verifyUrl: `/api/wallet/top-ups/${reference}/verify` };
}

describe('top-ups', () => {
  it('credit the wallet only once the gateway confirms; 20 parallel verifications credit once', async () => {
    const u = await customer();
    const { reference, verifyUrl } = await topUpThroughSandbox(u.headers, 250_000);
    // Approved at the gateway, but not verified yet: nothing credited.
    expect(await balanceOf(t, u.user.id)).toBe(0);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ purpose: 'topup', deliveryId: null, status: 'initiated', amountKobo: 250_000 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(verifyUrl, u.headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[0]!.json().data).toMatchObject({ reference, status: 'succeeded', amountKobo: 250_000, balance: 250_000 });
    expect(await balanceOf(t, u.user.id)).toBe(250_000);
    expect(await ledgerSum(t, u.user.id)).toBe(250_000);
    const topUpPostings = await t.deps.db.select().from(postings).where(eq(postings.paymentId, payment!.id));
    expect(topUpPostings).toHaveLength(1);
    const lines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, topUpPostings[0]!.id));
    expect(lines.map((l) => [l.accountType, l.accountKey, l.amountKobo])).toEqual([['gateway_clearing', 'sandbox', -250_000]]);
  });

  it('a declined checkout credits nothing; another user cannot verify my top-up', async () => {
    const u = await customer();
    const other = await customer();
    const declined = await topUpThroughSandbox(u.headers, 50_000, 'decline');
    expect((await post(declined.verifyUrl, u.headers)).json().code).toBe('PAYMENT_FAILED');
    const approved = await topUpThroughSandbox(u.headers, 50_000);
    expect((await post(approved.verifyUrl, other.headers)).statusCode).toBe(404);
    expect(await balanceOf(t, u.user.id)).toBe(0);
  });

  it.each([
    ['non-numeric', 'abc', WALLET_MONEY_MESSAGES.invalidAmount],
    ['numeric text', '5000', WALLET_MONEY_MESSAGES.invalidAmount],
    ['zero', 0, WALLET_MONEY_MESSAGES.invalidAmount],
    ['negative', -10_000, WALLET_MONEY_MESSAGES.invalidAmount],
    ['sub-kobo', 10_000.5, WALLET_MONEY_MESSAGES.invalidAmount],
    ['absurdly large', 1e20, WALLET_MONEY_MESSAGES.aboveMaximum],
    ['below the minimum', 9_999, WALLET_MONEY_MESSAGES.belowMinimum],
    ['above the maximum', 500_000_001, WALLET_MONEY_MESSAGES.aboveMaximum],
  ])('refuses a %s amount with 400 and its message key, writing nothing', async (_name, amountKobo, message) => {
    const u = await customer();
    const response = await post('/api/wallet/top-ups', u.headers, { amountKobo });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', detailKeys: { amountKobo: [message] } });
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, u.user.id))).toHaveLength(0);
  });
});

describe('limit messages', () => {
  it('name the limit in English for API clients and as a parameter for the web', async () => {
    const u = await customer();
    const below = (await post('/api/wallet/top-ups', u.headers, { amountKobo: 9_999 })).json();
    expect(below).toMatchObject({
      message: 'The minimum amount is ₦100.00',
      details: { amountKobo: ['The minimum amount is ₦100.00'] },
      detailParams: { amountKobo: { amount: '₦100.00' } },
    });
    const above = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 100_000_001 })).json();
    expect(above.detailParams).toEqual({ amountKobo: { amount: '₦1,000,000.00' } });
  });
});

describe('step-up', () => {
  const makeOld = (sessionId: string) =>
    t.deps.db.update(sessions).set({ createdAt: sql`now() - interval '6 minutes'` }).where(eq(sessions.id, sessionId));

  it('a withdrawal needs the password within 5 minutes; a wrong password does not count as one', async () => {
    const u = await customer(100_000);
    const [session] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    await makeOld(session!.id);

    const refused = await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 20_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REAUTH_REQUIRED');

    const wrong = await post('/api/reauth', u.headers, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('PASSWORD_INCORRECT');
    expect((await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 20_000 })).json().code).toBe('REAUTH_REQUIRED');

    const right = await post('/api/reauth', u.headers, { password: DEFAULT_TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(Date.parse(right.json().data.validUntil) - Date.parse(right.json().data.reauthenticatedAt)).toBe(5 * 60 * 1000);
    expect((await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 20_000 })).statusCode).toBe(201);
    expect(await balanceOf(t, u.user.id)).toBe(80_000);
  });

  it('reauth needs a session', async () => {
    expect((await post('/api/reauth', {}, { password: 'x' })).statusCode).toBe(401);
  });
});

describe('withdrawals', () => {
  it('lists Nigerian banks publicly', async () => {
    const response = await get('/api/banks', {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ code: '058', name: expect.stringContaining('Guaranty'), kind: 'commercial' });
  });

  it('holds the amount at once as a pending withdrawal with the account masked', async () => {
    const u = await customer(100_000);
    const response = await post('/api/wallet/withdrawals', u.headers, { ...account, accountNumber: '0016 563 228', amountKobo: 30_000 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      amountKobo: 30_000,
      bankCode: '058',
      accountNumberMasked: '******3228',
      accountName: 'Chiamaka Eze',
      status: 'pending',
    });
    expect(await balanceOf(t, u.user.id)).toBe(70_000);
    const historyResponse = await get('/api/wallet/transactions', u.headers);
    expect(historyResponse.statusCode, historyResponse.body).toBe(200);
    const history = historyResponse.json().data;
    expect(history.items[0]).toMatchObject({
      type: 'withdrawal',
      amountKobo: -30_000,
      status: 'pending',
      descriptionKey: 'walletMoney.transactions.withdrawal',
      params: { account: '******3228' },
    });
  });

  it.each([
    ['unknown bank', { bankCode: '999' }, 'bankCode', 'validation.payout.bankUnknown'],
    ['short account number', { accountNumber: '12345' }, 'accountNumber', 'validation.payout.accountNumberFormat'],
    ['account number failing the check digit', { accountNumber: '0016563229' }, 'accountNumber', 'validation.payout.accountNumberInvalid'],
    ['missing account name', { accountName: '' }, 'accountName', 'validation.payout.accountNameRequired'],
    ['zero amount', { amountKobo: 0 }, 'amountKobo', WALLET_MONEY_MESSAGES.invalidAmount],
    ['fractional amount', { amountKobo: 20_000.25 }, 'amountKobo', WALLET_MONEY_MESSAGES.invalidAmount],
    ['amount above the maximum', { amountKobo: 100_000_001 }, 'amountKobo', WALLET_MONEY_MESSAGES.aboveMaximum],
  ])('names a bad %s (400) and writes nothing', async (_name, change, field, message) => {
    const u = await customer(100_000);
    const response = await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 20_000, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().detailKeys[field]).toContain(message);
    expect(await balanceOf(t, u.user.id)).toBe(100_000);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(0);
  });

  it('test-mode money pays for deliveries but is not withdrawable: named as such (402), nothing written', async () => {
    const u = await customer(10_000);
    const { verifyUrl } = await topUpThroughSandbox(u.headers, 50_000);
    expect((await post(verifyUrl, u.headers)).statusCode).toBe(200);
    expect((await get('/api/wallet', u.headers)).json().data).toMatchObject({ balance: 60_000, withdrawableKobo: 10_000 });

    const refused = await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 20_000 });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'WITHDRAWAL_TEST_MONEY', params: { withdrawable: '₦100.00' } });
    expect(await balanceOf(t, u.user.id)).toBe(60_000);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(0);
    expect((await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 })).statusCode).toBe(201);
  });

  it('above the balance: "Insufficient Balance" for withdrawals (402), not the payment text, nothing written', async () => {
    const u = await customer(15_000);
    const response = await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 15_001 });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'WITHDRAWAL_INSUFFICIENT_BALANCE',
      message: "You don't have enough balance for this withdrawal",
    });
    expect(await balanceOf(t, u.user.id)).toBe(15_000);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(0);
    expect(await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, u.user.id))).toHaveLength(1);
  });

  it('operators mark paid or failed, once; failed returns the hold; customers are refused', async () => {
    const u = await customer(100_000);
    const operator = await createSignedInUser(t.deps, { roles: ['operator'] });
    const first = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 40_000 })).json().data;
    const second = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 })).json().data;
    expect(await balanceOf(t, u.user.id)).toBe(50_000);

    expect((await get('/api/dispatch/withdrawals?status=pending', u.headers)).statusCode).toBe(403);
    expect((await post(`/api/dispatch/withdrawals/${first.id}/mark-paid`, u.headers)).statusCode).toBe(403);

    const pending = (await get('/api/dispatch/withdrawals?status=pending', operator.headers)).json().data;
    expect(pending.items.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const paid = await post(`/api/dispatch/withdrawals/${first.id}/mark-paid`, operator.headers, BANK_REFERENCE);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', payoutGateway: 'manual' });
    const late = await post(`/api/dispatch/withdrawals/${first.id}/mark-failed`, operator.headers);
    expect(late.json(), late.body).toMatchObject({ code: 'WITHDRAWAL_NOT_PENDING' });
    expect(await balanceOf(t, u.user.id)).toBe(50_000);

    const failed = await post(`/api/dispatch/withdrawals/${second.id}/mark-failed`, operator.headers, { reason: 'Account closed' });
    expect(failed.json().data).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect(await balanceOf(t, u.user.id)).toBe(60_000);
    expect(await ledgerSum(t, u.user.id)).toBe(60_000);
    expect((await post('/api/dispatch/withdrawals/00000000-0000-4000-8000-000000000000/mark-paid', operator.headers, BANK_REFERENCE)).statusCode).toBe(404);

    const history = (await get('/api/wallet/transactions?limit=10', u.headers)).json().data;
    expect(history.items.map((i: { type: string; amountKobo: number; status: string | null }) => [i.type, i.amountKobo, i.status])).toEqual([
      ['withdrawal', 10_000, 'failed'],
      ['withdrawal', -10_000, 'failed'],
      ['withdrawal', -40_000, 'paid'],
      ['adjustment', 100_000, null],
    ]);
  });

  it("mark paid needs the bank's transfer reference, checked by the shared rule, kept once and shown to both sides (decision 089)", async () => {
    const u = await customer(100_000);
    const operator = await createSignedInUser(t.deps, { roles: ['operator'] });
    const withdrawal = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 30_000 })).json().data;
    const markPaid = (payload: unknown, headers: Headers = operator.headers) => post(`/api/dispatch/withdrawals/${withdrawal.id}/mark-paid`, headers, payload);
    const storedOf = async () => (await t.deps.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]!;

    // Missing, not text, too short, too long, or with other characters: a 400 naming the field, never a 500.
    const required = { transferReference: [WALLET_MONEY_MESSAGES.transferReferenceRequired] };
    const format = { transferReference: [WALLET_MONEY_MESSAGES.transferReferenceFormat] };
    for (const [payload, detailKeys] of [
      [undefined, null],
      [{}, required],
      [{ transferReference: '   ' }, required],
      [{ transferReference: 12_345_678 }, required],
      [{ transferReference: ['FT26332XK9'] }, required],
      [{ transferReference: 'FT12' }, format],
      [{ transferReference: 'F'.repeat(51) }, format],
      [{ transferReference: 'FT26332<b>' }, format],
      [{ transferReference: 'FT26332XK9;drop' }, format],
      [{ transferReference: 'x'.repeat(10_000) }, format],
    ] as const) {
      const refused = await markPaid(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
      if (detailKeys) expect(refused.json().detailKeys).toEqual(detailKeys);
    }
    expect((await markPaid({ transferReference: 'FT12' })).json().details).toEqual({
      transferReference: ['The reference must be 6 to 50 characters: letters, digits, - / _ or .'],
    });
    expect(await storedOf()).toMatchObject({ status: 'pending', transferReference: null });

    // Pending: nobody sees a reference yet, and the receipt (issued when the money was set aside) has none.
    const receiptOf = async () => {
      const [summary] = (await get('/api/receipts?limit=1', u.headers)).json().data.items as { id: string; kind: string }[];
      expect(summary!.kind).toBe('withdrawal');
      return (await get(`/api/receipts/${summary!.id}`, u.headers)).json().data;
    };
    expect((await receiptOf()).transferReference).toBeNull();

    // Copied from the bank's confirmation with its digits grouped: the spaces are not part of it.
    const headers = { ...operator.headers, 'idempotency-key': `mark-paid-${withdrawal.id}` };
    const paid = await markPaid({ transferReference: ' 0000 1326 1128 0930 1122 3344 5566 77 ' }, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    const reference = '000013261128093011223344556677';
    expect(paid.json().data).toMatchObject({ status: 'paid', transferReference: reference });
    // The same request again (a retried click): the same answer. Another reference: refused, the first one kept.
    const replayed = await markPaid({ transferReference: ' 0000 1326 1128 0930 1122 3344 5566 77 ' }, headers);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const again = await markPaid({ transferReference: 'FT26332ZZ1' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'WITHDRAWAL_NOT_PENDING']);
    expect(await storedOf()).toMatchObject({ status: 'paid', transferReference: reference });

    // Both sides: the operators' history, the payee's wallet line and their receipt.
    const history = (await get('/api/dispatch/withdrawals?status=paid', operator.headers)).json().data.items;
    expect(history.find((w: { id: string }) => w.id === withdrawal.id)).toMatchObject({ transferReference: reference });
    const [line] = (await get('/api/wallet/transactions?limit=1', u.headers)).json().data.items;
    expect(line).toMatchObject({ type: 'withdrawal', status: 'paid', transferReference: reference });
    expect(await receiptOf()).toMatchObject({ kind: 'withdrawal', transferReference: reference });
  });

  it('an operator paying by hand sees the whole account number, sealed at rest, until the withdrawal ends (decision 075)', async () => {
    const u = await customer(100_000);
    const operator = await createSignedInUser(t.deps, { roles: ['operator'] });
    const first = (await post('/api/wallet/withdrawals', u.headers, { ...account, accountNumber: '0016 563 228', amountKobo: 20_000 })).json().data;
    const second = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 })).json().data;
    const sealedOf = async (id: string) =>
      (await t.deps.db.select({ sealed: withdrawals.accountNumberSealed }).from(withdrawals).where(eq(withdrawals.id, id)))[0]!.sealed;
    const sealed = await sealedOf(first.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('0016563228');
    expect(first).not.toHaveProperty('accountNumberKept');

    const reveal = (id: string, headers: Headers) => post(`/api/dispatch/withdrawals/${id}/account-number`, headers);
    expect((await reveal(first.id, u.headers)).statusCode).toBe(403);
    const listed = (await get('/api/dispatch/withdrawals?status=pending', operator.headers)).json().data.items;
    expect(listed.find((w: { id: string }) => w.id === first.id)).toMatchObject({ accountNumberMasked: '******3228', accountNumberKept: true });
    const shown = await reveal(first.id, operator.headers);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toEqual({ accountNumber: '0016563228' });
    expect(shown.headers['cache-control']).toBe('no-store');
    expect((await reveal('00000000-0000-4000-8000-000000000000', operator.headers)).json().code).toBe('WITHDRAWAL_NOT_FOUND');

    // Paid or failed, the whole number is gone: nobody pays an ended withdrawal.
    expect((await post(`/api/dispatch/withdrawals/${first.id}/mark-paid`, operator.headers, BANK_REFERENCE)).json().data).toMatchObject({ accountNumberKept: false });
    expect((await post(`/api/dispatch/withdrawals/${second.id}/mark-failed`, operator.headers)).statusCode).toBe(200);
    expect(await sealedOf(first.id)).toBeNull();
    expect(await sealedOf(second.id)).toBeNull();
    const late = await reveal(first.id, operator.headers);
    expect([late.statusCode, late.json().code]).toEqual([409, 'WITHDRAWAL_NOT_PENDING']);

    // A number not kept (a withdrawal from before sealing) or sealed under another key says so: 409, not a 500.
    for (const stored of [null, 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA']) {
      const third = (await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 })).json().data;
      await t.deps.db.update(withdrawals).set({ accountNumberSealed: stored }).where(eq(withdrawals.id, third.id));
      const refused = await reveal(third.id, operator.headers);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT']);
    }
  });

  it('in production, withdrawals paid by hand need PAYOUT_ACCOUNTS_KEY: without it 503, nothing held', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' });
    try {
      const u = await createSignedInUser(production.deps, { password: DEFAULT_TEST_PASSWORD });
      await fundWallet(production.deps.db, u.user.id, 50_000);
      const response = await production.app.inject({ method: 'POST', url: '/api/wallet/withdrawals', headers: u.headers, payload: { ...account, amountKobo: 10_000 } });
      expect([response.statusCode, response.json().code]).toEqual([503, 'PAYOUTS_NOT_CONFIGURED']);
      expect(await production.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(0);
      expect(await balanceOf(production, u.user.id)).toBe(50_000);
    } finally {
      await production.close();
    }
  });

  it('100 concurrent withdrawals against a balance covering 50: exactly 50 succeed, balance 0', async () => {
    const u = await customer(50 * 10_000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 402)).toHaveLength(50);
    expect(await balanceOf(t, u.user.id)).toBe(0);
    expect(await ledgerSum(t, u.user.id)).toBe(0);
    expect(await t.deps.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id))).toHaveLength(50);
  }, 60_000);
});

describe('idempotency keys on money-moving requests', () => {
  it('same key and body: the first answer again, nothing repeated; another body: 409', async () => {
    const u = await customer(1_000_000);
    const headers = { ...u.headers, 'idempotency-key': 'withdraw-1' };
    const first = await post('/api/wallet/withdrawals', headers, { ...account, amountKobo: 25_000 });
    const again = await post('/api/wallet/withdrawals', headers, { ...account, amountKobo: 25_000 });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balanceOf(t, u.user.id)).toBe(975_000);

    const other = await post('/api/wallet/withdrawals', headers, { ...account, amountKobo: 30_000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    const topUp = { ...u.headers, 'idempotency-key': 'top-up-1' };
    const a = await post('/api/wallet/top-ups', topUp, { amountKobo: 20_000 });
    const b = await post('/api/wallet/top-ups', topUp, { amountKobo: 20_000 });
    expect(b.json().data.reference).toBe(a.json().data.reference);
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, u.user.id))).toHaveLength(1);

    const { id } = await book(t, u.headers);
    const pay = { ...u.headers, 'idempotency-key': 'pay-1' };
    const paid = await t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: pay, payload: { deliveryId: id, method: 'wallet' } });
    const replay = await t.app.inject({ method: 'POST', url: '/api/payments/initiate', headers: pay, payload: { deliveryId: id, method: 'wallet' } });
    expect(paid.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.reference).toBe(paid.json().data.reference);
  });
});

describe('wallet quick stats', () => {
  it('spending this month is the price of the deliveries paid for and not cancelled; top-ups and withdrawals are not spending', async () => {
    const u = await customer(1_000_000);
    const delivery = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, delivery.id)).statusCode).toBe(200);
    const cancelled = await book(t, u.headers);
    await payWithWallet(t, u.headers, cancelled.id);
    expect((await post(`/api/deliveries/${cancelled.id}/cancel`, u.headers)).statusCode).toBe(200);
    await post('/api/wallet/withdrawals', u.headers, { ...account, amountKobo: 10_000 });

    const stats = (await get('/api/wallet', u.headers)).json().data;
    const balance = await balanceOf(t, u.user.id);
    expect(stats).toEqual({
      balance,
      withdrawableKobo: balance,
      thisMonthSpentKobo: delivery.price.total,
      lastMonthSpentKobo: 0,
      monthlyAverageSpentKobo: delivery.price.total,
      owedKobo: 0,
    });
  });
});

describe('the ledger', () => {
  it('is append-only: postings, their lines and wallet entries cannot be changed or deleted', async () => {
    const u = await customer(10_000);
    await expect(t.deps.db.execute(sql`update ledger_entries set amount_kobo = 1 where user_id = ${u.user.id}::uuid`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from ledger_entries where user_id = ${u.user.id}::uuid`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`update posting_lines set amount_kobo = 0`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from postings`)).rejects.toThrow();
    expect(await ledgerSum(t, u.user.id)).toBe(10_000);
  });

  it('holds after everything above: every posting sums to zero, every wallet equals its lines, one posting per payment', async () => {
    const report = await checkLedger(t.deps.db);
    expect(report.differences).toEqual([]);
    expect(report.accounts.reduce((sum, a) => sum + a.balanceKobo, 0)).toBe(0);
    expect(report.accounts.map((a) => a.account)).toEqual(
      expect.arrayContaining(['wallets (all users)', 'gateway_clearing:sandbox', 'revenue', 'refunds', 'payouts_in_transit']),
    );
  });

  it('reports a difference when a wallet and its lines disagree', async () => {
    const u = await customer(10_000);
    await t.deps.db.execute(sql`update wallets set balance_kobo = balance_kobo + 1 where user_id = ${u.user.id}::uuid`);
    const report = await checkLedger(t.deps.db);
    expect(report.differences).toEqual([`wallet of user ${u.user.id}: balance 10001 kobo, its lines sum to 10000 kobo`]);
  });

  it('reports a posting that does not sum to zero and one without lines', async () => {
    const key = `check-${Date.now()}`;
    const [unbalanced] = (
      (await t.deps.db.execute(
        sql`insert into postings (kind, idempotency_key) values ('adjustment', ${`${key}-unbalanced`}) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await t.deps.db.execute(
      sql`insert into posting_lines (posting_id, account_type, amount_kobo) values (${unbalanced!.id}::uuid, 'adjustments', 7)`,
    );
    const [lineless] = (
      (await t.deps.db.execute(
        sql`insert into postings (kind, idempotency_key) values ('adjustment', ${`${key}-lineless`}) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const report = await checkLedger(t.deps.db);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        `posting ${unbalanced!.id} (adjustment, ${key}-unbalanced) sums to 7 kobo, not 0`,
        `posting ${lineless!.id} (adjustment, ${key}-lineless) has no lines`,
      ]),
    );
  });
});

describe('message keys', () => {
  it('every amount message and transaction description the server sends is a key with English text', async () => {
    const { readFileSync } = await import('node:fs');
    const english = JSON.parse(readFileSync('public/locales/en-US/translation.json', 'utf8')) as Record<string, unknown>;
    const lookup = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), english);
    const keys = [
      ...Object.values(WALLET_MONEY_MESSAGES),
      ...['topup', 'payment', 'refund', 'cardPaymentCredited', 'withdrawal', 'withdrawalReturned', 'adjustment', 'earning', 'returnEarning'].map((k) => `walletMoney.transactions.${k}`),
      ...['WITHDRAWAL_INSUFFICIENT_BALANCE', 'REAUTH_REQUIRED', 'PASSWORD_INCORRECT', 'WITHDRAWAL_NOT_PENDING'].map((c) => `errors.codes.${c}`),
    ];
    for (const key of keys) expect(typeof lookup(key), key).toBe('string');
    expect(lookup('errors.codes.WITHDRAWAL_INSUFFICIENT_BALANCE')).toBe("You don't have enough balance for this withdrawal");
    expect(lookup('walletMoney.validation.invalidAmount')).toBe('Please enter a valid amount');
  });
});
