import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDeliveryId } from '../shared/ids.js';
import { createSignedInUser } from './test/factories.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * Keyset paging stays stable under inserts (decision 049): rows written between two pages neither repeat a row
 * already shown nor push one out unseen, including rows that share the last row's timestamp to the microsecond.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});

afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;

async function page(url: string, headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: { id: string }[]; nextCursor: string | null };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Deliveries of `userId` at these instants (several may share one), paid and waiting for a driver; their public ids. */
async function insertDeliveries(userId: string, instants: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const at of instants) {
    const [row] = rowsOf<{ number: number }>(
      await t.deps.db.execute(sql`
        insert into deliveries (user_id, tracking_id, receiver_name, receiver_phone, pickup_location, dropoff_location,
          package_type, package_weight, transport_mode, delivery_type, delivery_time, delivery_date,
          base_fare_kobo, distance_fee_kobo, service_fee_kobo, total_kobo, price_locked_until,
          status, paid_at, created_at, updated_at)
        values (${userId}::uuid, 'LFK' || nextval('delivery_number_seq'), 'Receiver', '+2348000000000', 'Pickup', 'Dropoff',
          'parcel', 'small', 'bike', 'standard', 'morning', date '2026-01-01',
          100000, 50000, 10000, 160000, now(), 'pending', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
        returning number`),
    );
    ids.push(formatDeliveryId(row!.number));
  }
  return ids;
}

/** Instants a second apart from `start`, each microsecond-precise (as PostgreSQL stores them, unlike Date). */
const instants = (start: string, count: number, stepSeconds = 1) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(start) + i * stepSeconds * 1000).toISOString().replace('Z', '123+00'));

/** Reads page after page, calling `between` after the first; every id seen, in order. */
async function readAll(url: (cursor: string | null) => string, headers: Headers, between: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const next = await page(url(cursor), headers);
    seen.push(...next.items.map((item) => item.id));
    cursor = next.nextCursor;
    if (++pages === 1) await between();
  } while (cursor && pages < 50);
  return seen;
}

describe('cursor paging is stable under inserts', () => {
  it('My Deliveries: no duplicates, no gaps; a row older than the cursor is still reached', async () => {
    const customer = await createSignedInUser(t.deps);
    // 25 deliveries, the newest five sharing one instant (ties broken by number).
    const base = await insertDeliveries(customer.user.id, instants('2026-03-01T10:00:00.000Z', 20));
    const tied = await insertDeliveries(customer.user.id, Array(5).fill('2026-03-02T10:00:00.000123+00'));
    const before = [...base, ...tied];
    let newer: string[] = [];
    let older: string[] = [];
    const seen = await readAll(
      (cursor) => `/api/deliveries?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      customer.headers,
      async () => {
        // Newer bookings (above page 1), another at the shared instant, and one older than everything.
        newer = await insertDeliveries(customer.user.id, instants('2026-03-03T10:00:00.000Z', 3));
        newer.push(...(await insertDeliveries(customer.user.id, ['2026-03-02T10:00:00.000123+00'])));
        older = await insertDeliveries(customer.user.id, ['2026-02-01T10:00:00.000Z']);
      },
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(before));
    expect(seen).toEqual(expect.arrayContaining(older));
    for (const id of newer) expect(seen).not.toContain(id);
    expect(seen.at(-1)).toBe(older[0]);
  });

  it('the dispatch board, a waiting tab (oldest first) and All (latest change first)', async () => {
    const customer = await createSignedInUser(t.deps);
    const before = await insertDeliveries(customer.user.id, [
      ...instants('2026-04-01T10:00:00.000Z', 15),
      ...Array(4).fill('2026-04-02T10:00:00.000456+00'),
    ]);
    let later: string[] = [];
    let newest: string[] = [];
    const unassigned = await readAll(
      (cursor) => `/api/dispatch/deliveries?status=unassigned&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      operator.headers,
      async () => {
        // Paid after page 1 was read: they wait the least, so they come last, not lost.
        later = await insertDeliveries(customer.user.id, ['2026-04-02T10:00:00.000456+00', ...instants('2026-04-03T10:00:00.000Z', 2)]);
      },
    );
    // The board shows every customer's deliveries: the other tests' are there too, in their place.
    const mine = (ids: string[]) => ids.filter((id) => before.includes(id) || later.includes(id) || newest.includes(id));
    expect(new Set(unassigned).size).toBe(unassigned.length);
    expect(mine(unassigned)).toEqual([...before, ...later]);

    const all = await readAll(
      (cursor) => `/api/dispatch/deliveries?status=all&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      operator.headers,
      async () => {
        newest = await insertDeliveries(customer.user.id, instants('2026-04-04T10:00:00.000Z', 2));
      },
    );
    expect(new Set(all).size).toBe(all.length);
    expect(mine(all)).toEqual([...before, ...later].reverse());
    for (const id of newest) expect(all).not.toContain(id);
  });

  it('notifications: no duplicates, no gaps', async () => {
    const customer = await createSignedInUser(t.deps);
    const insert = async (ats: readonly string[]) =>
      rowsOf<{ id: string }>(
        await t.deps.db.execute(sql`
          insert into notifications (user_id, type, message_key, params, created_at)
          select ${customer.user.id}::uuid, 'wallet', 'walletCredited', '{}'::jsonb, at::timestamptz
          from unnest(${`{${ats.map((at) => `"${at}"`).join(',')}}`}::text[]) as at
          returning id`),
      ).map((row) => row.id);
    const before = [
      ...(await insert(instants('2026-05-01T10:00:00.000Z', 12))),
      ...(await insert(Array(6).fill('2026-05-02T10:00:00.000789+00'))),
    ];
    let after: string[] = [];
    const seen = await readAll(
      (cursor) => `/api/notifications?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      customer.headers,
      async () => {
        after = await insert(['2026-05-03T10:00:00.000Z', '2026-05-02T10:00:00.000789+00']);
      },
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(before));
    expect(seen.filter((id) => !before.includes(id)).every((id) => after.includes(id))).toBe(true);
  });

  it('a cursor from another list or a tampered one is refused with INVALID_CURSOR', async () => {
    const customer = await createSignedInUser(t.deps);
    await insertDeliveries(customer.user.id, instants('2026-06-01T10:00:00.000Z', 3));
    const first = await page('/api/deliveries?limit=1', customer.headers);
    const res = await t.app.inject({ method: 'GET', url: `/api/notifications?cursor=${first.nextCursor}`, headers: customer.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CURSOR');
    const tampered = Buffer.from(JSON.stringify(["2026-01-01'; drop table deliveries; --", 1])).toString('base64url');
    const bad = await t.app.inject({ method: 'GET', url: `/api/deliveries?cursor=${tampered}`, headers: customer.headers });
    expect(bad.json().code).toBe('INVALID_CURSOR');
  });
});
