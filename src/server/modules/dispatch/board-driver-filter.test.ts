import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';

/** The Active tab's driver filter (decision 088): one driver's jobs on the road, for operators only. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const ids = (body: string) => (JSON.parse(body).data.items as { id: string }[]).map((item) => item.id);

describe("the Active tab's driver filter", () => {
  it("shows one driver's active jobs, paged by cursor, searched and exported alike; operators only, on Active only", async () => {
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 50_000_000);
    const musa = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const aisha = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const get = (url: string, headers: Headers = operator.headers) => t.app.inject({ method: 'GET', url, headers });

    const jobs: string[] = [];
    for (const [i, driver] of [musa, aisha, musa, musa].entries()) {
      const booked = await book(t, customer.headers, { receiverName: `Filter Olumide ${i}` });
      expect((await payWithWallet(t, customer.headers, booked.id)).statusCode).toBe(200);
      const assigned = await t.app.inject({
        method: 'POST',
        url: `/api/dispatch/deliveries/${booked.id}/assign-driver`,
        headers: operator.headers,
        payload: { driverId: driver.user.id },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      jobs.push(booked.id);
    }
    const musaJobs = [jobs[0]!, jobs[2]!, jobs[3]!];

    // Musa's jobs only, oldest payment first, a page at a time.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/dispatch/deliveries?status=active&driverId=${musa.user.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      walked.push(...ids(res.body));
      cursor = res.json().data.nextCursor as string | null;
    } while (cursor);
    expect(walked).toEqual(musaJobs);
    expect(ids((await get(`/api/dispatch/deliveries?status=active&driverId=${aisha.user.id}`)).body)).toEqual([jobs[1]]);
    // Without the filter, everyone's.
    expect(ids((await get('/api/dispatch/deliveries?status=active&limit=50')).body)).toEqual(expect.arrayContaining(jobs));

    // The name search and the export keep the filter.
    const found = await get(`/api/dispatch/deliveries/search?q=olumide&status=active&driverId=${musa.user.id}`);
    expect(ids(found.body)).toEqual(musaJobs);
    const csv = await get(`/api/dispatch/deliveries/export.csv?status=active&driverId=${aisha.user.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((row) => /^"(LF\d+)"/.exec(row)![1])).toEqual([jobs[1]]);

    // The filter is the Active tab's: on another tab it is refused, not silently dropped.
    const refused = await get(`/api/dispatch/deliveries?status=unassigned&driverId=${musa.user.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detailKeys).toEqual({ driverId: ['validation.dispatch.driverFilterActiveOnly'] });
    expect((await get('/api/dispatch/deliveries?status=active&driverId=not-a-driver')).statusCode).toBe(400);
    // Operators only, as the whole board.
    expect((await get(`/api/dispatch/deliveries?status=active&driverId=${musa.user.id}`, customer.headers)).statusCode).toBe(403);
    expect((await get(`/api/dispatch/deliveries?status=active&driverId=${musa.user.id}`, musa.headers)).statusCode).toBe(403);

    // The filter's choices: every driver, whatever their vehicle, with the jobs they carry.
    const drivers = await get('/api/dispatch/drivers');
    expect(drivers.statusCode, drivers.body).toBe(200);
    const carried = new Map((drivers.json().data as { userId: string; activeJobs: number }[]).map((d) => [d.userId, d.activeJobs]));
    expect(carried.get(musa.user.id)).toBe(3);
    expect(carried.get(aisha.user.id)).toBe(1);
    expect((await get('/api/dispatch/drivers', customer.headers)).statusCode).toBe(403);
  });
});
