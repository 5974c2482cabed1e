import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { deliveries, deliveryEvents, notifications, outboxMessages, wallets } from '../../db/schema/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { createDeliveriesRepository } from './deliveries-repository.js';
import { reattemptWindow } from '../../../shared/eta.js';
import { RATE_CARD } from '../../../shared/pricing.js';
import { PROJECT_ROOT } from '../../lib/project-root.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ HANDOVER_RATE_LIMIT_PER_MINUTE: '1000' });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const failAttempt = (driver: Signed, id: string, body: object = { reason: 'receiver_unavailable' }) =>
  post(`/api/driver/jobs/${id}/failed-attempt`, driver.headers, body);
const decideAsOperator = (id: string, decision: string) => post(`/api/dispatch/deliveries/${id}/after-failure`, operator.headers, { decision });
const decideAsShipper = (shipper: Signed, id: string, decision: string) => post(`/api/deliveries/${id}/after-failure`, shipper.headers, { decision });

async function messagesTo(recipient: string) {
  return t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
}

/** The newest 4-digit code sent to this recipient (the receiver's hand-over code, or the shipper's return code). */
async function codeSentTo(recipient: string) {
  const [message] = (await messagesTo(recipient)).filter((m) => m.holdsSecret);
  const code = /(?<![\w-])(\d{4})(?![\w-])/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${message?.body}`);
  return code;
}

/** A paid delivery, assigned, and out for delivery; with its shipper (who has a phone) and driver. */
async function outForDelivery() {
  const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
  const booked = await book(t, shipper.headers, { receiverPhone: uniquePhone() });
  const paid = await payWithWallet(t, shipper.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  const d = paid.json().data.delivery as { id: string; receiverPhone: string };
  const driver = await assignNewDriver(t, operator.headers, d.id);
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
    const res = await post(`/api/driver/jobs/${d.id}/status`, driver.headers, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { d, shipper, driver };
}

async function balanceOf(userId: string) {
  const [wallet] = await t.deps.db.select().from(wallets).where(eq(wallets.userId, userId));
  return wallet?.balanceKobo ?? 0;
}

describe('failed attempts', () => {
  it('a driver records one from out for delivery, with why; the receiver is told; it waits on the board for a decision', async () => {
    const { d, shipper, driver } = await outForDelivery();
    const res = await failAttempt(driver, d.id, { reason: 'other', note: 'Gate locked, security absent' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('failed_attempt');
    expect(res.json().data.history.at(-1)).toMatchObject({ status: 'failed_attempt', note: 'failed:other Gate locked, security absent' });
    const [sms] = await messagesTo(`+234${d.receiverPhone.replace(/^\+?234|^0/, '')}`);
    expect(sms?.body).toMatch(/could not deliver your parcel today/);
    const board = (await get('/api/dispatch/deliveries?status=needs_decision&limit=100', operator.headers)).json().data;
    expect(board.items.map((item: { id: string }) => item.id)).toContain(d.id);
    const mine = (await get(`/api/deliveries/${d.id}`, shipper.headers)).json().data;
    expect(mine).toMatchObject({ status: 'failed_attempt', displayStatus: 'in_transit' });
    expect((await get('/api/dashboard/summary', shipper.headers)).json().data.activeDeliveries).toBe(1);
  });

  it('is refused from any other status (409), for another driver (404), and without a reason or a note for "other" (400)', async () => {
    const { d, driver } = await outForDelivery();
    const other = await assignNewDriver(t, operator.headers, (await outForDelivery()).d.id);
    expect((await failAttempt(other, d.id)).statusCode).toBe(404);
    expect((await failAttempt(driver, d.id, { reason: 'other' })).statusCode).toBe(400);
    expect((await failAttempt(driver, d.id, { reason: 'lost' })).statusCode).toBe(400);
    expect((await failAttempt(driver, d.id, { reason: 'refused', note: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    const again = await failAttempt(driver, d.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATUS_TRANSITION');
  });
});

describe('after a failed attempt', () => {
  it("the shipper's lists say why the last attempt failed: My Deliveries, its search and the dashboard; a re-attempt clears it", async () => {
    const { d, shipper, driver } = await outForDelivery();
    const rowOf = async (url: string) => {
      const res = await get(url, shipper.headers);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return ((data.items ?? data.recentDeliveries) as { id: string; failedAttempt: unknown }[]).find((item) => item.id === d.id);
    };
    const lists = ['/api/deliveries?limit=20', '/api/deliveries?status=in_transit&limit=20', `/api/deliveries/search?q=${d.id}`, '/api/dashboard/summary'];
    expect((await failAttempt(driver, d.id, { reason: 'wrong_address', note: 'No house 14' })).statusCode).toBe(200);
    expect((await decideAsShipper(shipper, d.id, 'reattempt')).statusCode).toBe(200);
    for (const url of lists) expect((await rowOf(url))?.failedAttempt, url).toBeNull();
    expect((await failAttempt(driver, d.id, { reason: 'other', note: 'Gate locked' })).statusCode).toBe(200);
    for (const url of lists) expect((await rowOf(url))?.failedAttempt, url).toEqual({ reason: 'other', note: 'Gate locked' });
    expect((await decideAsShipper(shipper, d.id, 'reattempt')).statusCode).toBe(200);
    expect((await rowOf(lists[0]!))?.failedAttempt).toBeNull();
  });

  it('goes out again at most twice; a third re-attempt is 409 REATTEMPT_LIMIT', async () => {
    const { d, shipper, driver } = await outForDelivery();
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
      const decided = attempt === 1 ? await decideAsOperator(d.id, 'reattempt') : await decideAsShipper(shipper, d.id, 'reattempt');
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json().data.status).toBe('out_for_delivery');
    }
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    const third = await decideAsOperator(d.id, 'reattempt');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'REATTEMPT_LIMIT', params: { limit: 2 } });
  });

  it('sent out again, it promises an arrival counted from the re-attempt, not the booked slot that has passed', async () => {
    const { d, shipper, driver } = await outForDelivery();
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    const decided = await decideAsShipper(shipper, d.id, 'reattempt');
    expect(decided.statusCode, decided.body).toBe(200);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(d.id)!));
    const [outAgain] = await t.deps.db
      .select()
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.deliveryId, row!.id), eq(deliveryEvents.status, 'out_for_delivery')))
      .orderBy(desc(deliveryEvents.createdAt))
      .limit(1);
    const outAgainAt = outAgain!.createdAt;
    expect(row!.reattemptedAt).toEqual(outAgainAt);
    const window = reattemptWindow(RATE_CARD, row!.transportMode as 'bike', row!.distanceMeters, outAgainAt);
    const expected = { from: window.from.toISOString(), to: window.to.toISOString() };
    expect((await get(`/api/deliveries/${d.id}`, shipper.headers)).json().data.estimatedDelivery).toEqual(expected);
    const listed = (await get('/api/deliveries?limit=20', shipper.headers)).json().data.items.find((item: { id: string }) => item.id === d.id);
    expect(listed.estimatedDelivery).toEqual(expected);
    const tracked = (await get(`/api/tracking/${row!.trackingId}`, shipper.headers)).json().data;
    expect(tracked.estimatedDelivery).toEqual(expected);

    // A parcel sent out again before migration 0033 learns when from its history.
    await t.deps.db.update(deliveries).set({ reattemptedAt: null }).where(eq(deliveries.id, row!.id));
    const migration = readFileSync(path.join(PROJECT_ROOT, 'drizzle', '0033_reattempted_at.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => /^\s*UPDATE/m.test(statement));
    expect(backfill).toHaveLength(1);
    await t.deps.db.execute(sql.raw(backfill[0]!));
    expect((await get(`/api/deliveries/${d.id}`, shipper.headers)).json().data.estimatedDelivery).toEqual(expected);
  });

  it('twenty parallel decisions have one outcome', async () => {
    const { d, driver } = await outForDelivery();
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => decideAsOperator(d.id, i % 2 ? 'reattempt' : 'return')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.statusCode !== 200)) expect(refused.statusCode).toBe(409);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(d.id)!));
    expect(['out_for_delivery', 'returning']).toContain(row!.status);
    expect(row!.reattempts).toBe(row!.status === 'out_for_delivery' ? 1 : 0);
  });

  it("a return goes back to the shipper, who gets a code of their own; only that code hands it over", async () => {
    const { d, shipper, driver } = await outForDelivery();
    const receiverCode = await codeSentTo(`+234${d.receiverPhone.replace(/^\+?234|^0/, '')}`);
    expect((await failAttempt(driver, d.id, { reason: 'refused' })).statusCode).toBe(200);
    const returned = await decideAsShipper(shipper, d.id, 'return');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.status).toBe('returning');
    const shipperCode = await codeSentTo(shipper.user.phone!);
    const [codeMessage] = await messagesTo(shipper.user.phone!);
    expect(codeMessage?.body).toMatch(/coming back to you/);
    if (shipperCode !== receiverCode) {
      const wrong = await post(`/api/driver/jobs/${d.id}/deliver`, driver.headers, { code: receiverCode });
      expect(wrong.json().code).toBe('HANDOVER_CODE_INVALID');
    }
    const handed = await post(`/api/driver/jobs/${d.id}/deliver`, driver.headers, { code: shipperCode });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.status).toBe('returned');
    const mine = (await get(`/api/deliveries/${d.id}`, shipper.headers)).json().data;
    expect(mine).toMatchObject({ status: 'returned', displayStatus: 'returned' });
    // Once it is back, there is nothing left to decide.
    expect((await decideAsOperator(d.id, 'return')).statusCode).toBe(409);
    expect((await get('/api/dashboard/summary', shipper.headers)).json().data).toMatchObject({ activeDeliveries: 0, totalDelivered: 0 });
    expect(await createDeliveriesRepository(t.deps.db).totalsDifferingFromRecount()).toEqual([]);
  });

  it("the driver's job on its way back says what the return pays, and the hand-back pays exactly that", async () => {
    const { d, shipper, driver } = await outForDelivery();
    const fareShare = (await get(`/api/driver/jobs/${d.id}`, driver.headers)).json().data.earningsKobo as number;
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    expect((await decideAsOperator(d.id, 'return')).statusCode).toBe(200);
    const job = (await get(`/api/driver/jobs/${d.id}`, driver.headers)).json().data as { status: string; earningsKobo: number };
    expect(job.status).toBe('returning');
    expect(job.earningsKobo).toBeGreaterThan(0);
    expect(job.earningsKobo).toBeLessThan(fareShare);
    const before = await balanceOf(driver.user.id);
    const handed = await post(`/api/driver/jobs/${d.id}/deliver`, driver.headers, { code: await codeSentTo(shipper.user.phone!) });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.earningsKobo).toBe(job.earningsKobo);
    expect((await balanceOf(driver.user.id)) - before).toBe(job.earningsKobo);
    // The driver's wallet calls it what it was: a return's earnings.
    const [line] = (await get('/api/wallet/transactions?limit=1', driver.headers)).json().data.items;
    expect(line).toMatchObject({ type: 'earning', amountKobo: job.earningsKobo, descriptionKey: 'walletMoney.transactions.returnEarning', params: { deliveryId: d.id } });
  });

  it('the driver is told of every decision: a re-attempt, the shipper\'s return, and the return nobody decided', async () => {
    const driverNotes = async (driverId: string) =>
      (await t.deps.db.select().from(notifications).where(eq(notifications.userId, driverId)))
        .filter((n) => n.messageKey === 'driverJobReattempt' || n.messageKey === 'driverJobReturn')
        .map((n) => ({ messageKey: n.messageKey, params: n.params }));
    const first = await outForDelivery();
    expect((await failAttempt(first.driver, first.d.id)).statusCode).toBe(200);
    expect(await driverNotes(first.driver.user.id)).toEqual([]);
    expect((await decideAsOperator(first.d.id, 'reattempt')).statusCode).toBe(200);
    expect(await driverNotes(first.driver.user.id)).toEqual([{ messageKey: 'driverJobReattempt', params: { deliveryId: first.d.id } }]);
    expect((await failAttempt(first.driver, first.d.id)).statusCode).toBe(200);
    expect((await decideAsShipper(first.shipper, first.d.id, 'return')).statusCode).toBe(200);
    expect(await driverNotes(first.driver.user.id)).toHaveLength(2);
    expect(await driverNotes(first.driver.user.id)).toContainEqual({ messageKey: 'driverJobReturn', params: { deliveryId: first.d.id } });
    // Nobody else is told in the driver's words.
    expect(await driverNotes(first.shipper.user.id)).toEqual([]);

    const second = await outForDelivery();
    expect((await failAttempt(second.driver, second.d.id)).statusCode).toBe(200);
    expect(await t.jobs.returnUndecided(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await driverNotes(second.driver.user.id)).toEqual([{ messageKey: 'driverJobReturn', params: { deliveryId: second.d.id } }]);
  });

  it('another customer cannot decide (404); nobody deciding for 24 hours returns it', async () => {
    const { d, driver } = await outForDelivery();
    expect((await failAttempt(driver, d.id)).statusCode).toBe(200);
    const stranger = await createSignedInUser(t.deps);
    expect((await decideAsShipper(stranger, d.id, 'return')).statusCode).toBe(404);
    expect(await t.jobs.returnUndecided(new Date(Date.now() + 23 * 60 * 60 * 1000))).toBe(0);
    expect(await t.jobs.returnUndecided(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(d.id)!));
    expect(row!.status).toBe('returning');
  });
});
