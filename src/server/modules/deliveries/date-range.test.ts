import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { deliveries } from '../../db/schema/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import {
  DATE_RANGE_YEARS_AHEAD,
  dateRangeBounds,
  dateRangeInstants,
  lagosDayOf,
  lagosDayStart,
  lagosNextDayStart,
} from '../../../shared/schemas/date-range.js';
import { BOARD_DATE_OF, DISPATCH_BOARD_FILTERS } from '../../../shared/schemas/dispatch.js';
import { boardScope } from './deliveries-repository.js';
import { BOARD_EXPORT_PAGE_SIZE } from './board-export.js';

/** Date ranges on My Deliveries and the dispatch board, the board's name search and its CSV export (decision 057). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const ids = (body: string) => (JSON.parse(body).data.items as { id: string }[]).map((item) => item.id);
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

/** Sets the given dates (ISO instants) on deliveries, as if they had happened then. */
async function stamp(publicIds: readonly string[], values: Partial<Record<'createdAt' | 'paidAt' | 'updatedAt', string>>) {
  await t.deps.db
    .update(deliveries)
    .set(Object.fromEntries(Object.entries(values).map(([key, at]) => [key, new Date(at!)])))
    .where(inArray(deliveries.number, publicIds.map((id) => parseDeliveryId(id)!)));
}

describe('a date range', () => {
  it('is whole Lagos days, from included, to included (the next day excluded), either end open', () => {
    expect(lagosDayStart('2026-03-01')).toBe('2026-02-28T23:00:00.000Z');
    expect(lagosNextDayStart('2026-03-31')).toBe('2026-03-31T23:00:00.000Z');
    expect(dateRangeInstants({})).toBeNull();
    expect(dateRangeInstants({ from: '2026-03-01' })).toEqual({ fromAt: '2026-02-28T23:00:00.000Z', toAt: 'infinity' });
    expect(dateRangeInstants({ to: '2026-03-01' })).toEqual({ fromAt: '-infinity', toAt: '2026-03-01T23:00:00.000Z' });
  });

  it('is on the date each board tab is sorted by, so its own index serves it', () => {
    for (const tab of DISPATCH_BOARD_FILTERS) {
      expect(boardScope(tab, null, null).dateColumn, tab).toBe({ due: 'due_at', paid: 'paid_at', changed: 'updated_at' }[BOARD_DATE_OF[tab]]);
    }
  });

  it('is refused when it ends before it starts, is not a date, or is out of any sensible year', async () => {
    const user = await createSignedInUser(t.deps);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    for (const [url, headers] of [
      ['/api/deliveries?from=2026-03-02&to=2026-03-01', user.headers],
      ['/api/deliveries?from=2026-02-30', user.headers],
      ['/api/deliveries?to=1999-12-31', user.headers],
      ['/api/deliveries/search?q=Ada&from=2026-03-02&to=2026-03-01', user.headers],
      ['/api/deliveries/export.csv?from=tomorrow', user.headers],
      ['/api/dispatch/deliveries?status=all&from=2026-03-02&to=2026-03-01', operator.headers],
      ['/api/dispatch/deliveries/search?q=Ada&to=3000-01-01', operator.headers],
      ['/api/dispatch/deliveries/export.csv?from=2026-13-01', operator.headers],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const order = await get('/api/deliveries?from=2026-03-02&to=2026-03-01', user.headers);
    expect(JSON.stringify(order.json())).toContain('validation.dateRange.order');
  });

  it('names the field and the days it may hold when a day is out of bounds, on My Deliveries and the board alike', async () => {
    const user = await createSignedInUser(t.deps);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    const { earliest, latest } = dateRangeBounds();
    expect(earliest).toBe('2020-01-01');
    expect(latest).toBe(`${Number(lagosDayOf(new Date()).slice(0, 4)) + DATE_RANGE_YEARS_AHEAD}-12-31`);
    for (const [url, headers] of [
      ['/api/deliveries?from=1900-01-01&to=9999-12-31', user.headers],
      ['/api/deliveries/search?q=Ada&from=1900-01-01&to=9999-12-31', user.headers],
      ['/api/dispatch/deliveries?status=all&from=1900-01-01&to=9999-12-31', operator.headers],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.detailKeys).toEqual({ from: ['validation.dateRange.day'], to: ['validation.dateRange.day'] });
      expect(body.detailParams.to).toEqual({ earliest, latest });
      expect(body.details.to).toEqual([`Choose a date between ${earliest} and ${latest}`]);
    }
    // The bounds themselves are days one may ask for.
    expect((await get(`/api/deliveries?from=${earliest}&to=${latest}`, user.headers)).statusCode).toBe(200);
    expect((await get(`/api/dispatch/deliveries?status=all&from=${earliest}&to=${latest}`, operator.headers)).statusCode).toBe(200);
    expect((await get('/api/deliveries?from=2019-12-31', user.headers)).json().detailKeys).toEqual({ from: ['validation.dateRange.day'] });
  });
});

describe('My Deliveries within a date range', () => {
  it('lists, pages, filters, searches and exports only what was booked in it (Lagos days)', async () => {
    const owner = await createSignedInUser(t.deps);
    const early = await book(t, owner.headers, { receiverName: 'Ada Early' });
    const firstDay = await book(t, owner.headers, { receiverName: 'Ada First' });
    const secondDay = await book(t, owner.headers, { receiverName: 'Ada Second' });
    const late = await book(t, owner.headers, { receiverName: 'Ada Late' });
    await stamp([early.id], { createdAt: '2026-02-28T22:59:59Z' }); // 23:59:59 on 28 February in Lagos
    await stamp([firstDay.id], { createdAt: '2026-02-28T23:00:00Z' }); // midnight, 1 March in Lagos
    await stamp([secondDay.id], { createdAt: '2026-03-02T22:59:00Z' }); // 23:59, 2 March in Lagos
    await stamp([late.id], { createdAt: '2026-03-02T23:00:00Z' }); // 3 March in Lagos

    const range = 'from=2026-03-01&to=2026-03-02';
    const page = await get(`/api/deliveries?${range}`, owner.headers);
    expect(page.statusCode, page.body).toBe(200);
    expect(ids(page.body)).toEqual([secondDay.id, firstDay.id]);
    // Paged by keyset within the range: one row, then the next, then nothing.
    const first = await get(`/api/deliveries?${range}&limit=1`, owner.headers);
    expect(ids(first.body)).toEqual([secondDay.id]);
    const cursor = first.json().data.nextCursor as string;
    const second = await get(`/api/deliveries?${range}&limit=1&cursor=${cursor}`, owner.headers);
    expect(ids(second.body)).toEqual([firstDay.id]);
    expect(second.json().data.nextCursor).toBeNull();
    // Open ends, and the status group with it.
    expect(ids((await get('/api/deliveries?from=2026-03-02', owner.headers)).body)).toEqual([late.id, secondDay.id]);
    expect(ids((await get('/api/deliveries?to=2026-02-28', owner.headers)).body)).toEqual([early.id]);
    expect(ids((await get(`/api/deliveries?${range}&status=pending`, owner.headers)).body)).toEqual([secondDay.id, firstDay.id]);
    expect(ids((await get(`/api/deliveries?${range}&status=delivered`, owner.headers)).body)).toEqual([]);

    // A name search looks within the range; an id is found whatever the dates.
    expect(ids((await get(`/api/deliveries/search?q=Ada&${range}`, owner.headers)).body)).toEqual([secondDay.id, firstDay.id]);
    expect(ids((await get(`/api/deliveries/search?q=${late.id}&${range}`, owner.headers)).body)).toEqual([late.id]);

    // The export follows the same filters.
    const csv = await get(`/api/deliveries/export.csv?${range}`, owner.headers);
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`"${secondDay.id}"`);
    expect(rows[2]).toContain(`"${firstDay.id}"`);
  });
});

describe('the dispatch board within a date range', () => {
  it('narrows each tab on its own date, finds receivers by name or phone in it, and exports it formula-safe', async () => {
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'], language: 'fr' });
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 50_000_000);
    const hostile = ['=HYPERLINK("http://evil.example")', '+SUM(A1)', '-2+3', '@cmd'];
    const inRange = [];
    for (const [i, name] of hostile.entries()) {
      const booked = await book(t, customer.headers, { receiverName: `${name} Zubairu`, receiverPhone: `+23480612300${i}0`, pickupLocation: '=1+1, Lagos' });
      expect((await payWithWallet(t, customer.headers, booked.id)).statusCode).toBe(200);
      inRange.push(booked.id);
    }
    const outside = await book(t, customer.headers, { receiverName: 'Zubairu Outside' });
    expect((await payWithWallet(t, customer.headers, outside.id)).statusCode).toBe(200);
    // Paid on 10 March (Lagos), oldest first on the unassigned tab; the other one on 12 March.
    for (const [i, id] of inRange.entries()) await stamp([id], { paidAt: `2030-03-10T0${i}:00:00Z` });
    await stamp([outside.id], { paidAt: '2030-03-12T10:00:00Z' });

    const range = 'from=2030-03-10&to=2030-03-10';
    const tab = await get(`/api/dispatch/deliveries?status=unassigned&${range}`, operator.headers);
    expect(tab.statusCode, tab.body).toBe(200);
    expect(ids(tab.body)).toEqual(inRange);
    const next = await get(`/api/dispatch/deliveries?status=unassigned&${range}&limit=2`, operator.headers);
    expect(ids(next.body)).toEqual(inRange.slice(0, 2));
    const after = await get(`/api/dispatch/deliveries?status=unassigned&${range}&limit=2&cursor=${next.json().data.nextCursor}`, operator.headers);
    expect(ids(after.body)).toEqual(inRange.slice(2));
    expect(ids((await get('/api/dispatch/deliveries?status=unassigned&from=2030-03-11', operator.headers)).body)).toEqual([outside.id]);

    // The name search stays in the tab and the range; a phone too; an id anywhere.
    const search = (q: string, extra = '') => get(`/api/dispatch/deliveries/search?q=${encodeURIComponent(q)}${extra}`, operator.headers);
    expect(ids((await search('zubairu', `&status=unassigned&${range}`)).body)).toEqual(inRange);
    expect(ids((await search('zubairu', '&status=unassigned&from=2030-03-11')).body)).toEqual([outside.id]);
    expect(ids((await search('zubairu', `&status=delivered&${range}`)).body)).toEqual([]);
    expect(ids((await search('0806 123 0010', `&status=unassigned&${range}`)).body)).toEqual([inRange[1]]);
    const byId = (await search(outside.id, `&status=delivered&${range}`)).json().data.items as { id: string; history: unknown[] }[];
    expect(byId.map((item) => item.id)).toEqual([outside.id]);
    expect(byId[0]!.history.length).toBeGreaterThan(0);

    // The export: the tab and range, in the tab's order, in the operator's language, every hostile cell neutralised.
    const csv = await get(`/api/dispatch/deliveries/export.csv?status=unassigned&${range}`, operator.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="lanefreight-board-unassigned-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toBe('"Référence","Numéro de suivi","Prévue pour","Payé","Dernière modification","Statut","Enlèvement","Livraison","Destinataire","Téléphone du destinataire","Transport","Chauffeur","Total"');
    expect(rows.slice(1).map((row) => /^"(LF\d+)"/.exec(row)![1])).toEqual(inRange);
    expect(rows[1]).toContain('"2030-03-10 01:00"');
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"") Zubairu"`);
    expect(rows[2]).toContain(`"'+SUM(A1) Zubairu"`);
    expect(rows[3]).toContain(`"'-2+3 Zubairu"`);
    expect(rows[4]).toContain(`"'@cmd Zubairu"`);
    expect(rows[1]).toContain(`"'=1+1, Lagos"`);
    expect(rows[1]).toContain(`"'+2348061230000"`);
    for (const row of rows) for (const cell of row.slice(1, -1).split('","')) expect(cell, row).not.toMatch(/^[=+\-@]/);

    // With a search, what the search found.
    const searched = csvRows((await get(`/api/dispatch/deliveries/export.csv?status=unassigned&from=2030-03-11&q=zubairu`, operator.headers)).body);
    expect(searched.slice(1).map((row) => /^"(LF\d+)"/.exec(row)![1])).toEqual([outside.id]);
    // Operators only.
    expect((await get('/api/dispatch/deliveries/export.csv', customer.headers)).statusCode).toBe(403);
  });

  it(`streams a tab longer than one page (${BOARD_EXPORT_PAGE_SIZE} rows) by keyset, each row once`, async () => {
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 5_000_000);
    const paid = await book(t, customer.headers);
    expect((await payWithWallet(t, customer.headers, paid.id)).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(deliveries).where(inArray(deliveries.number, [parseDeliveryId(paid.id)!]));
    const { id: _id, number: _number, trackingId: _tracking, ...rest } = row!;
    const base = new Date('2031-01-05T09:00:00Z').getTime();
    await t.deps.db.insert(deliveries).values(
      Array.from({ length: BOARD_EXPORT_PAGE_SIZE + 2 }, (_, i) => ({ ...rest, status: 'cancelled' as const, updatedAt: new Date(base + i * 1000) })),
    );
    const rows = csvRows((await get('/api/dispatch/deliveries/export.csv?status=cancelled&from=2031-01-05&to=2031-01-05', operator.headers)).body);
    expect(rows).toHaveLength(1 + BOARD_EXPORT_PAGE_SIZE + 2);
    const numbers = rows.slice(1).map((line) => /^"(LF\d+)"/.exec(line)![1]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
