import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { fundSandbox, merchantApiClient } from '../../test/merchant-api-helpers.js';
import { deliveries, deliveryTotals } from '../../db/schema/index.js';
import { createDeliveriesRepository } from './deliveries-repository.js';

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
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const summaryOf = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers })).json().data;

async function step(id: string, status: string) {
  const res = await post(`/api/dispatch/deliveries/${id}/status`, operator.headers, { status });
  expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
}

describe('the dashboard totals kept with every change', () => {
  it('follow bookings, wallet and card payments, the road, hand-overs and cancellations, and agree with a recount', async () => {
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 10_000_000);
    const booked = [];
    for (let i = 0; i < 5; i++) booked.push(await book(t, customer.headers));
    const [onRoad, handedOver, cancelled, byCard, unpaid] = booked as { id: string; price: { total: number } }[];
    expect(await summaryOf(customer.headers)).toMatchObject({ activeDeliveries: 0, totalDelivered: 0, totalSpent: 0 });

    for (const d of [onRoad!, handedOver!, cancelled!]) {
      const paid = await payWithWallet(t, customer.headers, d.id);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const init = await post('/api/payments/initiate', customer.headers, { deliveryId: byCard!.id, method: 'card' });
    const redirect = await decideSandboxCheckout(t, customer.headers, init.json().data.checkoutUrl, 'approve');
    const verify = new URL(redirect.headers.location as string, 'http://app.test').searchParams;
    const verified = await post(`/api/payments/verify?${verify}`, customer.headers);
    expect(verified.statusCode, verified.body).toBe(200);
    const paidTotal = [onRoad!, handedOver!, cancelled!, byCard!].reduce((sum, d) => sum + d.price.total, 0);
    // Paid and waiting for a driver is active (decision 082); the unpaid booking is not.
    expect(await summaryOf(customer.headers)).toMatchObject({ activeDeliveries: 4, totalDelivered: 0, totalSpent: paidTotal });

    for (const d of [onRoad!, handedOver!]) {
      await assignNewDriver(t, operator.headers, d.id);
      await step(d.id, 'picked_up');
    }
    expect(await summaryOf(customer.headers)).toMatchObject({ activeDeliveries: 4, totalDelivered: 0 });
    await step(handedOver!.id, 'in_transit');
    await step(handedOver!.id, 'out_for_delivery');
    const completed = await completeAsOperator(t, operator.headers, handedOver!.id);
    expect(completed.statusCode, completed.body).toBe(200);
    const cancel = await post(`/api/deliveries/${cancelled!.id}/cancel`, customer.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect(await summaryOf(customer.headers)).toMatchObject({
      activeDeliveries: 2,
      totalDelivered: 1,
      totalSpent: paidTotal - cancelled!.price.total,
    });
    expect(unpaid).toBeDefined();
    expect(await createDeliveriesRepository(t.deps.db).totalsDifferingFromRecount()).toEqual([]);
  });

  it('the summary reads the kept totals, and a total that drifted from its deliveries is reported by the recount', async () => {
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 1_000_000);
    const d = await book(t, customer.headers);
    expect((await payWithWallet(t, customer.headers, d.id)).statusCode).toBe(200);
    await t.deps.db.update(deliveryTotals).set({ delivered: 7 }).where(eq(deliveryTotals.userId, customer.user.id));
    // The summary reads the kept totals, never a count of the customer's history.
    expect((await summaryOf(customer.headers)).totalDelivered).toBe(7);
    const differences = await createDeliveriesRepository(t.deps.db).totalsDifferingFromRecount();
    expect(differences).toEqual([
      {
        userId: customer.user.id,
        kept: { active: 1, delivered: 7, spent: d.price.total, codCollected: 0, codAwaiting: 0 },
        counted: { active: 1, delivered: 0, spent: d.price.total, codCollected: 0, codAwaiting: 0 },
      },
    ]);
    await t.deps.db.update(deliveryTotals).set({ delivered: 0 }).where(eq(deliveryTotals.userId, customer.user.id));
  });

  it('a test-mode delivery (merchant API test key) counts in no total nor in the wallet\'s spending; a live one does, and the recount agrees', async () => {
    const { createKey, v1, bookVia, advance } = merchantApiClient(() => t);
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    await fundSandbox(t.deps.db, merchant.user.id, 5_000_000);
    const { key: testKey } = await createKey(merchant, 'test');
    await advance(testKey, (await bookVia(testKey)).id, 'picked_up');
    await advance(testKey, (await bookVia(testKey)).id, 'picked_up', 'in_transit', 'out_for_delivery', 'delivered');
    const cancelled = await bookVia(testKey);
    expect((await v1('POST', `/deliveries/${cancelled.id}/cancel`, testKey)).statusCode).toBe(200);
    await bookVia(testKey);

    const totals = async () => {
      const summary = await summaryOf(merchant.headers);
      const wallet = (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: merchant.headers })).json().data;
      return {
        activeDeliveries: summary.activeDeliveries,
        totalDelivered: summary.totalDelivered,
        totalSpent: summary.totalSpent,
        thisMonthSpentKobo: wallet.thisMonthSpentKobo,
        monthlyAverageSpentKobo: wallet.monthlyAverageSpentKobo,
      };
    };
    expect(await totals()).toEqual({ activeDeliveries: 0, totalDelivered: 0, totalSpent: 0, thisMonthSpentKobo: 0, monthlyAverageSpentKobo: 0 });

    const live = await bookVia((await createKey(merchant, 'live')).key);
    const spent = live.price.total;
    expect(await totals()).toEqual({ activeDeliveries: 1, totalDelivered: 0, totalSpent: spent, thisMonthSpentKobo: spent, monthlyAverageSpentKobo: spent });
    expect(await createDeliveriesRepository(t.deps.db).totalsDifferingFromRecount()).toEqual([]);
  });

  it('a change in an open transaction counts only once it commits, and not at all if it rolls back', async () => {
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 1_000_000);
    const d = await book(t, customer.headers);
    expect((await payWithWallet(t, customer.headers, d.id)).statusCode).toBe(200);
    const before = await summaryOf(customer.headers);
    await t.deps.db
      .transaction(async (tx) => {
        await tx.update(deliveries).set({ status: 'delivered' }).where(eq(deliveries.userId, customer.user.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await summaryOf(customer.headers)).toEqual(before);
  });
});
