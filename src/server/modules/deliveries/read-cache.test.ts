import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, bookingBody, payWithWallet } from '../../test/delivery-test-helpers.js';

/**
 * My Deliveries and tracking are answered from memory (delivery-read-cache.ts). Whatever changes a delivery
 * must show on the very next read (other instances: src/server/several-instances.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Inject = TestApp['app']['inject'];

async function listOf(inject: Inject, headers: Headers) {
  const res = await inject({ method: 'GET', url: '/api/deliveries?limit=20', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    items: { id: string; status: string; trackingId: string | null; price: { total: number } }[];
  };
}

async function trackingOf(inject: Inject, headers: Headers, trackingId: string) {
  const res = await inject({ method: 'GET', url: `/api/tracking/${trackingId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    status: string;
    driver: { name: string } | null;
    steps: { key: string; state: string }[];
  };
}

describe('cached reads follow every write', () => {
  it('booking, editing, paying, dispatching and cancelling each show on the next read', async () => {
    const inject = t.app.inject.bind(t.app) as Inject;
    const u = await createSignedInUser(t.deps);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    await fundWallet(t.deps.db, u.user.id, 1_000_000);
    expect((await listOf(inject, u.headers)).items).toHaveLength(0);

    const first = await book(t, u.headers);
    expect((await listOf(inject, u.headers)).items.map((d) => d.id)).toEqual([first.id]);

    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${first.id}`,
      headers: u.headers,
      payload: { ...bookingBody({ deliveryType: 'express' }) },
    });
    expect(edited.statusCode).toBe(200);
    const editedTotal = edited.json().data.price.total as number;
    expect(editedTotal).not.toBe(first.price.total);
    expect((await listOf(inject, u.headers)).items[0]!.price.total).toBe(editedTotal);

    expect((await payWithWallet(t, u.headers, first.id)).statusCode).toBe(200);
    const paid = (await listOf(inject, u.headers)).items[0]!;
    expect(paid).toMatchObject({ id: first.id, status: 'pending' });
    expect(paid.trackingId).toBeTruthy();
    const trackingId = paid.trackingId!;
    expect(await trackingOf(inject, u.headers, trackingId)).toMatchObject({ status: 'pending', driver: null });

    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/dispatch/deliveries/${first.id}/assign-driver`,
      headers: operator.headers,
      payload: { driverId: (await createSignedInDriver(t.deps)).user.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await trackingOf(inject, u.headers, trackingId)).driver).toMatchObject({ name: 'Musa Bello' });

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/dispatch/deliveries/${first.id}/status`,
      headers: operator.headers,
      payload: { status: 'picked_up' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await trackingOf(inject, u.headers, trackingId)).status).toBe('picked_up');
    expect((await listOf(inject, u.headers)).items[0]!.status).toBe('picked_up');

    const second = await book(t, u.headers);
    expect((await listOf(inject, u.headers)).items.map((d) => d.id)).toEqual([second.id, first.id]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/deliveries/${second.id}/cancel`,
      headers: u.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await listOf(inject, u.headers)).items[0]).toMatchObject({ id: second.id, status: 'cancelled' });
  });

  it('one user never sees another user’s cached page', async () => {
    const inject = t.app.inject.bind(t.app) as Inject;
    const a = await createSignedInUser(t.deps);
    const b = await createSignedInUser(t.deps);
    await book(t, a.headers);
    expect((await listOf(inject, a.headers)).items).toHaveLength(1);
    expect((await listOf(inject, b.headers)).items).toHaveLength(0);
  });

  it('answers a browser with the cached page compressed, marked and varying by encoding', async () => {
    const u = await createSignedInUser(t.deps);
    for (let i = 0; i < 8; i++) await book(t, u.headers);
    const plain = await t.app.inject({ method: 'GET', url: '/api/deliveries?limit=20', headers: u.headers });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/deliveries?limit=20',
      headers: { ...u.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });
});
