import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, bookingBody, payWithWallet } from '../../test/delivery-test-helpers.js';
import { deliveries } from '../../db/schema/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { DELIVERY_TIMES, type DeliveryTime } from '../../../shared/schemas/deliveries.js';
import { dueAtOf } from '../../../shared/eta.js';
import { lagosDate } from './delivery-view.js';

/** The board's Unassigned tab in the order deliveries are due (decision 088): its pages, range, search and export. */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
let customer: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
  customer = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, customer.user.id, 50_000_000);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = operator.headers) => t.app.inject({ method: 'GET', url, headers });
type Card = { id: string; dueAt: string; paidAt: string };
const cards = (body: string) => JSON.parse(body).data.items as Card[];

/** The Lagos day `days` from today. */
const day = (days: number) => lagosDate(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
/** A slot's start in Lagos (UTC+1) as an ISO instant. */
const slotStart = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 1) * 60 * 60 * 1000).toISOString();

async function bookAndPay(receiverName: string, deliveryDate: string, deliveryTime: DeliveryTime, deliveryType = 'standard') {
  const booked = await book(t, customer.headers, { receiverName, deliveryDate, deliveryTime, deliveryType });
  const paid = await payWithWallet(t, customer.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  return booked.id;
}

/** Every card of the Unassigned tab, a page of `limit` at a time by its cursor. */
async function walkUnassigned(query = '', limit = 2): Promise<Card[]> {
  const all: Card[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/api/dispatch/deliveries?status=unassigned&limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...cards(res.body));
    cursor = res.json().data.nextCursor as string | null;
  } while (cursor);
  return all;
}

const setRow = (publicId: string, values: Partial<typeof deliveries.$inferInsert>) =>
  t.deps.db.update(deliveries).set(values).where(eq(deliveries.number, parseDeliveryId(publicId)!));

describe('the Unassigned tab, in the order deliveries are due', () => {
  it('lists the first due first, not the first paid, and pages by its cursor in that order', async () => {
    // Paid in this order, due in another.
    const late = await bookAndPay('Due Order Late', day(3), 'morning');
    const tomorrowEvening = await bookAndPay('Due Order Evening', day(1), 'evening');
    const tomorrowMorning = await bookAndPay('Due Order Morning', day(1), 'morning');
    const dayAfterNoon = await bookAndPay('Due Order Afternoon', day(2), 'afternoon');
    const expected = [tomorrowMorning, tomorrowEvening, dayAfterNoon, late];

    const walked = (await walkUnassigned()).filter((card) => expected.includes(card.id));
    expect(walked.map((card) => card.id)).toEqual(expected);
    // Each says when it is due: its slot's start in Lagos, paid before it.
    expect(walked.map((card) => card.dueAt)).toEqual([slotStart(day(1), 8), slotStart(day(1), 18), slotStart(day(2), 12), slotStart(day(3), 8)]);
    // The whole tab is in that order, each row once.
    const tab = await walkUnassigned('', 3);
    expect(new Set(tab.map((card) => card.id)).size).toBe(tab.length);
    const keys = tab.map((card) => card.dueAt);
    expect([...keys].sort()).toEqual(keys);
  });

  it('a delivery paid once its slot had begun (Express for the slot under way) is due from its payment', async () => {
    const express = await bookAndPay('Due Express Now', day(4), 'morning', 'express');
    const afternoon = await bookAndPay('Due Afternoon Later', day(4), 'afternoon');
    const mine = (list: Card[]) => list.filter((card) => [express, afternoon].includes(card.id));

    // Paid at 09:30 in Lagos, within its morning slot: due then, before the afternoon one.
    const paidInSlot = new Date(slotStart(day(4), 9.5));
    await setRow(express, { paidAt: paidInSlot });
    let listed = mine(await walkUnassigned());
    expect(listed.map((card) => card.id)).toEqual([express, afternoon]);
    expect(listed[0]!.dueAt).toBe(paidInSlot.toISOString());
    // Paid at 13:00, after the afternoon slot began: due after the afternoon delivery.
    await setRow(express, { paidAt: new Date(slotStart(day(4), 13)) });
    listed = mine(await walkUnassigned());
    expect(listed.map((card) => card.id)).toEqual([afternoon, express]);
  });

  it('a rescheduled booking takes its new slot’s place', async () => {
    const first = await book(t, customer.headers, { receiverName: 'Due Rescheduled', deliveryDate: day(6), deliveryTime: 'evening' });
    const second = await bookAndPay('Due Unmoved', day(6), 'morning');
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${first.id}`,
      headers: customer.headers,
      payload: bookingBody({ receiverName: 'Due Rescheduled', deliveryDate: day(5), deliveryTime: 'afternoon' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await payWithWallet(t, customer.headers, first.id)).statusCode).toBe(200);
    const listed = (await walkUnassigned()).filter((card) => [first.id, second].includes(card.id));
    expect(listed.map((card) => [card.id, card.dueAt])).toEqual([
      [first.id, slotStart(day(5), 12)],
      [second, slotStart(day(6), 8)],
    ]);
  });

  it('its date range is on the day each is due, and so are its name search and its export', async () => {
    const onDay7 = [await bookAndPay('Ranged Due Kelechi', day(7), 'evening'), await bookAndPay('Ranged Due Kelechi', day(7), 'morning')];
    const onDay8 = await bookAndPay('Ranged Due Kelechi', day(8), 'morning');
    const expected = [onDay7[1]!, onDay7[0]!];

    const ranged = await walkUnassigned(`&from=${day(7)}&to=${day(7)}`, 1);
    expect(ranged.map((card) => card.id)).toEqual(expected);
    // Paid today, but due later: not in today's range.
    const today = (await walkUnassigned(`&from=${day(0)}&to=${day(0)}`)).map((card) => card.id);
    expect(today.filter((id) => [...onDay7, onDay8].includes(id))).toEqual([]);

    const search = await get(`/api/dispatch/deliveries/search?q=kelechi&status=unassigned&from=${day(7)}&to=${day(8)}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(cards(search.body).map((card) => card.id)).toEqual([...expected, onDay8]);
    expect(cards((await get(`/api/dispatch/deliveries/search?q=kelechi&status=unassigned&from=${day(8)}`)).body).map((card) => card.id)).toEqual([onDay8]);

    const csv = await get(`/api/dispatch/deliveries/export.csv?status=unassigned&from=${day(7)}&to=${day(8)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^"Delivery ID","Tracking ID","Due","Paid",/);
    expect(rows.slice(1).map((row) => /^"(LF\d+)"/.exec(row)![1])).toEqual([...expected, onDay8]);
    expect(rows[1]).toContain(`"${day(7)} 08:00"`);
  });
});

describe('when a delivery is due, as the database keeps it', () => {
  it('is the rule of the estimate (dueAtOf): the slot’s start in Lagos, or the payment if it came later', async () => {
    const booked = await book(t, customer.headers, { receiverName: 'Due Rule' });
    const date = day(2);
    for (const slot of DELIVERY_TIMES) {
      for (const paidAt of [null, new Date(slotStart(date, 0)), new Date(slotStart(date, 20))]) {
        await setRow(booked.id, { deliveryDate: date, deliveryTime: slot, paidAt });
        const [row] = await t.deps.db.select({ dueAt: deliveries.dueAt }).from(deliveries).where(eq(deliveries.number, parseDeliveryId(booked.id)!));
        const expected = dueAtOf({ deliveryDate: date, deliveryTime: slot, startAt: paidAt ?? new Date(0) });
        expect(row!.dueAt.toISOString(), `${slot}, paid ${paidAt?.toISOString() ?? 'not yet'}`).toBe(expected.toISOString());
      }
    }
  });
});
