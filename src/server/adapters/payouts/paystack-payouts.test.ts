import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../lib/app-error.js';
import { loadEnv } from '../../config/env.js';
import { createPaystackPayouts } from './paystack-payouts.js';
import { createManualPayouts } from './manual-payouts.js';
import { createPayoutGateway } from './index.js';

const SECRET = 'sk_test_lanefreight_payouts_42';

/**
 * A stand-in for api.paystack.co speaking the documented Transfers API: recipients (type nuban, NGN), transfers
 * from the balance, verification by reference. Account 0000000000 cannot be resolved; the balance is finite.
 */
interface FakeTransfer {
  reference: string;
  amount: number;
  recipient: string;
  reason: string;
  status: 'pending' | 'success' | 'failed' | 'reversed' | 'otp';
  transfer_code: string;
  currency: string;
}
const recipients = new Map<string, Record<string, unknown>>();
const transfers = new Map<string, FakeTransfer>();
const requests: Array<{ method: string; url: string; body: Record<string, unknown> | null }> = [];
let balance = 0;
let behaviour: 'normal' | 'down' | 'slow' | 'otp' | 'usd' = 'normal';
let server: Server;
let baseUrl: string;

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  requests.push({ method: req.method!, url: req.url!, body });
  if (req.headers.authorization !== `Bearer ${SECRET}`) return send(401, { status: false, message: 'Invalid key' });
  if (behaviour === 'down') return send(502, { status: false, message: 'Bad gateway' });

  if (req.method === 'POST' && req.url === '/transferrecipient') {
    if (body?.type !== 'nuban' || body.currency !== 'NGN') return send(400, { status: false, message: 'Invalid type' });
    if (body.account_number === '0000000000') {
      return send(422, { status: false, message: 'Cannot resolve account', type: 'validation_error' });
    }
    const code = `RCP_${recipients.size + 1}x${String(body.account_number)}`;
    recipients.set(code, body);
    return send(201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: 'NGN',
        recipient_code: code,
        type: 'nuban',
        details: { account_number: body.account_number, account_name: 'CHIAMAKA EZE', bank_code: body.bank_code },
      },
    });
  }
  if (req.method === 'POST' && req.url === '/transfer') {
    if (body?.source !== 'balance' || body.currency !== 'NGN') return send(400, { status: false, message: 'Invalid' });
    if (!recipients.has(String(body.recipient))) return send(400, { status: false, message: 'Recipient not found' });
    if (transfers.has(String(body.reference))) {
      return send(400, { status: false, message: 'Duplicate Transaction Reference' });
    }
    const amount = Number(body.amount);
    if (amount > balance) {
      return send(400, { status: false, message: 'Your balance is not enough to fulfil this request' });
    }
    balance -= amount;
    const created: FakeTransfer = {
      reference: String(body.reference),
      amount,
      recipient: String(body.recipient),
      reason: String(body.reason),
      status: behaviour === 'otp' ? 'otp' : 'pending',
      transfer_code: `TRF_${transfers.size + 1}abc`,
      currency: 'NGN',
    };
    transfers.set(created.reference, created);
    const answer = () => send(200, { status: true, message: 'Transfer has been queued', data: { ...created, integration: 1 } });
    if (behaviour === 'slow') setTimeout(answer, 1_000);
    else answer();
    return;
  }
  const verify = /^\/transfer\/verify\/([^/]+)$/.exec(req.url ?? '');
  if (req.method === 'GET' && verify) {
    const found = transfers.get(decodeURIComponent(verify[1]!));
    if (!found) return send(400, { status: false, message: 'Transfer not found' });
    const data = behaviour === 'usd' ? { ...found, currency: 'USD' } : found;
    if (behaviour === 'slow') return setTimeout(() => send(200, { status: true, data }), 1_000);
    return send(200, { status: true, message: 'Transfer retrieved', data });
  }
  send(404, { status: false, message: 'Not found' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behaviour = 'normal';
  balance = 10_000_000;
  requests.length = 0;
});

const gateway = () => createPaystackPayouts({ secretKey: SECRET, baseUrl, timeoutMs: 300 });
const account = { bankCode: '058', accountNumber: '0016563228', accountName: 'Chiamaka Eze' };
let sequence = 0;
const reference = () => `lfw-test-${Date.now()}-${++sequence}`.toLowerCase();

async function appErrorOf(action: () => Promise<unknown>): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('Paystack payouts (against a local fake of the Transfers API)', () => {
  it('creates a nuban recipient in NGN and returns its code and the name the bank holds', async () => {
    const recipient = await gateway().createRecipient(account);
    expect(recipient.recipientCode).toMatch(/^RCP_/);
    expect(recipient.resolvedAccountName).toBe('CHIAMAKA EZE');
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: '/transferrecipient',
      body: { type: 'nuban', name: 'Chiamaka Eze', account_number: '0016563228', bank_code: '058', currency: 'NGN' },
    });
  });

  it('an account the bank cannot resolve is PAYOUT_ACCOUNT_REJECTED (422), not a 500', async () => {
    const error = await appErrorOf(() => gateway().createRecipient({ ...account, accountNumber: '0000000000' }));
    expect(error.code).toBe('PAYOUT_ACCOUNT_REJECTED');
    expect(error.statusCode).toBe(422);
  });

  it('initiates a transfer from the balance in kobo and NGN, then verifies it by our reference', async () => {
    const payouts = gateway();
    const { recipientCode } = await payouts.createRecipient(account);
    const ref = reference();
    const result = await payouts.initiateTransfer({ reference: ref, amountKobo: 1_250_000, recipientCode, reason: 'Lanefreight withdrawal' });
    expect(result).toEqual({ outcome: 'accepted', status: 'pending', transferCode: 'TRF_' + transfers.size + 'abc' });
    expect(requests.at(-1)!.body).toEqual({
      source: 'balance',
      amount: 1_250_000,
      recipient: recipientCode,
      reason: 'Lanefreight withdrawal',
      reference: ref,
      currency: 'NGN',
    });

    expect(await payouts.verifyTransfer(ref)).toMatchObject({ status: 'pending', amountKobo: 1_250_000 });
    transfers.get(ref)!.status = 'success';
    expect(await payouts.verifyTransfer(ref)).toMatchObject({ status: 'success', amountKobo: 1_250_000 });
    transfers.get(ref)!.status = 'reversed';
    expect((await payouts.verifyTransfer(ref)).status).toBe('reversed');
    expect(await payouts.verifyTransfer('lfw-never-sent-0000')).toEqual({ status: 'not_found' });
  });

  it('a transfer Paystack refuses (balance too low, duplicate reference) is rejected, nothing pending', async () => {
    const payouts = gateway();
    const { recipientCode } = await payouts.createRecipient(account);
    balance = 100;
    const refused = await payouts.initiateTransfer({ reference: reference(), amountKobo: 500_000, recipientCode, reason: 'w' });
    expect(refused).toEqual({ outcome: 'rejected', reason: 'Your balance is not enough to fulfil this request' });

    balance = 10_000_000;
    const ref = reference();
    expect((await payouts.initiateTransfer({ reference: ref, amountKobo: 500_000, recipientCode, reason: 'w' })).outcome).toBe('accepted');
    const again = await payouts.initiateTransfer({ reference: ref, amountKobo: 500_000, recipientCode, reason: 'w' });
    expect(again).toEqual({ outcome: 'rejected', reason: 'Duplicate Transaction Reference' });
    expect(balance).toBe(10_000_000 - 500_000);
  });

  it("an integration that asks for transfer OTPs leaves the transfer pending (it cannot complete unattended)", async () => {
    const payouts = gateway();
    const { recipientCode } = await payouts.createRecipient(account);
    behaviour = 'otp';
    const result = await payouts.initiateTransfer({ reference: reference(), amountKobo: 1000, recipientCode, reason: 'w' });
    expect(result).toMatchObject({ outcome: 'accepted', status: 'pending' });
  });

  it('timeouts and a failing gateway are GATEWAY_UNAVAILABLE (503), whatever the call', async () => {
    const payouts = gateway();
    const { recipientCode } = await payouts.createRecipient(account);
    behaviour = 'slow';
    const started = Date.now();
    const ref = reference();
    const timedOut = await appErrorOf(() => payouts.initiateTransfer({ reference: ref, amountKobo: 1000, recipientCode, reason: 'w' }));
    expect(timedOut.code).toBe('GATEWAY_UNAVAILABLE');
    expect(timedOut.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(900);
    expect((await appErrorOf(() => payouts.verifyTransfer(ref))).code).toBe('GATEWAY_UNAVAILABLE');
    // The outcome was unknown; verifying afterwards tells: Paystack did create it.
    behaviour = 'normal';
    expect((await payouts.verifyTransfer(ref)).status).toBe('pending');

    behaviour = 'down';
    expect((await appErrorOf(() => payouts.createRecipient(account))).code).toBe('GATEWAY_UNAVAILABLE');
    expect((await appErrorOf(() => payouts.initiateTransfer({ reference: reference(), amountKobo: 1, recipientCode, reason: 'w' }))).code).toBe('GATEWAY_UNAVAILABLE');
    const unreachable = createPaystackPayouts({ secretKey: SECRET, baseUrl: 'http://127.0.0.1:1', timeoutMs: 300 });
    expect((await appErrorOf(() => unreachable.verifyTransfer(ref))).code).toBe('GATEWAY_UNAVAILABLE');
  });

  it('a wrong secret key is GATEWAY_UNAVAILABLE, never a rejected transfer', async () => {
    const wrong = createPaystackPayouts({ secretKey: 'sk_wrong', baseUrl, timeoutMs: 300 });
    expect((await appErrorOf(() => wrong.initiateTransfer({ reference: reference(), amountKobo: 1, recipientCode: 'RCP_x', reason: 'w' }))).code).toBe('GATEWAY_UNAVAILABLE');
  });

  it('NGN only: a verification answering in another currency is not believed', async () => {
    const payouts = gateway();
    const { recipientCode } = await payouts.createRecipient(account);
    const ref = reference();
    await payouts.initiateTransfer({ reference: ref, amountKobo: 1000, recipientCode, reason: 'w' });
    behaviour = 'usd';
    expect((await appErrorOf(() => payouts.verifyTransfer(ref))).code).toBe('GATEWAY_UNAVAILABLE');
  });

  it('refuses a reference Paystack would not accept, and a non-positive or fractional amount, before calling', async () => {
    const payouts = gateway();
    for (const bad of ['short', 'UPPER-case-reference-123', 'has space in reference 123', 'x'.repeat(51)]) {
      await expect(payouts.initiateTransfer({ reference: bad, amountKobo: 100, recipientCode: 'RCP_1', reason: 'w' })).rejects.toThrow(RangeError);
    }
    for (const amountKobo of [0, -5, 10.5]) {
      await expect(payouts.initiateTransfer({ reference: reference(), amountKobo, recipientCode: 'RCP_1', reason: 'w' })).rejects.toThrow(RangeError);
    }
    expect(requests).toHaveLength(0);
  });
});

describe('Paystack transfer webhooks', () => {
  const sign = (raw: string, key = SECRET) => createHmac('sha512', key).update(raw).digest('hex');
  const event = (name: string, data: Record<string, unknown> = {}) =>
    JSON.stringify({
      event: name,
      data: { amount: 50_000, currency: 'NGN', reference: 'lfw-abc-0123456789', status: name.split('.')[1], transfer_code: 'TRF_9', ...data },
    });

  it('reads transfer.success, transfer.failed and transfer.reversed from a correctly signed body', () => {
    for (const name of ['transfer.success', 'transfer.failed', 'transfer.reversed']) {
      const raw = event(name);
      expect(gateway().parseWebhook(Buffer.from(raw), sign(raw))).toMatchObject({
        type: name,
        reference: 'lfw-abc-0123456789',
        amountKobo: 50_000,
        transferCode: 'TRF_9',
      });
    }
    const raw = event('transfer.success');
    expect(gateway().parseWebhook(Buffer.from(raw), sign(raw).toUpperCase()).type).toBe('transfer.success');
  });

  it('refuses a missing, wrong or tampered signature (INVALID_SIGNATURE, 401)', () => {
    const raw = event('transfer.success');
    for (const signature of [undefined, '', 'deadbeef', sign(raw, 'sk_other'), sign(raw.replace('50000', '5000000')), [sign(raw)]]) {
      let caught: unknown;
      try {
        gateway().parseWebhook(Buffer.from(raw), signature);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe('INVALID_SIGNATURE');
      expect((caught as AppError).statusCode).toBe(401);
    }
  });

  it('ignores other events and other currencies; a signed non-JSON body is INVALID_JSON', () => {
    const charge = JSON.stringify({ event: 'charge.success', data: { reference: 'x' } });
    expect(gateway().parseWebhook(Buffer.from(charge), sign(charge))).toEqual({ type: 'ignored', event: 'charge.success' });
    const dollars = event('transfer.success', { currency: 'USD' });
    expect(gateway().parseWebhook(Buffer.from(dollars), sign(dollars))).toEqual({ type: 'ignored', event: 'transfer.success' });
    expect(() => gateway().parseWebhook(Buffer.from('not json'), sign('not json'))).toThrow(
      expect.objectContaining({ code: 'INVALID_JSON' }),
    );
  });
});

describe('manual payouts and the choice of gateway', () => {
  it('manual: no external call; every transfer waits for an operator', async () => {
    const manual = createManualPayouts();
    expect(manual.settlement).toBe('operator');
    expect(await manual.createRecipient(account)).toEqual({ recipientCode: 'manual:058:0016563228', resolvedAccountName: null });
    expect(await manual.initiateTransfer({ reference: reference(), amountKobo: 5000, recipientCode: 'manual:058:0016563228', reason: 'w' })).toEqual({
      outcome: 'accepted',
      status: 'pending',
      transferCode: null,
    });
    expect(() => manual.parseWebhook(Buffer.from('{}'), 'x')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(requests).toHaveLength(0);
  });

  it('Paystack when its key is set, manual otherwise, and PAYOUT_DRIVER overrides', () => {
    expect(createPayoutGateway(loadEnv({})).name).toBe('manual');
    expect(createPayoutGateway(loadEnv({ PAYSTACK_SECRET_KEY: SECRET })).name).toBe('paystack');
    expect(createPayoutGateway(loadEnv({ PAYSTACK_SECRET_KEY: SECRET, PAYOUT_DRIVER: 'manual' })).name).toBe('manual');
    expect(() => loadEnv({ PAYOUT_DRIVER: 'paystack' })).toThrow(/PAYOUT_DRIVER/);
  });
});
