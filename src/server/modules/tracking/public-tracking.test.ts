import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { areaOf, createPublicTrackingService, maskedName } from './public-tracking-service.js';
import { createMemoryRateLimitStore } from '../../lib/rate-limit.js';
import type { DeliveryRow } from '../deliveries/deliveries-service.js';

type Headers = Record<string, string>;

const RECEIVER = {
  receiverName: 'Chinedu Okonkwo Eze',
  receiverPhone: '+2348031234567',
  pickupLocation: '12 Admiralty Way, Lekki Phase 1, Lagos',
  dropoffLocation: '14 Aminu Kano Crescent, Wuse 2, Abuja 900288',
  transportMode: 'van',
};
/** What must never reach the public page or its JSON. */
const PRIVATE = ['8031234567', '803 123', 'Admiralty', 'Aminu Kano', 'Wuse', 'Lekki', 'Okonkwo', 'Eze', '900288', 'Bello', '+234'];

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
let customer: Awaited<ReturnType<typeof createSignedInUser>>;
let driver: Awaited<ReturnType<typeof createSignedInDriver>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
  customer = await createSignedInUser(t.deps);
  driver = await createSignedInDriver(t.deps, { name: 'Musa Bello', transportMode: 'van' });
  await fundWallet(t.deps.db, customer.user.id, 1_000_000_000);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const page = (path: string, headers: Headers = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'GET', url: path, headers, remoteAddress });

async function paidDelivery(overrides: Record<string, unknown> = {}) {
  const booked = await book(t, customer.headers, { ...RECEIVER, receiverLanguage: 'yo', ...overrides });
  const paid = await payWithWallet(t, customer.headers, booked.id);
  expect(paid.statusCode).toBe(200);
  return paid.json().data.delivery as { id: string; trackingId: string };
}

/** The operator's steps; delivered is the operator's completion (the driver's alternative needs the receiver's code). */
async function advance(id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res =
      status === 'delivered'
        ? await post(`/api/dispatch/deliveries/${id}/complete`, operator.headers, { note: 'Receiver confirmed' })
        : await post(`/api/dispatch/deliveries/${id}/status`, operator.headers, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

function expectNothingPrivate(text: string) {
  for (const secret of PRIVATE) expect(text, `leaks "${secret}"`).not.toContain(secret);
}

describe('masking', () => {
  it('areas are the last part of an address, never the street; a name is a first name and an initial', () => {
    expect(areaOf('12 Admiralty Way, Lekki Phase 1, Lagos')).toBe('Lagos');
    expect(areaOf('14 Aminu Kano Crescent, Wuse 2, Abuja 900288')).toBe('Abuja');
    expect(areaOf('12 Allen Avenue Ikeja')).toBeNull();
    expect(areaOf('Plot 5, 100001')).toBeNull();
    expect(maskedName('Chinedu Okonkwo Eze')).toBe('Chinedu E.');
    expect(maskedName('  Adaeze  ')).toBe('Adaeze');
    expect(maskedName('Ọlá ẹniọlá')).toBe('Ọlá Ẹ.');
  });

  it('the JSON and the page show areas, a first name and an initial, the driver first name: no phone, no street', async () => {
    const d = await paidDelivery();
    const assigned = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: driver.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const api = await page(`/api/track/${d.trackingId}`);
    expect(api.statusCode).toBe(200);
    expect(api.json().data).toEqual({
      trackingId: d.trackingId,
      status: 'pending',
      displayStatus: 'pending',
      estimatedDelivery: { from: expect.any(String), to: expect.any(String) },
      language: 'yo',
      receiver: 'Chinedu E.',
      pickupArea: 'Lagos',
      dropoffArea: 'Abuja',
      driver: { firstName: 'Musa' },
      // A prepaid delivery: nothing of pay on delivery.
      cod: null,
      steps: [
        { key: 'pending', state: 'completed', at: expect.any(String) },
        { key: 'driver_assigned', state: 'current', at: expect.any(String) },
        { key: 'picked_up', state: 'pending', at: null },
        { key: 'in_transit', state: 'pending', at: null },
        { key: 'out_for_delivery', state: 'pending', at: null },
        { key: 'delivered', state: 'pending', at: null },
      ],
    });
    expectNothingPrivate(api.body);
    expect(api.body).not.toContain(driver.user.phone!.slice(-7));

    const html = await page(`/track/${d.trackingId}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<dd>Chinedu E.</dd>');
    expect(html.body).toContain('<dd>Lagos</dd>');
    expect(html.body).toContain('<dd>Abuja</dd>');
    expect(html.body).toContain('<dd>Musa</dd>');
    expectNothingPrivate(html.body);
    expect(html.body).not.toContain(driver.user.phone!.slice(-7));
  });
});

describe('the page', () => {
  it('reads without script: plain HTML, headings and landmarks, the strict CSP, nothing from elsewhere', async () => {
    const d = await paidDelivery();
    const res = await page(`/track/${d.trackingId}`);
    expect(res.body).not.toMatch(/<script|<link|<img|@import|url\(|@font-face/i);
    for (const landmark of ['<header>', '<main>', '<footer>', '<nav aria-label=', '<h1>', '<h2 id="timeline">', '<ol>'])
      expect(res.body).toContain(landmark);
    expect(res.body).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('speaks the receiver language, ?lng= overrides it, an unknown lng falls back to the receiver', async () => {
    const d = await paidDelivery({ receiverLanguage: 'yo' });
    const yoruba = await page(`/track/${d.trackingId}`);
    expect(yoruba.body).toContain('<html lang="yo">');
    expect(yoruba.body).toContain('<h1>Tọpinpin ẹrù rẹ</h1>');
    expect(yoruba.body).toContain('A ti forúkọ sílẹ̀, a sì ti sanwó');
    expect(yoruba.body).toContain('<a href="/track/' + d.trackingId + '?lng=yo" lang="yo" hreflang="yo" aria-current="page">Yorùbá</a>');

    const french = await page(`/track/${d.trackingId}?lng=fr`);
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Suivez votre livraison</h1>');
    expect(french.body).toContain('Livraison estimée');

    for (const lng of ['xx', 'EN', '../en-US', '']) {
      const fallback = await page(`/track/${d.trackingId}?lng=${encodeURIComponent(lng)}`);
      expect(fallback.statusCode).toBe(200);
      expect(fallback.body).toContain('<html lang="yo">');
    }
    const twice = await page(`/track/${d.trackingId}?lng=ha&lng=ig`);
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain('<html lang="yo">');

    const hausa = await paidDelivery({ receiverLanguage: 'ha' });
    const res = await page(`/track/${hausa.trackingId}`);
    expect(res.body).toContain('<html lang="ha">');
    expect(res.body).toContain('<h1>Bi diddigin kayanku</h1>');
  });

  it('the tracking id is case and space tolerant, like the signed-in lookup', async () => {
    const d = await paidDelivery();
    const sloppy = ` ${d.trackingId.toLowerCase().replaceAll('-', ' ')} `;
    const res = await page(`/track/${encodeURIComponent(sloppy)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(d.trackingId);
    const api = await page(`/api/track/${encodeURIComponent(d.trackingId.toLowerCase().replaceAll('-', ''))}`);
    expect(api.json().data.trackingId).toBe(d.trackingId);
  });

  it('follows every status: pending, on the road, delivered; and cancelled', async () => {
    const d = await paidDelivery({ receiverLanguage: 'en-US' });
    await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: driver.user.id });
    const expectations: [string | null, string, string, string][] = [
      [null, 'pending', 'Pending', 'Driver assigned'],
      ['picked_up', 'in_transit', 'In transit', 'Picked up'],
      ['in_transit', 'in_transit', 'In transit', 'In transit'],
      ['out_for_delivery', 'in_transit', 'In transit', 'Out for delivery'],
      ['delivered', 'delivered', 'Delivered', 'Delivered'],
    ];
    for (const [move, display, badge, current] of expectations) {
      if (move) await advance(d.id, move);
      const res = await page(`/track/${d.trackingId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<span class="badge ${display}">${badge}</span>`);
      const api = (await page(`/api/track/${d.trackingId}`)).json().data;
      expect(api.displayStatus).toBe(display);
      if (move !== 'delivered') {
        expect(res.body).toContain(`<li class="current" aria-current="step"><strong>${current}</strong>`);
        expect(res.body).toContain('Estimated delivery');
      }
    }
    const delivered = (await page(`/api/track/${d.trackingId}`)).json().data;
    expect(delivered.steps.every((s: { state: string; at: string | null }) => s.state === 'completed' && s.at)).toBe(true);
    expect(delivered.estimatedDelivery).toEqual({ from: delivered.steps.at(-1).at, to: delivered.steps.at(-1).at });

    const cancelled = await paidDelivery({ receiverLanguage: 'de' });
    expect((await post(`/api/deliveries/${cancelled.id}/cancel`, customer.headers)).statusCode).toBe(200);
    const res = await page(`/track/${cancelled.trackingId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<span class="badge cancelled">Storniert</span>');
    expect(res.body).not.toContain('Voraussichtliche Zustellung');
    const api = (await page(`/api/track/${cancelled.trackingId}`)).json().data;
    expect(api.estimatedDelivery).toBeNull();
    expect(api.steps.map((s: { key: string }) => s.key)).toEqual(['pending', 'cancelled']);
  });

  it('fits in 30 KB with compression, and without', async () => {
    const d = await paidDelivery();
    await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: driver.user.id });
    for (const encoding of ['br', 'gzip']) {
      const res = await page(`/track/${d.trackingId}`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(30 * 1024);
      expect(res.rawPayload.length).toBeLessThan(3 * 1024);
    }
    const identity = await page(`/track/${d.trackingId}`);
    expect(identity.rawPayload.length).toBeLessThan(30 * 1024);
  });
});

describe('unknown ids', () => {
  it('a translated not-found page with status 404, in ?lng= or the browser language', async () => {
    const unknown = await page('/track/LF-2222-2222', { 'accept-language': 'ha-NG,ha;q=0.9,en;q=0.8' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<html lang="ha">');
    expect(unknown.body).toContain('<h1>Ba a sami lambar bin diddigi ba</h1>');

    const igbo = await page('/track/not-a-tracking-id?lng=ig');
    expect(igbo.statusCode).toBe(404);
    expect(igbo.body).toContain('<h1>Ahụghị nọmba nsochi a</h1>');

    const english = await page('/track/LF-2222-2222');
    expect(english.body).toContain('<html lang="en-US">');
    expect(english.body).toContain('<h1>Tracking number not found</h1>');

    const api = await page('/api/track/LF-2222-2222');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('TRACKING_NOT_FOUND');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PUBLIC_TRACKING_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('counts every lookup per IP, page and API together; past the limit a translated 429 page', async () => {
    const get = (url: string, remoteAddress: string, headers: Headers = {}) =>
      limited.app.inject({ method: 'GET', url, remoteAddress, headers });
    await awaitRoomInWindow();
    expect((await get('/track/LF-2222-2222', '10.9.9.9')).statusCode).toBe(404);
    expect((await get('/api/track/LF-2222-2223', '10.9.9.9')).statusCode).toBe(404);
    expect((await get('/track/LF-2222-2224', '10.9.9.9')).statusCode).toBe(404);

    const refused = await get('/track/LF-2222-2225?lng=fr', '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('<html lang="fr">');
    expect(refused.body).toContain('<h1>Trop de recherches</h1>');
    const api = await get('/api/track/LF-2222-2225', '10.9.9.9');
    expect(api.statusCode).toBe(429);
    expect(api.json().code).toBe('RATE_LIMITED');

    // Another client is not affected.
    expect((await get('/track/LF-2222-2225', '10.9.9.10')).statusCode).toBe(404);
  });
});

describe('the in-memory views', () => {
  const row = {
    trackingId: 'LF-2222-2222',
    status: 'pending',
    receiverLanguage: 'ig',
    receiverName: 'Ada Obi',
    pickupLocation: 'Yaba, Lagos',
    dropoffLocation: 'Ikeja, Lagos',
    driverName: null,
    paidAt: new Date('2026-11-22T10:00:00Z'),
    createdAt: new Date('2026-11-22T09:00:00Z'),
    transportMode: 'car',
    deliveryType: 'standard',
    deliveryDate: '2026-11-22',
    deliveryTime: 'morning',
    distanceMeters: 9_100,
    interstate: false,
  } as unknown as DeliveryRow;

  it('answers repeat lookups from memory until the delivery changes', async () => {
    const fake = { calls: { count: 0 } };
    const service = createPublicTrackingService({
      deliveries: {
        async findByTrackingIdForPublic() {
          fake.calls.count += 1;
          return { delivery: row, events: [] };
        },
      },
      rateLimitStore: createMemoryRateLimitStore(),
      lookupsPerMinute: 100,
    });
    const first = await service.track('lf 2222 2222', '10.1.1.1');
    expect(await service.track('LF-2222-2222', '10.1.1.1')).toBe(first);
    expect(fake.calls.count).toBe(1);
    service.invalidate('LF-2222-2222');
    const after = await service.track('LF-2222-2222', '10.1.1.1');
    expect(after).not.toBe(first);
    expect(after).toEqual(first);
    expect(fake.calls.count).toBe(2);
  });

  it('never keeps a view read while a write committed', async () => {
    let finishRead: (() => void) | undefined;
    let calls = 0;
    const service = createPublicTrackingService({
      deliveries: {
        async findByTrackingIdForPublic() {
          calls += 1;
          if (calls === 1) await new Promise<void>((resolve) => (finishRead = resolve));
          return { delivery: row, events: [] };
        },
      },
      rateLimitStore: createMemoryRateLimitStore(),
      lookupsPerMinute: 100,
    });
    const racing = service.track('LF-2222-2222', '10.1.1.1');
    await new Promise((resolve) => setImmediate(resolve));
    service.invalidate('LF-2222-2222');
    finishRead!();
    await racing;
    await service.track('LF-2222-2222', '10.1.1.1');
    expect(calls).toBe(2);
  });

  it('serves nothing older than its age limit', async () => {
    let now = 0;
    let calls = 0;
    const service = createPublicTrackingService({
      deliveries: {
        async findByTrackingIdForPublic() {
          calls += 1;
          return { delivery: row, events: [] };
        },
      },
      rateLimitStore: createMemoryRateLimitStore(),
      lookupsPerMinute: 100,
      maxAgeMs: 1_000,
      now: () => now,
    });
    await service.track('LF-2222-2222', '10.1.1.1');
    now = 999;
    await service.track('LF-2222-2222', '10.1.1.1');
    now = 1_001;
    await service.track('LF-2222-2222', '10.1.1.1');
    expect(calls).toBe(2);
  });
});
