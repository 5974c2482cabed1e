import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { outboxMessages } from '../../db/schema/index.js';

/**
 * Decision 085: what the owner's tracking, the public page and the receiver's messages say after a failed attempt
 * and on a return: the real history, the failure and (for the owner only) why, no promised arrival, and a return's
 * steps in place of "Delivered".
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ HANDOVER_RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_TRACKING_RATE_LIMIT_PER_MINUTE: '1000' });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
type Step = { key: string; state: string; at: string | null };
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const e164 = (phone: string) => `+234${phone.replace(/^\+?234|^0/, '')}`;

async function messagesTo(recipient: string) {
  return t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
}

/** A paid delivery out for delivery, whose receiver reads French; then the driver could not hand it over. */
async function failedAttempt() {
  const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
  const booked = await book(t, shipper.headers, { receiverPhone: uniquePhone(), receiverLanguage: 'fr' });
  const paid = await payWithWallet(t, shipper.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  const d = paid.json().data.delivery as { id: string; trackingId: string; receiverPhone: string };
  const driver = await assignNewDriver(t, operator.headers, d.id);
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
    const res = await post(`/api/driver/jobs/${d.id}/status`, driver.headers, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  const failed = await post(`/api/driver/jobs/${d.id}/failed-attempt`, driver.headers, { reason: 'receiver_unavailable', note: 'Gate locked, called twice' });
  expect(failed.statusCode, failed.body).toBe(200);
  return { d, shipper, driver };
}

const ownTracking = async (shipper: Signed, trackingId: string) => {
  const res = await get(`/api/tracking/${trackingId}`, shipper.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; estimatedDelivery: unknown; steps: Step[]; failedAttempt: unknown };
};
const publicTracking = async (trackingId: string) => {
  const res = await get(`/api/track/${trackingId}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json().data as { status: string; estimatedDelivery: unknown; steps: Step[] } };
};
const shape = (steps: Step[]) => steps.map(({ key, state, at }) => [key, state, at === null ? null : 'at']);

describe('tracking after a failed attempt', () => {
  it('the owner sees the road so far with its times, the failure with the driver\'s reason and note, and no estimate', async () => {
    const { d, shipper } = await failedAttempt();
    const tracked = await ownTracking(shipper, d.trackingId);
    expect(shape(tracked.steps)).toEqual([
      ['picked_up', 'completed', 'at'],
      ['in_transit', 'completed', 'at'],
      ['out_for_delivery', 'completed', 'at'],
      ['failed_attempt', 'current', 'at'],
      ['delivered', 'pending', null],
    ]);
    expect(tracked.failedAttempt).toMatchObject({ reason: 'receiver_unavailable', note: 'Gate locked, called twice' });
    expect(tracked.estimatedDelivery).toBeNull();
    const listed = (await get('/api/deliveries?limit=5', shipper.headers)).json().data.items as { id: string; estimatedDelivery: unknown }[];
    expect(listed.find((item) => item.id === d.id)?.estimatedDelivery).toBeNull();
  });

  it('the public page says the attempt failed, with no estimate and nothing of why', async () => {
    const { d } = await failedAttempt();
    const { body, data } = await publicTracking(d.trackingId);
    expect(data.estimatedDelivery).toBeNull();
    expect(shape(data.steps).slice(-3)).toEqual([
      ['out_for_delivery', 'completed', 'at'],
      ['failed_attempt', 'current', 'at'],
      ['delivered', 'pending', null],
    ]);
    expect(body).not.toMatch(/Gate locked|receiver_unavailable|failed:/);
    const page = await get(`/track/${d.trackingId}?lng=en-US`);
    expect(page.body).toContain('<span class="badge failed_attempt">Delivery attempt failed</span>');
    expect(page.body).toContain('The sender decides whether it is tried again or returned.');
    expect(page.body).not.toMatch(/Estimated delivery|Gate locked|Receiver not available|In transit<\/span>/);
  });

  it('after a re-attempt, the failure stays in the history, before the latest "Out for delivery"', async () => {
    const { d, shipper } = await failedAttempt();
    expect((await post(`/api/deliveries/${d.id}/after-failure`, shipper.headers, { decision: 'reattempt' })).statusCode).toBe(200);
    const tracked = await ownTracking(shipper, d.trackingId);
    expect(shape(tracked.steps)).toEqual([
      ['picked_up', 'completed', 'at'],
      ['in_transit', 'completed', 'at'],
      ['failed_attempt', 'completed', 'at'],
      ['out_for_delivery', 'current', 'at'],
      ['delivered', 'pending', null],
    ]);
    expect(tracked.estimatedDelivery).not.toBeNull();
  });
});

describe('tracking a return', () => {
  it('ends with the return, never "Delivered", for the owner and on the public page; the receiver is told once, in their language', async () => {
    const { d, shipper, driver } = await failedAttempt();
    const receiver = e164(d.receiverPhone);
    expect((await post(`/api/deliveries/${d.id}/after-failure`, shipper.headers, { decision: 'return' })).statusCode).toBe(200);

    const returning = await ownTracking(shipper, d.trackingId);
    expect(shape(returning.steps)).toEqual([
      ['picked_up', 'completed', 'at'],
      ['in_transit', 'completed', 'at'],
      ['out_for_delivery', 'completed', 'at'],
      ['failed_attempt', 'completed', 'at'],
      ['returning', 'current', 'at'],
      ['returned', 'pending', null],
    ]);
    expect(returning.estimatedDelivery).toBeNull();
    const told = (await messagesTo(receiver)).filter((m) => /retourne à l'expéditeur/.test(m.body));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`/track/${d.trackingId}`);

    const shipperCode = /(?<![\w-])(\d{4})(?![\w-])/.exec((await messagesTo(shipper.user.phone!)).find((m) => m.holdsSecret)?.body ?? '')?.[1];
    const handed = await post(`/api/driver/jobs/${d.id}/deliver`, driver.headers, { code: shipperCode });
    expect(handed.statusCode, handed.body).toBe(200);

    const returned = await ownTracking(shipper, d.trackingId);
    expect(shape(returned.steps).slice(-2)).toEqual([
      ['returning', 'completed', 'at'],
      ['returned', 'completed', 'at'],
    ]);
    expect(returned.steps.map((step) => step.key)).not.toContain('delivered');
    const { data } = await publicTracking(d.trackingId);
    expect(data.steps.map((step) => step.key).slice(-3)).toEqual(['failed_attempt', 'returning', 'returned']);
    expect(data.steps.at(-1)).toMatchObject({ state: 'completed' });
    const page = await get(`/track/${d.trackingId}?lng=en-US`);
    expect(page.body).not.toMatch(/<strong>Delivered<\/strong>/);
    expect(page.body).toContain('<strong>Returned</strong>');
    // The hand-back is the sender's business: the receiver hears of the return once.
    expect((await messagesTo(receiver)).filter((m) => /retourne à l'expéditeur/.test(m.body))).toHaveLength(1);
  });
});
