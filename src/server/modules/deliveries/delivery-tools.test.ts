import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { deliveries } from '../../db/schema/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { csvCell, EXPORT_PAGE_SIZE } from './delivery-tools-service.js';
import { parseSearchTerm, SEARCH_SCAN_LIMIT } from './delivery-search.js';

/** My Deliveries' search and CSV export (decision 052). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const search = async (q: string, headers: Headers) => {
  const res = await get(`/api/deliveries/search?q=${encodeURIComponent(q)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: string }[]).map((item) => item.id);
};

describe('what a search box text means', () => {
  it('a number or a tracking id is exact; a phone is its national digits; the rest is a name, wildcards escaped', () => {
    expect(parseSearchTerm(' lf042 ')).toEqual({ kind: 'number', number: 42 });
    expect(parseSearchTerm('lf 7kq2 m9xd')).toEqual({ kind: 'tracking', trackingId: 'LF-7KQ2-M9XD' });
    expect(parseSearchTerm('0803 123 4567')).toEqual({
      kind: 'text',
      pattern: '%0803 123 4567%',
      phone: { digits: '08031234567', nationalPrefix: '8031234567' },
    });
    expect(parseSearchTerm('+234 803 123 4567')).toMatchObject({ phone: { digits: '2348031234567', nationalPrefix: '8031234567' } });
    expect(parseSearchTerm('+234803')).toMatchObject({ phone: { digits: '234803', nationalPrefix: '803' } });
    expect(parseSearchTerm('+234 0803')).toMatchObject({ phone: { digits: '2340803', nationalPrefix: '803' } });
    expect(parseSearchTerm('4567')).toMatchObject({ phone: { digits: '4567', nationalPrefix: null } });
    // Four digits from the middle of a number, not 234 and a lone 5.
    expect(parseSearchTerm('2345')).toMatchObject({ phone: { digits: '2345', nationalPrefix: null } });
    expect(parseSearchTerm('456')).toMatchObject({ phone: null });
    expect(parseSearchTerm('Flat 4567')).toMatchObject({ phone: null });
    expect(parseSearchTerm('50%_off\\')).toEqual({ kind: 'text', pattern: '%50\\%\\_off\\\\%', phone: null });
    expect(parseSearchTerm('   ')).toBeNull();
  });
});

describe('GET /api/deliveries/search', () => {
  it("finds the owner's deliveries by id, tracking id, receiver name or phone, and never another's", async () => {
    const owner = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, owner.user.id, 5_000_000);
    const amaka = await book(t, owner.headers, { receiverName: 'Amaka Obi', receiverPhone: '+2348051112233' });
    const tunde = await book(t, owner.headers, { receiverName: 'Tunde Bakare', receiverPhone: '+2348099998877' });
    expect((await payWithWallet(t, owner.headers, tunde.id)).statusCode).toBe(200);
    const [paid] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(tunde.id)!));
    const foreign = await book(t, other.headers, { receiverName: 'Amaka Other' });

    expect(await search(amaka.id.toLowerCase(), owner.headers)).toEqual([amaka.id]);
    expect(await search(paid!.trackingId!.toLowerCase(), owner.headers)).toEqual([tunde.id]);
    expect(await search('amaka', owner.headers)).toEqual([amaka.id]);
    expect(await search('0809 999 8877', owner.headers)).toEqual([tunde.id]);
    expect(await search('%', owner.headers)).toEqual([]);
    // Another's delivery is not found by its id, nor by its receiver.
    expect(await search(foreign.id, owner.headers)).toEqual([]);
    expect(await search('Other', owner.headers)).toEqual([]);

    expect((await get('/api/deliveries/search?q=', owner.headers)).statusCode).toBe(400);
    expect((await get(`/api/deliveries/search?q=${'x'.repeat(61)}`, owner.headers)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/deliveries/search?q=LF001' })).statusCode).toBe(401);
  });

  it('finds a receiver by any four or more digits of their phone number, however either was typed', async () => {
    const owner = await createSignedInUser(t.deps);
    const typedLocal = await book(t, owner.headers, { receiverName: 'Ngozi Local', receiverPhone: '08031234567' });
    const typedInternational = await book(t, owner.headers, { receiverName: 'Ngozi Spaced', receiverPhone: '+234 803 123 4567' });
    const typedBoth = await book(t, owner.headers, { receiverName: 'Ngozi Both', receiverPhone: '+234 (0) 803-123-4567' });
    const other = await book(t, owner.headers, { receiverName: 'Emeka Other', receiverPhone: '+2347061118890' });
    const sameNumber = [typedBoth.id, typedInternational.id, typedLocal.id];

    for (const q of ['4567', '803123', '+234803', '234803', '0803123', '0803 123 4567', '+234 803 123 4567', '8031234567', '(0803) 123-4567']) {
      expect(await search(q, owner.headers), q).toEqual(sameNumber);
    }
    expect(await search('+234706', owner.headers)).toEqual([other.id]);
    expect(await search('8890', owner.headers)).toEqual([other.id]);
    expect(await search('0706 111', owner.headers)).toEqual([other.id]);
    expect(await search('0803 999', owner.headers)).toEqual([]);
    // A run of digits the number does not have, in order, finds nothing; nor does a country code alone.
    expect(await search('4576', owner.headers)).toEqual([]);
    expect(await search('+234', owner.headers)).toEqual([]);
  });

  it(`a name search looks at the owner's newest ${SEARCH_SCAN_LIMIT} deliveries only; an id finds any of them`, async () => {
    const owner = await createSignedInUser(t.deps);
    const old = await book(t, owner.headers, { receiverName: 'Zainab Oldest' });
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(old.id)!));
    const { id: _id, number: _number, trackingId: _tracking, createdAt, ...rest } = row!;
    await t.deps.db.insert(deliveries).values(
      Array.from({ length: SEARCH_SCAN_LIMIT }, (_, i) => ({ ...rest, receiverName: 'Musa Newer', createdAt: new Date(createdAt.getTime() + (i + 1) * 1000) })),
    );
    expect(await search('Zainab', owner.headers)).toEqual([]);
    expect(await search(old.id, owner.headers)).toEqual([old.id]);
    expect(await search('Musa', owner.headers)).toHaveLength(50);
  });
});

describe('GET /api/deliveries/export.csv', () => {
  it('cells that a spreadsheet would run are kept as text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+2348031234567')).toBe('"\'+2348031234567"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('Lekki → Ikeja, "gate 2"')).toBe('"Lekki → Ikeja, ""gate 2"""');
  });

  it("streams every one of the owner's deliveries, newest first, across keyset pages, in their language", async () => {
    const owner = await createSignedInUser(t.deps, { language: 'fr' });
    const first = await book(t, owner.headers, { pickupLocation: '=cmd|calc, Lagos' });
    // More rows than one page of the export, written straight to the table.
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(first.id)!));
    const { id: _id, number: _number, trackingId: _tracking, createdAt, ...rest } = row!;
    const extra = EXPORT_PAGE_SIZE + 3;
    await t.deps.db.insert(deliveries).values(
      Array.from({ length: extra }, (_, i) => ({ ...rest, createdAt: new Date(createdAt.getTime() - (i + 1) * 1000) })),
    );
    const res = await get('/api/deliveries/export.csv', owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lanefreight-deliveries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Référence","Numéro de suivi","Date","Trajet","Destinataire","Montant","Statut","Paiement à la livraison","Paiement à la livraison\u00a0: payé\u00a0?"',
    );
    expect(lines).toHaveLength(1 + 1 + extra);
    const ids = lines.slice(1).map((line) => /^"(LF\d+)"/.exec(line)![1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines[1]).toContain(`"${first.id}"`);
    expect(lines[1]).toContain(`"'=cmd|calc, Lagos → 5 Awolowo Road, Ikoyi, Lagos"`);
    expect(lines[1]).toContain(`"${(first.price.total / 100).toFixed(2)}"`);
    // A prepaid booking leaves the pay-on-delivery cells empty.
    expect(lines[1]).toMatch(/"En attente de paiement","",""$/);

    const stranger = await createSignedInUser(t.deps);
    const theirs = await get('/api/deliveries/export.csv', stranger.headers);
    expect(theirs.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('exports what the list shows: only pay-on-delivery orders under that filter, with the amount to collect and whether it is paid', async () => {
    const owner = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, owner.user.id, 10_000_000);
    const prepaid = await book(t, owner.headers);
    const cod = await book(t, owner.headers, { receiverName: 'Ngozi Eze', collectOnDelivery: { amountKobo: 2_500_000 } });
    expect((await payWithWallet(t, owner.headers, cod.id)).statusCode).toBe(200);
    const csv = async (query: string) => {
      const res = await get(`/api/deliveries/export.csv${query}`, owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
    };
    const onlyCod = await csv('?kind=pay_on_delivery');
    expect(onlyCod).toHaveLength(1);
    expect(onlyCod[0]).toContain(`"${cod.id}"`);
    expect(onlyCod[0]).toContain('"Ngozi Eze"');
    expect(onlyCod[0]).toMatch(/"25000\.00","Awaiting payment"$/);
    expect((await csv('')).map((line) => /^"(LF\d+)"/.exec(line)![1]).sort()).toEqual([prepaid.id, cod.id].sort());
    expect((await get('/api/deliveries/export.csv?kind=prepaid', owner.headers)).statusCode).toBe(400);
  });
});

describe('GET /api/dispatch/deliveries/search', () => {
  it('finds a paid delivery on the board by its id or tracking id, with its history; not an unpaid one; operators only', async () => {
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    const customer = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, customer.user.id, 5_000_000);
    const paid = await book(t, customer.headers);
    expect((await payWithWallet(t, customer.headers, paid.id)).statusCode).toBe(200);
    const unpaid = await book(t, customer.headers);
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(paid.id)!));
    const board = async (q: string) => {
      const res = await get(`/api/dispatch/deliveries/search?q=${encodeURIComponent(q)}`, operator.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { id: string; history: { status: string }[] }[];
    };

    const byId = await board(paid.id.toLowerCase());
    expect(byId.map((item) => item.id)).toEqual([paid.id]);
    expect(byId[0]!.history.map((entry) => entry.status)).toContain('pending');
    expect((await board(row!.trackingId!)).map((item) => item.id)).toEqual([paid.id]);
    expect(await board(unpaid.id)).toEqual([]);
    expect(await board('LF999999')).toEqual([]);
    // A name is looked for on the tab (unassigned by default; decision 057), unlike an id.
    expect((await board('Chinedu')).map((item) => item.id)).toContain(paid.id);
    expect(await board('Nobody By This Name')).toEqual([]);
    // A phone search reads the same way on the board: part of the number, prefix or none.
    for (const q of ['+234803', '0803123', '1234567']) expect((await board(q)).map((item) => item.id), q).toContain(paid.id);
    expect((await get(`/api/dispatch/deliveries/search?q=${paid.id}`, customer.headers)).statusCode).toBe(403);
  });
});

