import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { openEventStream, type EventStream } from '../../test/event-stream-client.js';
import { drivers } from '../../db/schema/index.js';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '../../lib/messages.js';
import { DISPATCH_MESSAGE_KEYS, type DriverDuty, type DriverHomeSummary, type DriverSummary } from '../../../shared/schemas/dispatch.js';
import { DRIVERS_CHANGED_EVENT } from '../../../shared/schemas/live-events.js';
import type { TransportMode } from '../../../shared/schemas/deliveries.js';

/**
 * The driver's on/off duty switch (decision 063): PUT /api/driver/availability, the driver's home showing it, the
 * operator's assign dialog listing off-duty drivers as such, an assignment to one refused with 409 DRIVER_OFF_DUTY,
 * and the operators' live streams told when a driver switches.
 */

let t: TestApp;
let baseUrl: string;
let operator: Signed;
const streams: EventStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const setDuty = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/driver/availability', headers, payload: payload as object });
const assign = (deliveryId: string, driverId: string) =>
  t.app.inject({ method: 'POST', url: `/api/dispatch/deliveries/${deliveryId}/assign-driver`, headers: operator.headers, payload: { driverId } });

async function switchDuty(driver: Signed, onDuty: boolean): Promise<DriverDuty> {
  const res = await setDuty(driver.headers, { onDuty });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DriverDuty;
}

async function driverSummary(driver: Signed): Promise<DriverHomeSummary> {
  const res = await t.app.inject({ method: 'GET', url: '/api/driver/summary', headers: driver.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DriverHomeSummary;
}

async function listedDriver(transportMode: TransportMode, userId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dispatch/drivers?transportMode=${transportMode}`, headers: operator.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as DriverSummary[]).find((driver) => driver.userId === userId);
}

async function paidDelivery(transportMode: TransportMode = 'bike') {
  const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
  const booked = await book(t, shipper.headers, { receiverPhone: uniquePhone(), transportMode });
  const paid = await payWithWallet(t, shipper.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  return booked.id;
}

describe('PUT /api/driver/availability', () => {
  it('is for drivers only: a customer and an operator get 403, nobody signed in 401', async () => {
    const customer = await createSignedInUser(t.deps);
    for (const who of [customer, operator]) {
      const refused = await setDuty(who.headers, { onDuty: false });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await setDuty({}, { onDuty: false })).statusCode).toBe(401);
  });

  it('refuses anything but a boolean onDuty with the field’s message, and changes nothing', async () => {
    const driver = await createSignedInDriver(t.deps);
    for (const payload of [{}, { onDuty: 'false' }, { onDuty: 0 }, { onDuty: null }]) {
      const res = await setDuty(driver.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        details: { onDuty: [VALIDATION_MESSAGES[DISPATCH_MESSAGE_KEYS.onDutyRequired]] },
        detailKeys: { onDuty: [DISPATCH_MESSAGE_KEYS.onDutyRequired] },
      });
    }
    const [row] = await t.deps.db.select().from(drivers).where(eq(drivers.userId, driver.user.id));
    expect(row).toMatchObject({ onDuty: true, onDutyChangedAt: null });
  });

  it('switches off and on, stamps the time of each change, and leaves it alone when nothing changes', async () => {
    const driver = await createSignedInDriver(t.deps);
    // Drivers start on duty, never having switched.
    expect((await driverSummary(driver)).duty).toEqual({ onDuty: true, changedAt: null });
    expect(await switchDuty(driver, true)).toEqual({ onDuty: true, changedAt: null });

    const before = Date.now();
    const off = await switchDuty(driver, false);
    expect(off.onDuty).toBe(false);
    expect(Date.parse(off.changedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    // Off again: the same answer, the time of the real change kept.
    expect(await switchDuty(driver, false)).toEqual(off);

    const on = await switchDuty(driver, true);
    expect(on.onDuty).toBe(true);
    expect(Date.parse(on.changedAt!)).toBeGreaterThanOrEqual(Date.parse(off.changedAt!));
  });

  it('a driver without a vehicle on record has no switch: 404 DRIVER_NOT_FOUND', async () => {
    const roleOnly = await createSignedInUser(t.deps, { roles: ['customer', 'driver'] });
    const res = await setDuty(roleOnly.headers, { onDuty: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DRIVER_NOT_FOUND');
    expect(await driverSummary(roleOnly)).toMatchObject({ availableForWork: false, duty: null, vehicle: null });
  });
});

describe('what the duty switch changes', () => {
  it('the driver’s home says off duty, and not available for work', async () => {
    const driver = await createSignedInDriver(t.deps);
    expect(await driverSummary(driver)).toMatchObject({ availableForWork: true, duty: { onDuty: true } });
    await switchDuty(driver, false);
    const off = await driverSummary(driver);
    expect(off).toMatchObject({ availableForWork: false, duty: { onDuty: false } });
    // The vehicle is still on record: only the switch keeps them from work.
    expect(off.vehicle).not.toBeNull();
  });

  it('the assign dialog lists an off-duty driver as such, and an assignment to them is refused with 409', async () => {
    const driver = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const deliveryId = await paidDelivery('bike');
    expect(await listedDriver('bike', driver.user.id)).toMatchObject({ onDuty: true });

    await switchDuty(driver, false);
    expect(await listedDriver('bike', driver.user.id)).toMatchObject({ onDuty: false, activeJobs: 0 });
    const refused = await assign(deliveryId, driver.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'DRIVER_OFF_DUTY',
      params: { name: driver.user.name },
      message: ERROR_MESSAGES.DRIVER_OFF_DUTY.replace('{{name}}', driver.user.name),
    });
    // Refused, it wrote nothing: the delivery still waits for a driver.
    const jobs = await t.app.inject({ method: 'GET', url: '/api/driver/jobs', headers: driver.headers });
    expect(jobs.json().data.items).toHaveLength(0);

    // An unknown delivery is still the first thing said.
    const unknown = await assign('LF9999999', driver.user.id);
    expect(unknown.json().code).toBe('DELIVERY_NOT_FOUND');

    // Back on duty, the same assignment goes through.
    await switchDuty(driver, true);
    const assigned = await assign(deliveryId, driver.user.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
  });

  it('going off duty keeps the jobs already assigned: the driver carries them on', async () => {
    const driver = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const deliveryId = await paidDelivery('bike');
    expect((await assign(deliveryId, driver.user.id)).statusCode).toBe(200);
    await switchDuty(driver, false);
    const step = await t.app.inject({ method: 'POST', url: `/api/driver/jobs/${deliveryId}/status`, headers: driver.headers, payload: { status: 'picked_up' } });
    expect(step.statusCode, step.body).toBe(200);
    expect((await driverSummary(driver)).activeJobs).toBe(1);
  });

  it('each change tells the operators’ live streams to ask for the drivers again; a customer’s stream hears nothing', async () => {
    const driver = await createSignedInDriver(t.deps);
    const customer = await createSignedInUser(t.deps);
    const operatorStream = await openEventStream(baseUrl, { token: operator.token });
    const customerStream = await openEventStream(baseUrl, { token: customer.token });
    streams.push(operatorStream, customerStream);

    await switchDuty(driver, false);
    await operatorStream.waitFor(1, DRIVERS_CHANGED_EVENT);
    // Nothing changed, nothing said.
    await switchDuty(driver, false);
    await switchDuty(driver, true);
    await operatorStream.waitFor(2, DRIVERS_CHANGED_EVENT);
    // A signal carries no number: a reconnect's Last-Event-ID is about the operator's own events only.
    expect(operatorStream.events.filter((e) => e.event === DRIVERS_CHANGED_EVENT)).toHaveLength(2);
    expect(operatorStream.events.filter((e) => e.event === DRIVERS_CHANGED_EVENT).every((e) => !e.id)).toBe(true);
    expect(customerStream.events.filter((e) => e.event === DRIVERS_CHANGED_EVENT)).toHaveLength(0);
  });
});
