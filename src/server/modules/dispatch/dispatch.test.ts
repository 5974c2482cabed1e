import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout, multipartForm } from '../../test/payment-test-helpers.js';
import { deliveries, drivers, ledgerEntries, liveEvents, notifications, outboxMessages, postingLines, postings, wallets } from '../../db/schema/index.js';
import { checkLedger } from '../wallet/ledger-check.js';
import { payableOutKobo } from '../wallet/wallet-funds.js';
import { HANDOVER_MAX_ATTEMPTS } from '../../../shared/rule-limits.js';
import { ERROR_MESSAGES } from '../../lib/messages.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.lanefreight.ng', HANDOVER_RATE_LIMIT_PER_MINUTE: '1000' });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2264e6b0000000049454e44ae426082', 'hex'),
]);

/** A receiver number of our own, so each test reads only its messages in the outbox. */
function uniquePhone() {
  return `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function paidDelivery(customer: Signed, overrides: Record<string, unknown> = {}) {
  await fundWallet(t.deps.db, customer.user.id, 10_000_000);
  const d = await book(t, customer.headers, { receiverPhone: uniquePhone(), ...overrides });
  const res = await payWithWallet(t, customer.headers, d.id);
  expect(res.statusCode).toBe(200);
  return res.json().data.delivery as { id: string; trackingId: string; receiverPhone: string; price: { baseFare: number; distanceFee: number; total: number } };
}

async function receiverMessages(phone: string) {
  return t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.createdAt));
}

/** The handover code, as the receiver reads it in the newest "driver on the way" SMS. */
async function handoverCode(phone: string) {
  const [message] = (await receiverMessages(phone)).filter((m) => m.holdsSecret);
  const code = /(?<![\w-])(\d{4})(?![\w-])/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${message?.body}`);
  return code;
}

const driverStep = (driver: Signed, id: string, status: string) => post(`/api/driver/jobs/${id}/status`, driver.headers, { status });
const deliver = (driver: Signed, id: string, code: string) => post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code });

/** From pending, or from picked up (`from`), out for delivery. */
async function outForDelivery(driver: Signed, id: string, from: 'pending' | 'picked_up' = 'pending') {
  const road = ['pending', 'picked_up', 'in_transit', 'out_for_delivery'];
  for (const status of road.slice(road.indexOf(from) + 1)) {
    const res = await driverStep(driver, id, status);
    expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
  }
}

/** A paid delivery its first driver (Musa Bello) has picked up, and another driver (Aisha Danjuma) to take it over. */
async function pickedUpWithAnotherDriver() {
  const customer = await createSignedInUser(t.deps);
  const d = await paidDelivery(customer);
  const first = await assignNewDriver(t, operator.headers, d.id);
  expect((await driverStep(first, d.id, 'picked_up')).statusCode).toBe(200);
  return { d, first, second: await createSignedInDriver(t.deps, { name: 'Aisha Danjuma' }) };
}

async function fundsOf(userId: string) {
  const [row] = await t.deps.db.select({ balanceKobo: wallets.balanceKobo, sandboxKobo: wallets.sandboxKobo }).from(wallets).where(eq(wallets.userId, userId));
  const funds = row ?? { balanceKobo: 0, sandboxKobo: 0 };
  return { ...funds, payableOutKobo: payableOutKobo(funds) };
}

function wrongCode(code: string) {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}

describe('roles on every operator and driver route', () => {
  it('customers get 403, drivers 403 on operator routes, operators 403 on driver routes, nobody signed in 401', async () => {
    const customer = await createSignedInUser(t.deps);
    const driver = await createSignedInDriver(t.deps);
    const d = await paidDelivery(customer);
    const operatorRoutes: [string, string, object?][] = [
      ['GET', '/api/dispatch/deliveries?status=all'],
      ['GET', '/api/dispatch/drivers?transportMode=bike'],
      ['POST', `/api/dispatch/deliveries/${d.id}/assign-driver`, { driverId: driver.user.id }],
      ['POST', `/api/dispatch/deliveries/${d.id}/status`, { status: 'picked_up' }],
      ['POST', `/api/dispatch/deliveries/${d.id}/complete`, { note: 'done' }],
      ['GET', '/api/dispatch/withdrawals'],
    ];
    const driverRoutes: [string, string, object?][] = [
      ['GET', '/api/driver/jobs'],
      ['GET', `/api/driver/jobs/${d.id}`],
      ['POST', `/api/driver/jobs/${d.id}/status`, { status: 'picked_up' }],
      ['POST', `/api/driver/jobs/${d.id}/deliver`, { code: '1234' }],
    ];
    const call = (method: string, url: string, headers: Headers, payload?: object) =>
      t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) });
    for (const [method, url, payload] of operatorRoutes) {
      expect((await call(method, url, customer.headers, payload)).statusCode, `customer ${url}`).toBe(403);
      expect((await call(method, url, driver.headers, payload)).statusCode, `driver ${url}`).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode, `anonymous ${url}`).toBe(401);
    }
    for (const [method, url, payload] of driverRoutes) {
      expect((await call(method, url, customer.headers, payload)).statusCode, `customer ${url}`).toBe(403);
      expect((await call(method, url, operator.headers, payload)).statusCode, `operator ${url}`).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode, `anonymous ${url}`).toBe(401);
    }
    // Nothing moved.
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row).toMatchObject({ status: 'pending', driverId: null });
  });

  it("a driver acting on a job not assigned to them gets 404, and nothing changes", async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const assigned = await assignNewDriver(t, operator.headers, d.id);
    const other = await createSignedInDriver(t.deps);
    for (const res of [
      await get(`/api/driver/jobs/${d.id}`, other.headers),
      await driverStep(other, d.id, 'picked_up'),
      await deliver(other, d.id, '1234'),
      await driverStep(other, 'LF99999999', 'picked_up'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DELIVERY_NOT_FOUND');
    }
    expect((await get(`/api/driver/jobs/${d.id}`, assigned.headers)).json().data.status).toBe('pending');
  });

  it("tells the driver an express or same-day job, as the board's card does (decision 087)", async () => {
    const customer = await createSignedInUser(t.deps);
    const express = await paidDelivery(customer, { deliveryType: 'express' });
    const driver = await assignNewDriver(t, operator.headers, express.id);
    expect((await get(`/api/driver/jobs/${express.id}`, driver.headers)).json().data.deliveryType).toBe('express');
    const sameDay = await paidDelivery(customer, { deliveryType: 'same_day' });
    expect((await post(`/api/dispatch/deliveries/${sameDay.id}/assign-driver`, operator.headers, { driverId: driver.user.id })).statusCode).toBe(200);
    const jobs = (await get('/api/driver/jobs?scope=active', driver.headers)).json().data.items as { id: string; deliveryType: string }[];
    expect(jobs.map((job) => [job.id, job.deliveryType]).sort()).toEqual([[express.id, 'express'], [sameDay.id, 'same_day']].sort());
  });
});

describe('dispatch board', () => {
  it('filters paid deliveries: unassigned, active, delivered, cancelled, all; each with driver and history', async () => {
    const customer = await createSignedInUser(t.deps);
    const waiting = await paidDelivery(customer);
    const onTheRoad = await paidDelivery(customer);
    const done = await paidDelivery(customer);
    const cancelled = await paidDelivery(customer);
    const unpaid = await book(t, customer.headers);
    const musa = await assignNewDriver(t, operator.headers, onTheRoad.id);
    await driverStep(musa, onTheRoad.id, 'picked_up');
    const ade = await assignNewDriver(t, operator.headers, done.id);
    await outForDelivery(ade, done.id);
    expect((await deliver(ade, done.id, await handoverCode(done.receiverPhone))).statusCode).toBe(200);
    await post(`/api/deliveries/${cancelled.id}/cancel`, customer.headers);

    const board = async (status: string) => {
      const res = await get(`/api/dispatch/deliveries?status=${status}&limit=100`, operator.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { id: string; driver: unknown; history: { status: string; driverName: string | null }[] }[]; nextCursor: string | null };
    };
    const ids = (page: Awaited<ReturnType<typeof board>>) => page.items.map((item) => item.id);
    expect(ids(await board('unassigned'))).toContain(waiting.id);
    expect(ids(await board('unassigned'))).not.toContain(onTheRoad.id);
    expect(ids(await board('active'))).toContain(onTheRoad.id);
    expect(ids(await board('active'))).not.toContain(waiting.id);
    expect(ids(await board('delivered'))).toContain(done.id);
    expect(ids(await board('cancelled'))).toContain(cancelled.id);
    const all = await board('all');
    expect(ids(all)).toEqual(expect.arrayContaining([waiting.id, onTheRoad.id, done.id, cancelled.id]));
    expect(ids(all)).not.toContain(unpaid.id);

    const row = (await board('active')).items.find((item) => item.id === onTheRoad.id)!;
    const [plate] = await t.deps.db.select({ plate: drivers.plateNumber }).from(drivers).where(eq(drivers.userId, musa.user.id));
    expect(row).toMatchObject({
      status: 'picked_up',
      displayStatus: 'in_transit',
      handoverLocked: false,
      driver: { userId: musa.user.id, name: 'Musa Bello', phone: musa.user.phone, plateNumber: plate!.plate },
      // Prepaid: nothing to collect (pay on delivery's row: pay-on-delivery.test.ts).
      cod: null,
    });
    // Each step names the delivery's driver after it: nobody at payment, Musa from his pickup on.
    expect(row.history.map((h) => [h.status, h.driverName])).toEqual([
      ['pending', null],
      ['picked_up', 'Musa Bello'],
    ]);
    expect((await board('delivered')).items.find((item) => item.id === done.id)!.history.map((h) => h.status)).toEqual([
      'pending',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect((await get('/api/dispatch/deliveries?status=flying', operator.headers)).statusCode).toBe(400);
    expect((await get('/api/dispatch/deliveries?limit=1000', operator.headers)).statusCode).toBe(400);
  });

  it("names the driver of each step of a delivery's history, across a reassignment; the driver's own job does not", async () => {
    const { d, second: aisha } = await pickedUpWithAnotherDriver();
    const reassigned = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: aisha.user.id });
    expect(reassigned.statusCode).toBe(200);
    expect((await driverStep(aisha, d.id, 'in_transit')).statusCode).toBe(200);
    const expected = [
      ['pending', null],
      ['picked_up', 'Musa Bello'],
      ['in_transit', 'Aisha Danjuma'],
    ];
    const stepsOf = (card: { history: { status: string; driverName: string | null }[] }) => card.history.map((h) => [h.status, h.driverName]);
    const board = (await get('/api/dispatch/deliveries?status=active&limit=100', operator.headers)).json().data;
    expect(stepsOf(board.items.find((item: { id: string }) => item.id === d.id))).toEqual(expected);
    // The search and the answer to a move show the same card.
    expect(stepsOf((await get(`/api/dispatch/deliveries/search?q=${d.id}&status=active`, operator.headers)).json().data.items[0])).toEqual(expected);
    expect(stepsOf(reassigned.json().data)).toEqual(expected.slice(0, 2));
    const job = (await get(`/api/driver/jobs/${d.id}`, aisha.headers)).json().data;
    expect(job.history.map((h: object) => Object.keys(h).sort())).toEqual(expected.map(() => ['at', 'note', 'status']));
  });

  it('lists the drivers whose vehicle suits a transport mode, with their real rating and active jobs', async () => {
    const vanDriver = await createSignedInDriver(t.deps, { transportMode: 'van', name: 'Van Driver' });
    const truckDriver = await createSignedInDriver(t.deps, { transportMode: 'truck' });
    await t.deps.db.update(drivers).set({ ratingTotal: 14, ratingCount: 3 }).where(eq(drivers.userId, vanDriver.user.id));
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer, { transportMode: 'van' });
    expect((await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: vanDriver.user.id })).statusCode).toBe(200);

    const res = await get('/api/dispatch/drivers?transportMode=van', operator.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { userId: string }[];
    expect(list.map((driver) => driver.userId)).toContain(vanDriver.user.id);
    expect(list.map((driver) => driver.userId)).not.toContain(truckDriver.user.id);
    expect(list.find((driver) => driver.userId === vanDriver.user.id)).toMatchObject({
      name: 'Van Driver',
      transportMode: 'van',
      rating: 4.7,
      reviews: 3,
      activeJobs: 1,
    });
    expect((await get('/api/dispatch/drivers?transportMode=rocket', operator.headers)).statusCode).toBe(400);
    // Without a mode, every driver (the Active tab's driver filter, decision 088).
    const every = await get('/api/dispatch/drivers', operator.headers);
    expect(every.statusCode).toBe(200);
    expect((every.json().data as { userId: string }[]).map((driver) => driver.userId)).toEqual(expect.arrayContaining([vanDriver.user.id, truckDriver.user.id]));
  });
});

describe('assignment and the handover code', () => {
  it('an assignment tells the receiver nothing; the pickup sends the code once, naming the driver who has the parcel', async () => {
    const customer = await createSignedInUser(t.deps);
    // For tomorrow (bookingBody's date): an assignment today is no "driver on the way".
    const d = await paidDelivery(customer);
    const first = await assignNewDriver(t, operator.headers, d.id);
    const [afterFirst] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(afterFirst).toMatchObject({ driverId: first.user.id, driverName: 'Musa Bello', driverPhone: first.user.phone, handoverCodeHash: null });
    // Replaced before pickup: still nothing to say.
    const second = await createSignedInDriver(t.deps, { name: 'Aisha Danjuma' });
    expect((await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: second.user.id })).statusCode).toBe(200);
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(0);

    expect((await driverStep(second, d.id, 'picked_up')).statusCode).toBe(200);
    const [onTheWay] = await receiverMessages(d.receiverPhone);
    expect(onTheWay).toMatchObject({ channel: 'sms', holdsSecret: true });
    expect(onTheWay!.body).toContain('Aisha');
    const code = await handoverCode(d.receiverPhone);
    const [afterPickup] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(afterPickup!.handoverCodeHash).toBeTruthy();
    expect(afterPickup!.handoverCodeHash).not.toContain(code);
    await outForDelivery(second, d.id, 'picked_up');
    expect((await receiverMessages(d.receiverPhone)).filter((m) => m.holdsSecret)).toHaveLength(1);
    expect((await deliver(second, d.id, code)).statusCode).toBe(200);
    // Delivered: no more reassignment.
    const again = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: first.user.id });
    expect(again.statusCode).toBe(409);
  });

  it('a new driver after pickup is named to the receiver, without a second code: the code and its attempts stay', async () => {
    const { d, first, second } = await pickedUpWithAnotherDriver();
    await outForDelivery(first, d.id, 'picked_up');
    const code = await handoverCode(d.receiverPhone);
    expect((await deliver(first, d.id, wrongCode(code))).statusCode).toBe(422);
    const [before] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));

    expect((await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: second.user.id })).statusCode).toBe(200);
    const [named] = await receiverMessages(d.receiverPhone);
    expect(named).toMatchObject({ channel: 'sms', holdsSecret: false });
    expect(named!.body).toContain('Aisha');
    expect(named!.body).toContain(`https://app.lanefreight.ng/track/${d.trackingId}`);
    expect(named!.body).not.toMatch(/(?<![\w-])\d{4}(?![\w-])/);
    expect((await receiverMessages(d.receiverPhone)).filter((m) => m.holdsSecret)).toHaveLength(1);
    const [after] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(after).toMatchObject({ driverId: second.user.id, handoverCodeHash: before!.handoverCodeHash, handoverFailedAttempts: 1, status: 'out_for_delivery' });
    // The same driver again is no news.
    const count = (await receiverMessages(d.receiverPhone)).length;
    expect((await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: second.user.id })).statusCode).toBe(200);
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(count);

    // The first driver lost the job, and is told so; the receiver's one code works for the new driver.
    expect((await deliver(first, d.id, code)).json().code).toBe('JOB_NO_LONGER_ASSIGNED');
    expect((await get(`/api/driver/jobs/${d.id}`, second.headers)).json().data.handoverAttemptsLeft).toBe(HANDOVER_MAX_ATTEMPTS - 1);
    expect((await deliver(second, d.id, code)).statusCode).toBe(200);
  });

  it('refuses a driver whose vehicle does not suit the delivery, and one who is not a driver', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer, { transportMode: 'truck' });
    const bike = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const res = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: bike.user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DRIVER_VEHICLE_UNSUITABLE', message: ERROR_MESSAGES.DRIVER_VEHICLE_UNSUITABLE });
    const notDriver = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: customer.user.id });
    expect(notDriver.json().code).toBe('DRIVER_NOT_FOUND');
    // Refused, it wrote nothing: no driver, no code for the receiver.
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row).toMatchObject({ driverId: null, handoverCodeHash: null, status: 'pending' });
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(0);
    // An unknown delivery is said first, whoever the driver.
    for (const driverId of [bike.user.id, customer.user.id]) {
      const unknown = await post('/api/dispatch/deliveries/LF9999999/assign-driver', operator.headers, { driverId });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('DELIVERY_NOT_FOUND');
    }
  });

  it('a wrong code retried under one Idempotency-Key is counted once (the refusal is recorded, so it is replayed)', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    const code = await handoverCode(d.receiverPhone);
    const headers = { ...driver.headers, 'idempotency-key': `wrong-${d.id}` };
    const first = await post(`/api/driver/jobs/${d.id}/deliver`, headers, { code: wrongCode(code) });
    expect(first.json()).toMatchObject({ code: 'HANDOVER_CODE_INVALID', params: { attemptsLeft: HANDOVER_MAX_ATTEMPTS - 1 } });
    const retried = await post(`/api/driver/jobs/${d.id}/deliver`, headers, { code: wrongCode(code) });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    expect((await get(`/api/driver/jobs/${d.id}`, driver.headers)).json().data.handoverAttemptsLeft).toBe(HANDOVER_MAX_ATTEMPTS - 1);
  });

  it('five wrong codes lock the driver out (even with the right code); only an operator can complete it then', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    expect((await driverStep(driver, d.id, 'picked_up')).statusCode).toBe(200);
    const code = await handoverCode(d.receiverPhone);
    // Not yet out for delivery: the code is not asked for.
    expect((await deliver(driver, d.id, code)).json().code).toBe('INVALID_STATUS_TRANSITION');
    await outForDelivery(driver, d.id, 'picked_up');
    for (let attempt = 1; attempt < HANDOVER_MAX_ATTEMPTS; attempt++) {
      const res = await deliver(driver, d.id, wrongCode(code));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'HANDOVER_CODE_INVALID', params: { attemptsLeft: HANDOVER_MAX_ATTEMPTS - attempt } });
      expect((await get(`/api/driver/jobs/${d.id}`, driver.headers)).json().data.handoverAttemptsLeft).toBe(HANDOVER_MAX_ATTEMPTS - attempt);
    }
    const fifth = await deliver(driver, d.id, wrongCode(code));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'HANDOVER_LOCKED', message: ERROR_MESSAGES.HANDOVER_LOCKED });
    const right = await deliver(driver, d.id, code);
    expect(right.statusCode).toBe(423);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row).toMatchObject({ status: 'out_for_delivery', handoverFailedAttempts: HANDOVER_MAX_ATTEMPTS });

    const board = (await get('/api/dispatch/deliveries?status=active&limit=100', operator.headers)).json().data;
    expect(board.items.find((item: { id: string }) => item.id === d.id).handoverLocked).toBe(true);
    expect((await post(`/api/dispatch/deliveries/${d.id}/complete`, operator.headers, {})).statusCode).toBe(400);
    const completed = await post(`/api/dispatch/deliveries/${d.id}/complete`, operator.headers, { note: 'Receiver showed ID' });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data).toMatchObject({ status: 'delivered', displayStatus: 'delivered' });
    expect(completed.json().data.history.at(-1)).toMatchObject({ status: 'delivered', note: 'handover:operator Receiver showed ID' });
    expect((await get('/api/driver/jobs?scope=completed', driver.headers)).json().data.items.map((job: { id: string }) => job.id)).toContain(d.id);
  });

  it('parallel guesses are judged one at a time: never more than five wrong codes count', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    const code = await handoverCode(d.receiverPhone);
    const results = await Promise.all(Array.from({ length: 8 }, () => deliver(driver, d.id, wrongCode(code))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([422, 422, 422, 422, 423, 423, 423, 423]);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row!.handoverFailedAttempts).toBe(HANDOVER_MAX_ATTEMPTS);
  });

  it("the right code and an operator's completion at once: one hand-over, one earning, the ledger clean", async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    const code = await handoverCode(d.receiverPhone);
    const [byCode, byOperator] = await Promise.all([
      deliver(driver, d.id, code),
      post(`/api/dispatch/deliveries/${d.id}/complete`, operator.headers, { note: 'Receiver showed ID' }),
    ]);
    const outcomes = [byCode.statusCode, byOperator.statusCode].sort();
    expect(outcomes).toEqual([200, 409]);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row!.status).toBe('delivered');
    const earned = await t.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, driver.user.id), eq(ledgerEntries.kind, 'earning')));
    expect(earned).toHaveLength(1);
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });

  it('code attempts are rate-limited per driver', async () => {
    const limited = await createTestApp({ HANDOVER_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const op = await createSignedInUser(limited.deps, { roles: ['customer', 'operator'] });
      const customer = await createSignedInUser(limited.deps);
      await fundWallet(limited.deps.db, customer.user.id, 10_000_000);
      const d = await book(limited, customer.headers);
      await payWithWallet(limited, customer.headers, d.id);
      const driver = await assignNewDriver(limited, op.headers, d.id);
      const attempt = () => limited.app.inject({ method: 'POST', url: `/api/driver/jobs/${d.id}/deliver`, headers: driver.headers, payload: { code: '0000' } });
      await awaitRoomInWindow();
      expect((await attempt()).statusCode).toBe(409);
      expect((await attempt()).statusCode).toBe(409);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('bad codes are 400 with the field message', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    for (const code of ['', '123', '12345', 'abcd', 1234]) {
      const res = await post(`/api/driver/jobs/${d.id}/deliver`, driver.headers, { code } as object);
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json().detailKeys).toEqual({ code: ['validation.dispatch.handoverCodeFormat'] });
    }
  });
});

describe('the driver workspace', () => {
  it('lists active jobs with pickup, dropoff, receiver and earnings; moves one step at a time', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    const jobs = (await get('/api/driver/jobs', driver.headers)).json().data.items;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      id: d.id,
      status: 'pending',
      pickupLocation: '12 Ligali Ayorinde Street, Victoria Island, Lagos',
      dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos',
      receiverName: 'Chinedu Eze',
      receiverPhone: d.receiverPhone,
      earningsKobo: Math.floor(((d.price.baseFare + d.price.distanceFee) * 70) / 100),
      handoverAttemptsLeft: HANDOVER_MAX_ATTEMPTS,
    });
    expect((await get('/api/driver/jobs?scope=completed', driver.headers)).json().data).toEqual({ items: [], nextCursor: null });

    // Jumps and moves backwards are refused with a clear code; delivered is not a step.
    for (const status of ['in_transit', 'out_for_delivery']) {
      const res = await driverStep(driver, d.id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', message: ERROR_MESSAGES.INVALID_STATUS_TRANSITION });
    }
    expect((await driverStep(driver, d.id, 'delivered')).statusCode).toBe(400);
    expect((await driverStep(driver, d.id, 'picked_up')).json().data.status).toBe('picked_up');
    expect((await driverStep(driver, d.id, 'picked_up')).statusCode).toBe(409);
    expect((await driverStep(driver, d.id, 'out_for_delivery')).statusCode).toBe(409);
    expect((await driverStep(driver, d.id, 'in_transit')).json().data.status).toBe('in_transit');
    const last = await driverStep(driver, d.id, 'out_for_delivery');
    expect(last.json().data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery']);
    for (const h of last.json().data.history) expect(Date.parse(h.at)).not.toBeNaN();
  });

  it('operators cannot step a delivery that has no driver, nor mark it delivered without the code', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const move = (status: string) => post(`/api/dispatch/deliveries/${d.id}/status`, operator.headers, { status });
    expect((await move('picked_up')).json().code).toBe('DRIVER_NOT_ASSIGNED');
    await assignNewDriver(t, operator.headers, d.id);
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) expect((await move(status)).statusCode).toBe(200);
    const delivered = await move('delivered');
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().code).toBe('HANDOVER_REQUIRED');
  });

  it('takes a proof photo by multipart, checked by content and size', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    const code = await handoverCode(d.receiverPhone);
    const send = (file: Buffer, fields: Record<string, string> = { code }, fileName = 'proof.png') => {
      const boundary = '----lanefreightproof';
      const parts = [
        ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ].join('');
      const payload = Buffer.concat([
        Buffer.from(`${parts}--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/driver/jobs/${d.id}/deliver`,
        headers: { ...driver.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    // A PDF named .png is refused by its content; a file over 10 MB by its size; neither counts as a wrong code.
    const pdf = await send(Buffer.from('%PDF-1.7\n1 0 obj\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', params: { allowedTypes: 'JPG, PNG, WEBP' } });
    const huge = await send(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('FILE_TOO_LARGE');
    // A wrong code with a good photo: refused, and the photo is not kept.
    const wrong = await send(PNG, { code: wrongCode(code) });
    expect(wrong.json().code).toBe('HANDOVER_CODE_INVALID');
    const ok = await send(PNG);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('delivered');
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(row!.deliveryProofKey).toMatch(/^delivery-proofs\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(row!.handoverCodeHash).toBeNull();
    expect(row!.handoverFailedAttempts).toBe(1);
    const stored = await t.deps.storage.get(row!.deliveryProofKey!);
    expect(stored?.sizeBytes).toBe(PNG.length);
    // Multipart without a code is the field's 400.
    const form = multipartForm({ note: 'x' });
    const noCode = await t.app.inject({ method: 'POST', url: `/api/driver/jobs/${d.id}/deliver`, headers: { ...driver.headers, ...form.headers }, payload: form.payload });
    expect(noCode.statusCode).toBe(400);
  });
});

describe('earnings in the ledger', () => {
  it("the driver's share goes revenue → driver earnings → wallet on delivery, withdrawable, ledger clean", async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    const res = await deliver(driver, d.id, await handoverCode(d.receiverPhone));
    expect(res.statusCode).toBe(200);
    const share = Math.floor(((d.price.baseFare + d.price.distanceFee) * 70) / 100);
    expect(res.json().data.earningsKobo).toBe(share);

    const funds = await fundsOf(driver.user.id);
    expect(funds).toEqual({ balanceKobo: share, sandboxKobo: 0, payableOutKobo: share });
    const [entry] = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, driver.user.id));
    expect(entry).toMatchObject({ kind: 'earning', amountKobo: share, balanceAfterKobo: share });
    const [deliveryRow] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    const [earned] = await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `earning:${deliveryRow!.id}`));
    const earnedLines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, earned!.id));
    expect(earnedLines.map((l) => [l.accountType, l.accountKey, l.amountKobo]).sort()).toEqual(
      [
        ['driver_earnings', driver.user.id, share],
        ['revenue', '', -share],
      ].sort(),
    );
    const [paid] = await t.deps.db.select().from(postings).where(eq(postings.id, entry!.postingId));
    expect(paid!.kind).toBe('driver_earning_paid');
    const paidLines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, paid!.id));
    expect(paidLines.map((l) => [l.accountType, l.accountKey, l.amountKobo])).toEqual([['driver_earnings', driver.user.id, -share]]);

    // In the wallet's history, and on the driver's live stream.
    const history = (await get('/api/wallet/transactions', driver.headers)).json().data.items;
    expect(history[0]).toMatchObject({ type: 'earning', amountKobo: share, descriptionKey: 'walletMoney.transactions.earning', params: { deliveryId: d.id } });
    const live = await t.deps.db.select().from(liveEvents).where(and(eq(liveEvents.userId, driver.user.id), eq(liveEvents.name, 'wallet.balance')));
    expect(live.at(-1)?.data).toEqual({ balance: share });
    const [credited] = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, driver.user.id), eq(notifications.type, 'wallet')));
    expect(credited).toMatchObject({ type: 'wallet', messageKey: 'walletCredited', params: { amountKobo: share } });
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });

  it('a delivery paid with sandbox money earns sandbox money, which never becomes payable out', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await book(t, customer.headers, { receiverPhone: uniquePhone() });
    const init = (await post('/api/payments/initiate', customer.headers, { deliveryId: d.id, method: 'card' })).json().data;
    expect((await decideSandboxCheckout(t, customer.headers, init.checkoutUrl, 'approve')).statusCode).toBe(303);
    expect((await post(`/api/payments/verify?reference=${init.reference}&delivery_id=${d.id}`, customer.headers)).statusCode).toBe(200);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    expect((await deliver(driver, d.id, await handoverCode(d.receiverPhone as string))).statusCode).toBe(200);
    const funds = await fundsOf(driver.user.id);
    expect(funds.balanceKobo).toBeGreaterThan(0);
    expect(funds).toMatchObject({ sandboxKobo: funds.balanceKobo, payableOutKobo: 0 });
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });
});

describe('ratings', () => {
  it('the customer rates once, after delivery; the tracking view shows the real average, reviews and my rating', async () => {
    const customer = await createSignedInUser(t.deps);
    const stranger = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    const rate = (headers: Headers, body: object) => post(`/api/deliveries/${d.id}/rating`, headers, body);

    const early = await rate(customer.headers, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DELIVERY_NOT_RATABLE');
    await outForDelivery(driver, d.id);
    expect((await deliver(driver, d.id, await handoverCode(d.receiverPhone))).statusCode).toBe(200);
    let track = (await get(`/api/tracking/${d.trackingId}`, customer.headers)).json().data;
    expect(track.myRating).toBeNull();
    expect(track.driver).toMatchObject({ name: 'Musa Bello', rating: 0, reviews: 0 });

    expect((await rate(stranger.headers, { stars: 1 })).statusCode).toBe(404);
    for (const body of [{}, { stars: 0 }, { stars: 6 }, { stars: 4.5 }, { stars: '5' }, { stars: 5, comment: 'x'.repeat(501) }]) {
      expect((await rate(customer.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const rated = await rate(customer.headers, { stars: 4, comment: '  Careful with the parcel  ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json().data).toMatchObject({ stars: 4, comment: 'Careful with the parcel' });
    const twice = await Promise.all([rate(customer.headers, { stars: 1 }), rate(customer.headers, { stars: 1 })]);
    for (const res of twice) expect(res.json().code).toBe('ALREADY_RATED');

    // A second customer's 5 stars for the same driver: the average is real.
    const other = await createSignedInUser(t.deps);
    const d2 = await paidDelivery(other);
    await post(`/api/dispatch/deliveries/${d2.id}/assign-driver`, operator.headers, { driverId: driver.user.id });
    await outForDelivery(driver, d2.id);
    await deliver(driver, d2.id, await handoverCode(d2.receiverPhone));
    expect((await post(`/api/deliveries/${d2.id}/rating`, other.headers, { stars: 5 })).statusCode).toBe(201);

    const [totals] = await t.deps.db.select().from(drivers).where(eq(drivers.userId, driver.user.id));
    expect(totals).toMatchObject({ ratingTotal: 9, ratingCount: 2 });
    track = (await get(`/api/tracking/${d.trackingId}`, customer.headers)).json().data;
    expect(track.driver).toMatchObject({ rating: 4.5, reviews: 2 });
    expect(track.myRating).toMatchObject({ stars: 4, comment: 'Careful with the parcel' });
    expect(Date.parse(track.myRating.createdAt)).not.toBeNaN();
  });
});

describe('tracking names the driver', () => {
  it('also a driver with no phone on record (signed up by email)', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await createSignedInDriver(t.deps, { name: 'Bola Ade', phone: null });
    expect((await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: driver.user.id })).statusCode).toBe(200);
    const track = (await get(`/api/tracking/${d.trackingId}`, customer.headers)).json().data;
    expect(track.driver).toEqual({ name: 'Bola Ade', phone: '', rating: 0, reviews: 0 });
  });
});

describe("the receiver's messages", () => {
  it('on the way (with code and link), out for delivery and delivered, by SMS in the receiver language', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    await t.deps.db.update(deliveries).set({ receiverLanguage: 'yo' }).where(eq(deliveries.trackingId, d.trackingId));
    const driver = await assignNewDriver(t, operator.headers, d.id);
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(0);
    await driverStep(driver, d.id, 'picked_up');
    const [onTheWay] = await receiverMessages(d.receiverPhone);
    expect(onTheWay).toMatchObject({ channel: 'sms', holdsSecret: true });
    expect(onTheWay!.body).toContain(`https://app.lanefreight.ng/track/${d.trackingId}`);
    expect(onTheWay!.body).toContain('Musa');
    expect(onTheWay!.body).toContain('ẹrù');
    const code = await handoverCode(d.receiverPhone);

    await driverStep(driver, d.id, 'in_transit');
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(1);
    await driverStep(driver, d.id, 'out_for_delivery');
    const [out] = await receiverMessages(d.receiverPhone);
    expect(out).toMatchObject({ channel: 'sms', holdsSecret: false });
    expect(out!.body).toContain('ìfijíṣẹ́'.normalize('NFC'));
    expect(out!.body).not.toContain(code);
    await deliver(driver, d.id, code);
    const [done] = await receiverMessages(d.receiverPhone);
    expect(done!.body).toContain('A dúpẹ́'.normalize('NFC'));
    expect(await receiverMessages(d.receiverPhone)).toHaveLength(3);
  });

  it('no domain event carries the handover code', async () => {
    const seen: unknown[] = [];
    for (const type of ['delivery.driver_assigned', 'delivery.status_changed'] as const) t.deps.events.onEveryInstance(type, (e) => void seen.push(e));
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await driverStep(driver, d.id, 'picked_up');
    const code = await handoverCode(d.receiverPhone);
    expect(seen.length).toBeGreaterThan(0);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    for (const event of seen) {
      expect(JSON.stringify(event)).not.toContain(row!.handoverCodeHash!);
      expect(Object.values(event as Record<string, unknown>)).not.toContain(code);
    }
  });
});

describe('the drivers a job is given to and taken from', () => {
  const assign = (id: string, driver: Signed) => post(`/api/dispatch/deliveries/${id}/assign-driver`, operator.headers, { driverId: driver.user.id });
  const notificationsOf = (userId: string) => t.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
  const jobEventsOf = (userId: string) =>
    t.deps.db.select().from(liveEvents).where(and(eq(liveEvents.userId, userId), eq(liveEvents.name, 'driver.jobs_changed')));

  it('each is told once in the app and once on the live stream; the one it was taken from is refused its next step as such', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const first = await createSignedInDriver(t.deps);
    const second = await createSignedInDriver(t.deps);
    expect((await assign(d.id, first)).statusCode).toBe(200);
    expect(await notificationsOf(first.user.id)).toMatchObject([
      { type: 'delivery', messageKey: 'driverJobAssigned', params: { deliveryId: d.id, pickup: expect.any(String), dropoff: expect.any(String) } },
    ]);
    expect(await jobEventsOf(first.user.id)).toMatchObject([{ data: { id: d.id } }]);
    expect((await driverStep(first, d.id, 'picked_up')).statusCode).toBe(200);

    // Reassigned: the new driver hears of the job, the first that it was taken from them.
    expect((await assign(d.id, second)).statusCode).toBe(200);
    const [job] = await notificationsOf(second.user.id);
    expect(await notificationsOf(second.user.id)).toHaveLength(1);
    expect(job).toMatchObject({ messageKey: 'driverJobAssigned', params: { deliveryId: d.id } });
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.trackingId, d.trackingId));
    expect(job!.params).toMatchObject({ pickup: row!.pickupLocation, dropoff: row!.dropoffLocation });
    expect(await jobEventsOf(second.user.id)).toMatchObject([{ data: { id: d.id } }]);
    expect((await notificationsOf(first.user.id)).filter((n) => n.messageKey === 'driverJobReassigned')).toMatchObject([
      { type: 'delivery', params: { deliveryId: d.id } },
    ]);
    expect(await notificationsOf(first.user.id)).toHaveLength(2);
    expect(await jobEventsOf(first.user.id)).toHaveLength(2);
    expect((await get('/api/driver/jobs?scope=active', first.headers)).json().data.items).toEqual([]);

    // Their open page still offers the next step: the answer says the job is no longer theirs.
    for (const res of [await driverStep(first, d.id, 'in_transit'), await get(`/api/driver/jobs/${d.id}`, first.headers), await deliver(first, d.id, '1234')]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'JOB_NO_LONGER_ASSIGNED', params: { id: d.id } });
    }
    expect((await driverStep(second, d.id, 'in_transit')).statusCode).toBe(200);
  });

  it('assigning the same driver again tells them nothing new', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    expect((await assign(d.id, driver)).statusCode).toBe(200);
    expect(await notificationsOf(driver.user.id)).toHaveLength(1);
  });

  it('by email too, when the driver takes delivery updates (the preferences customers have)', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const first = await createSignedInDriver(t.deps);
    const second = await createSignedInDriver(t.deps);
    const prefs = { deliveryUpdates: true, promotionalEmails: false, smsNotifications: false, pushNotifications: false };
    expect((await t.app.inject({ method: 'PUT', url: '/api/preferences', headers: first.headers, payload: prefs })).statusCode).toBe(200);
    expect((await assign(d.id, first)).statusCode).toBe(200);
    expect((await assign(d.id, second)).statusCode).toBe(200);
    const mailOf = (recipient: string) => t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
    expect((await mailOf(first.user.email!)).map((m) => m.subject).sort()).toEqual([`Lanefreight: job ${d.id} reassigned`, `Lanefreight: new job ${d.id}`]);
    // The second driver left delivery updates off, as most do.
    expect(await mailOf(second.user.email!)).toEqual([]);
  });
});

describe('live updates for the customer', () => {
  it("each step the driver makes reaches the customer's live stream", async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    await outForDelivery(driver, d.id);
    await deliver(driver, d.id, await handoverCode(d.receiverPhone));
    const events = await t.deps.db.select().from(liveEvents).where(and(eq(liveEvents.userId, customer.user.id), eq(liveEvents.name, 'delivery.status')));
    const statuses = events.sort((a, b) => a.seq - b.seq).map((e) => (e.data as { status: string }).status);
    expect(statuses.slice(-5)).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    const summary = (await get('/api/dashboard/summary', customer.headers)).json().data;
    expect(summary.totalDelivered).toBe(1);
  });
});

describe('idempotent operator and driver writes', () => {
  const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });

  it('a retried reassignment gets the first answer and names the new driver to the receiver once', async () => {
    const { d, second: driver } = await pickedUpWithAnotherDriver();
    const key = `assign-${d.id}-${driver.user.id}`;
    const reassigned = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, withKey(operator.headers, key), { driverId: driver.user.id });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const retried = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, withKey(operator.headers, key), { driverId: driver.user.id });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(reassigned.json());
    const messages = await receiverMessages(d.receiverPhone);
    expect(messages.filter((m) => m.holdsSecret)).toHaveLength(1);
    expect(messages.filter((m) => !m.holdsSecret && m.body.includes('Aisha'))).toHaveLength(1);
  });

  it('a retried step, hand-over and completion each happen once', async () => {
    const customer = await createSignedInUser(t.deps);
    const d = await paidDelivery(customer);
    const driver = await assignNewDriver(t, operator.headers, d.id);
    const step = (key: string, status: string) => post(`/api/driver/jobs/${d.id}/status`, withKey(driver.headers, key), { status });
    expect((await step('step-1', 'picked_up')).statusCode).toBe(200);
    const again = await step('step-1', 'picked_up');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await step('step-1', 'in_transit')).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await step('step-2', 'in_transit')).statusCode).toBe(200);
    expect((await step('step-3', 'out_for_delivery')).statusCode).toBe(200);

    const code = await handoverCode(d.receiverPhone);
    const handOver = () => post(`/api/driver/jobs/${d.id}/deliver`, withKey(driver.headers, 'deliver-1'), { code });
    const [delivered, retried] = [await handOver(), await handOver()];
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const earnings = await t.deps.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, driver.user.id), eq(ledgerEntries.kind, 'earning')));
    expect(earnings).toHaveLength(1);

    const other = await paidDelivery(customer);
    const otherDriver = await assignNewDriver(t, operator.headers, other.id);
    await outForDelivery(otherDriver, other.id);
    const complete = () => post(`/api/dispatch/deliveries/${other.id}/complete`, withKey(operator.headers, 'complete-1'), { note: 'Receiver confirmed by phone' });
    expect((await complete()).statusCode).toBe(200);
    expect((await complete()).headers['idempotent-replayed']).toBe('true');
  });
});
