import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { ledgerEntries, partnerApplications, postings, withdrawals } from '../../db/schema/index.js';
import { HOME_COUNT_CAP, type DriverHomeSummary, type OperatorHomeSummary } from '../../../shared/schemas/dispatch.js';
import { lagosDayOf } from '../../../shared/schemas/date-range.js';

/**
 * The role homes' summaries (decision 060): GET /api/dispatch/summary for operators, GET /api/driver/summary for
 * drivers. Counts come from the lists' indexes, capped at HOME_COUNT_CAP; a customer gets 403 like on every other
 * operator and driver route.
 */

let t: TestApp;
let operator: Signed;
beforeAll(async () => {
  t = await createTestApp({ HANDOVER_RATE_LIMIT_PER_MINUTE: '1000' });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function operatorSummary(): Promise<OperatorHomeSummary> {
  const res = await get('/api/dispatch/summary', operator.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OperatorHomeSummary;
}

async function driverSummary(driver: Signed): Promise<DriverHomeSummary> {
  const res = await get('/api/driver/summary', driver.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DriverHomeSummary;
}

/** A booking paid from the wallet: on the board's Unassigned tab. */
async function paidDelivery() {
  const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
  const booked = await book(t, shipper.headers, { receiverPhone: uniquePhone() });
  const paid = await payWithWallet(t, shipper.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...(paid.json().data.delivery as { id: string; price: { baseFare: number; distanceFee: number } }), shipper };
}

async function drive(driver: Signed, id: string, steps: readonly string[]) {
  for (const status of steps) {
    const res = await post(`/api/driver/jobs/${id}/status`, driver.headers, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const withdrawalRow = (userId: string, status: 'pending' | 'paid' | 'failed') => ({
  userId,
  amountKobo: 100_000,
  bankCode: '058',
  accountNumberMasked: '******7890',
  accountName: 'Home Summary',
  status,
  payoutGateway: 'manual' as const,
  reference: `home-${randomUUID()}`,
});

describe('who may read the summaries', () => {
  it('a customer gets 403 on both; a driver on the operator’s, an operator on the driver’s; nobody signed in 401', async () => {
    const customer = await createSignedInUser(t.deps);
    const driver = await createSignedInDriver(t.deps);
    for (const url of ['/api/dispatch/summary', '/api/driver/summary']) {
      const refused = await get(url, customer.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    expect((await get('/api/dispatch/summary', driver.headers)).statusCode).toBe(403);
    expect((await get('/api/driver/summary', operator.headers)).statusCode).toBe(403);
  });
});

describe("the operator's home", () => {
  it('counts the board’s waiting tabs, open applications and pending withdrawals as they change', async () => {
    const before = await operatorSummary();

    // Two paid deliveries wait for a driver; one gets one (active), then fails to hand over (needs a decision).
    const waiting = await paidDelivery();
    const moving = await paidDelivery();
    expect(await operatorSummary()).toMatchObject({ unassigned: before.unassigned + 2, active: before.active, needsDecision: before.needsDecision });
    const driver = await assignNewDriver(t, operator.headers, moving.id);
    expect(await operatorSummary()).toMatchObject({ unassigned: before.unassigned + 1, active: before.active + 1 });
    await drive(driver, moving.id, ['picked_up', 'in_transit', 'out_for_delivery']);
    const failed = await post(`/api/driver/jobs/${moving.id}/failed-attempt`, driver.headers, { reason: 'receiver_unavailable' });
    expect(failed.statusCode, failed.body).toBe(200);
    // A failed attempt is still the driver's (active tab) and waits for a decision.
    expect(await operatorSummary()).toMatchObject({ unassigned: before.unassigned + 1, active: before.active + 1, needsDecision: before.needsDecision + 1 });
    // An unpaid booking is on no tab.
    const shipper = await createSignedInUser(t.deps);
    await book(t, shipper.headers);
    expect((await operatorSummary()).unassigned).toBe(before.unassigned + 1);
    expect(waiting.id).toBeTruthy();

    // Applications submitted or under review wait for a decision; decided ones do not.
    await t.deps.db.insert(partnerApplications).values(
      (['submitted', 'under_review', 'approved', 'rejected'] as const).map((status, index) => ({
        userId: shipper.user.id,
        type: index % 2 === 0 ? ('transportation' as const) : ('investment' as const),
        status,
        details: {},
      })),
    );
    // Withdrawals: only the pending one waits.
    await t.deps.db.insert(withdrawals).values([withdrawalRow(shipper.user.id, 'pending'), withdrawalRow(shipper.user.id, 'paid'), withdrawalRow(shipper.user.id, 'failed')]);
    const after = await operatorSummary();
    expect(after).toEqual({
      unassigned: before.unassigned + 1,
      active: before.active + 1,
      needsDecision: before.needsDecision + 1,
      pendingApplications: before.pendingApplications + 2,
      pendingWithdrawals: before.pendingWithdrawals + 1,
    });
  });

  it(`stops counting at ${HOME_COUNT_CAP}: a queue longer than that reads as the cap`, async () => {
    const customer = await createSignedInUser(t.deps);
    await t.deps.db.execute(sql`
      insert into withdrawals (user_id, amount_kobo, bank_code, account_number_masked, account_name, status, payout_gateway, reference)
      select ${customer.user.id}::uuid, 100000, '058', '******7890', 'Capped', 'pending', 'manual', 'capped-' || g
      from generate_series(1, ${HOME_COUNT_CAP + 5}) g`);
    const summary = await operatorSummary();
    expect(summary.pendingWithdrawals).toBe(HOME_COUNT_CAP);
  });
});

describe("the driver's home", () => {
  it('active jobs, today’s earnings (Lagos day) and the vehicle that makes them available for work', async () => {
    const d = await paidDelivery();
    const driver = await assignNewDriver(t, operator.headers, d.id, 'bike');
    const first = await driverSummary(driver);
    expect(first).toMatchObject({ activeJobs: 1, earnedTodayKobo: 0, day: lagosDayOf(new Date()), availableForWork: true, rating: { average: null, reviews: 0 } });
    expect(first.vehicle).toMatchObject({ transportMode: 'bike', vehicleType: 'bike' });
    expect(first.vehicle?.plateNumber).toMatch(/^LAG-/);

    // An earning of yesterday (Lagos) is not today's.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const key = `home-${randomUUID()}`;
    const [posting] = await t.deps.db.insert(postings).values({ kind: 'driver_earning_paid', idempotencyKey: key, createdAt: yesterday }).returning();
    await t.deps.db.insert(ledgerEntries).values({
      userId: driver.user.id,
      amountKobo: 123_400,
      balanceAfterKobo: 123_400,
      kind: 'earning',
      description: 'Earlier job',
      idempotencyKey: key,
      postingId: posting!.id,
      createdAt: yesterday,
    });

    await drive(driver, d.id, ['picked_up', 'in_transit', 'out_for_delivery']);
    expect((await driverSummary(driver)).activeJobs).toBe(1);
    const completed = await completeAsOperator(t, operator.headers, d.id);
    expect(completed.statusCode, completed.body).toBe(200);
    const after = await driverSummary(driver);
    const share = Math.round(((d.price.baseFare + d.price.distanceFee) * Number(t.env.DRIVER_EARNINGS_PERCENT)) / 100);
    expect(after).toMatchObject({ activeJobs: 0, earnedTodayKobo: share, availableForWork: true });
    expect(share).toBeGreaterThan(0);

    // The customer's rating reaches the driver's home, as customers see it on tracking.
    const rated = await post(`/api/deliveries/${d.id}/rating`, d.shipper.headers, { stars: 4 });
    expect(rated.statusCode, rated.body).toBe(201);
    expect((await driverSummary(driver)).rating).toEqual({ average: 4, reviews: 1 });
  });

  it('a driver with no vehicle on record is not available for work', async () => {
    const roleOnly = await createSignedInUser(t.deps, { roles: ['customer', 'driver'] });
    expect(await driverSummary(roleOnly)).toMatchObject({ activeJobs: 0, earnedTodayKobo: 0, availableForWork: false, vehicle: null });
  });
});
