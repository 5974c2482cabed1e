import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { balanceOf, bookingBody, ledgerSum } from '../../test/delivery-test-helpers.js';
import { deliveries, imports, ledgerEntries, notifications, postingLines, postings } from '../../db/schema/index.js';
import { checkLedger } from '../wallet/ledger-check.js';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importExampleRow, type Import, type ImportRowError } from '../../../shared/schemas/imports.js';
import { csvLine, decodeUtf8, isFormulaCell, parseCsv } from '../../lib/csv.js';
import { shareOutSandbox } from './imports-service.js';
import { lagosDate } from '../deliveries/delivery-view.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const tomorrow = () => lagosDate(new Date(Date.now() + 24 * 60 * 60 * 1000));

/** A delivery row of the template's columns (its example, for tomorrow); override any cell. */
function row(overrides: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) {
  const cells = { ...importExampleRow(tomorrow()), ...overrides };
  return IMPORT_COLUMNS.map((column) => cells[column]);
}
const csvOf = (...rows: string[][]) => csvLine(IMPORT_COLUMNS) + rows.map(csvLine).join('');

function multipartFile(content: Buffer | string, fileName = 'deliveries.csv') {
  const boundary = `----lanefreight${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

const upload = (headers: Headers, content: Buffer | string) => {
  const form = multipartFile(content);
  return t.app.inject({ method: 'POST', url: '/api/imports', headers: { ...headers, ...form.headers }, payload: form.payload });
};

/** Polls the import until validation is over (at most 10 s). */
async function settled(headers: Headers, id: string, app = t.app): Promise<Import> {
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data as Import;
    if (found.status !== 'validating') return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} still validating`);
}

async function uploadSettled(headers: Headers, content: Buffer | string) {
  const res = await upload(headers, content);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data.status).toBe('validating');
  return settled(headers, res.json().data.id as string);
}

const confirm = (headers: Headers, id: string) => t.app.inject({ method: 'POST', url: `/api/imports/${id}/confirm`, headers });
const errorAt = (found: Import, rowNumber: number, column: string) => found.errors.find((e) => e.row === rowNumber && e.column === column);
const deliveriesOf = async (userId: string) =>
  (await t.deps.db.select({ n: count() }).from(deliveries).where(eq(deliveries.userId, userId)))[0]!.n;

describe('reading CSV', () => {
  it('reads quoted commas, doubled quotes, line breaks in cells, CRLF and a byte-order mark; leaves empty lines out', () => {
    const text = decodeUtf8(Buffer.from('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n,\n', 'utf8'));
    expect(parseCsv(text, 10).map((r) => [r.row, r.cells, r.malformedAt])).toEqual([
      [1, ['a', 'b'], null],
      [2, ['x, y', 'say "hi"'], null],
      [4, ['two\nlines', 'z'], null],
      [5, ['', ''], null],
    ]);
    expect(parseCsv('a,b"c\n"d"e,f', 10).map((r) => r.malformedAt)).toEqual([1, 0]);
  });

  it('calls formulas what a spreadsheet would run, not phone numbers', () => {
    for (const cell of ['=1+1', '+cmd|x', '-2+3a', '@SUM(A1)', '  =HYPERLINK("x")', '\t@x', '\r\n=x']) expect(isFormulaCell(cell), cell).toBe(true);
    for (const cell of ['+2348031234567', '-5', '+234 (803) 123-4567', 'a=b', 'Ade', '']) expect(isFormulaCell(cell), cell).toBe(false);
  });

  it('shares sandbox money out first come first served', () => {
    expect(shareOutSandbox(0, [100, 200])).toEqual([0, 0]);
    expect(shareOutSandbox(250, [100, 200, 300])).toEqual([100, 150, 0]);
    expect(shareOutSandbox(600, [100, 200, 300])).toEqual([100, 200, 300]);
  });
});

describe('GET /api/imports/template.csv', () => {
  it('downloads the header and one example row, which validates as it is, at the price the booking form gets', async () => {
    const user = await createSignedInUser(t.deps);
    const res = await t.app.inject({ method: 'GET', url: '/api/imports/template.csv', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header, example] = parseCsv(res.body, 10);
    expect(header!.cells).toEqual([...IMPORT_COLUMNS]);
    expect(example!.cells).toHaveLength(IMPORT_COLUMNS.length);

    const checked = await uploadSettled(user.headers, res.body);
    expect(checked).toMatchObject({ status: 'ready', rows: 1, valid: 1, errors: [], errorCount: 0 });
    // The same trip through the booking form: the same quote service, the same price.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/book-delivery',
      headers: user.headers,
      payload: bookingBody({ pickup: { placeId: 'lagos.eti-osa.victoria-island', line: '12 Ligali Ayorinde Street' }, dropoff: { placeId: 'lagos.eti-osa.ikoyi', line: '5 Awolowo Road' }, pickupLocation: undefined, dropoffLocation: undefined, deliveryDate: example!.cells[9] }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(checked.totalKobo).toBe(booked.json().data.price.total);
    expect(checked.totalKobo).toBeGreaterThan(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/imports/template.csv' })).statusCode).toBe(401);
  });
});

describe('POST /api/imports: what is refused at once', () => {
  it('refuses a file over 2 MB (413) and over 1,000 rows (422)', async () => {
    const user = await createSignedInUser(t.deps);
    const tooBig = await upload(user.headers, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    const many = csvOf(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row()));
    const tooMany = await upload(user.headers, many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', params: { maxRows: 1000 } });
  });

  it('refuses a file that is not UTF-8, naming the line; a byte-order mark is fine', async () => {
    const user = await createSignedInUser(t.deps);
    const latin1 = Buffer.from(csvOf(row(), row({ receiverName: 'Adébáyọ' })).replace('ọ', 'o'), 'latin1');
    const res = await upload(user.headers, latin1);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMPORT_NOT_UTF8', params: { row: 3 } });
    const withBom = await uploadSettled(user.headers, `\uFEFF${csvOf(row({ receiverName: 'Adébáyọ̀ Ọládèjì' }))}`);
    expect(withBom.status).toBe('ready');
  });

  it('refuses a quote never closed, an unknown or missing column, an empty file, no file, and not multipart', async () => {
    const user = await createSignedInUser(t.deps);
    const unclosed = await upload(user.headers, `${csvOf(row())}"Ikoyi,x\n`);
    expect(unclosed.statusCode).toBe(422);
    expect(unclosed.json()).toMatchObject({ code: 'IMPORT_MALFORMED', params: { row: 3, column: 1 } });
    const unknown = await upload(user.headers, csvOf(row()).replace('receiverName', 'recipient'));
    expect(unknown.json()).toMatchObject({ code: 'IMPORT_HEADER_INVALID', params: { column: 'recipient' } });
    const missing = await upload(user.headers, 'pickupPlace,pickupLine\nIkoyi,1 Road\n');
    expect(missing.json()).toMatchObject({ code: 'IMPORT_HEADER_INVALID', params: { column: 'dropoffPlace' } });
    expect((await upload(user.headers, csvLine(IMPORT_COLUMNS))).json().code).toBe('IMPORT_EMPTY');
    expect((await upload(user.headers, '')).json().code).toBe('IMPORT_EMPTY');
    const json = await t.app.inject({ method: 'POST', url: '/api/imports', headers: user.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('validation, per cell', () => {
  it('refuses formula cells and reports each, keeps phone numbers; checks each field with the booking form schema', async () => {
    const user = await createSignedInUser(t.deps);
    const found = await uploadSettled(
      user.headers,
      csvOf(
        row(),
        row({ receiverName: '=HYPERLINK("http://x","y")', description: '  @SUM(1+1)' }),
        row({ description: '\t-2+3+cmd|x' }),
        row({ packageType: 'crate', receiverPhone: '' }),
        row({ deliveryDate: '2020-01-01' }),
        row({ dropoffPlace: 'Victoria Island', dropoffLine: '12 Ligali Ayorinde Street' }),
        row({ deliveryDate: '29/11/2026', receiverLanguage: 'pt-BR' }),
        // An option in any case is that option, as a shop's spreadsheet writes it.
        row({ packageType: 'Clothing', packageWeight: 'LIGHT', receiverLanguage: 'YO' }),
      ),
    );
    expect(found).toMatchObject({ status: 'invalid', rows: 8, valid: 2 });
    expect(found.errors.filter((e) => e.row === 9)).toEqual([]);
    expect(errorAt(found, 3, 'receiverName')).toMatchObject({ code: 'FORMULA_REFUSED', messageKey: 'imports.rowErrors.FORMULA_REFUSED' });
    expect(errorAt(found, 3, 'description')?.code).toBe('FORMULA_REFUSED');
    expect(errorAt(found, 4, 'description')?.code).toBe('FORMULA_REFUSED');
    // A refused cell is reported once, not again as missing.
    expect(found.errors.filter((e) => e.row === 3)).toHaveLength(2);
    // A value the column cannot take says so, and what it can take; a date says how to write it. "Required" is for empty cells.
    expect(errorAt(found, 5, 'packageType')).toMatchObject({
      code: 'INVALID_VALUE',
      messageKey: 'imports.rowErrors.NOT_AN_OPTION',
      params: { value: 'crate', options: expect.stringContaining('clothing') },
      message: expect.stringMatching(/^"crate" is not one of: .*clothing/),
    });
    expect(errorAt(found, 8, 'deliveryDate')).toMatchObject({
      messageKey: 'imports.rowErrors.DATE_FORMAT',
      message: '"29/11/2026" is not a date written as year-month-day, such as 2026-12-01',
    });
    expect(errorAt(found, 8, 'receiverLanguage')).toMatchObject({ messageKey: 'imports.rowErrors.NOT_AN_OPTION', message: expect.stringContaining('en-US, es, fr') });
    expect(errorAt(found, 5, 'receiverPhone')).toMatchObject({ code: 'INVALID_VALUE', messageKey: 'booking.validation.receiverPhone' });
    expect(errorAt(found, 6, 'deliveryDate')).toMatchObject({ code: 'DELIVERY_DATE_OUT_OF_RANGE', messageKey: 'booking.validation.deliveryDateInvalid' });
    expect(errorAt(found, 7, 'dropoffPlace')?.code).toBe('SAME_PICKUP_AND_DROPOFF');
    expect(found.errorCount).toBe(found.errors.length);
  });

  it('names an unknown or ambiguous place with the closest matches; an id or a state settles it', async () => {
    const user = await createSignedInUser(t.deps);
    const found = await uploadSettled(
      user.headers,
      csvOf(
        row({ pickupPlace: 'Victria Island' }),
        row({ dropoffPlace: 'Surulere' }),
        row({ dropoffPlace: 'Surulere, Lagos' }),
        row({ dropoffPlace: 'lagos.lagos-mainland.yaba' }),
        row({ dropoffPlace: 'Ikeja' }),
      ),
    );
    const unknown = errorAt(found, 2, 'pickupPlace') as ImportRowError;
    expect(unknown).toMatchObject({ code: 'PLACE_UNKNOWN', params: { place: 'Victria Island' } });
    expect(unknown.matches?.[0]).toMatchObject({ id: 'lagos.eti-osa.victoria-island', name: 'Victoria Island' });
    const ambiguous = errorAt(found, 3, 'dropoffPlace') as ImportRowError;
    expect(ambiguous.code).toBe('PLACE_AMBIGUOUS');
    expect(new Set(ambiguous.matches?.map((m) => m.state))).toEqual(new Set(['Lagos', 'Oyo']));
    expect(found.errors.filter((e) => e.row >= 4)).toEqual([]);
    expect(found.valid).toBe(3);
  });

  it('reports a row with a stray quote or the wrong number of cells, and the rest of the file still checks', async () => {
    const user = await createSignedInUser(t.deps);
    const lines = csvOf(row(), row()).split('\r\n');
    const text = [lines[0], lines[1], 'Ikoyi,x"y,z', lines[2], ''].join('\r\n');
    const found = await uploadSettled(user.headers, text);
    expect(found).toMatchObject({ status: 'invalid', rows: 3, valid: 2 });
    expect(errorAt(found, 3, 'pickupLine')?.code).toBe('ROW_MALFORMED');
  });
});

describe("the merchant's reference", () => {
  it('is kept on the delivery, and refused when twice in the file or already another delivery\'s', async () => {
    const user = await createSignedInUser(t.deps);
    const twice = await uploadSettled(user.headers, csvOf(row({ externalReference: 'ORD-7' }), row({ externalReference: 'ORD-7' }), row({ externalReference: `x${'y'.repeat(100)}` })));
    expect(errorAt(twice, 3, 'externalReference')).toMatchObject({ code: 'EXTERNAL_REFERENCE_TAKEN', params: { externalReference: 'ORD-7' }, messageKey: 'errors.codes.EXTERNAL_REFERENCE_TAKEN' });
    expect(errorAt(twice, 4, 'externalReference')).toMatchObject({ code: 'INVALID_VALUE', messageKey: 'booking.validation.tooLong' });
    expect(twice.valid).toBe(1);

    const ready = await uploadSettled(user.headers, csvOf(row({ externalReference: 'ORD-8' }), row()));
    await fundWallet(t.deps.db, user.user.id, ready.totalKobo);
    expect((await confirm(user.headers, ready.id)).statusCode).toBe(200);
    const referenced = await t.deps.db.select().from(deliveries).where(and(eq(deliveries.userId, user.user.id), eq(deliveries.externalReference, 'ORD-8')));
    expect(referenced).toHaveLength(1);
    const again = await uploadSettled(user.headers, csvOf(row({ externalReference: 'ORD-8' })));
    expect(errorAt(again, 2, 'externalReference')?.code).toBe('EXTERNAL_REFERENCE_TAKEN');
  });
});

describe('POST /api/imports/{id}/confirm', () => {
  it('books and pays every row in one posting, or nothing with the shortfall (402)', async () => {
    const user = await createSignedInUser(t.deps);
    const ready = await uploadSettled(user.headers, csvOf(row(), row({ transportMode: 'car', receiverName: 'Amaka Obi' }), row({ dropoffPlace: 'Yaba' })));
    expect(ready).toMatchObject({ status: 'ready', valid: 3 });
    await fundWallet(t.deps.db, user.user.id, ready.totalKobo - 1);
    const entriesBefore = await t.deps.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));

    const short = await confirm(user.headers, ready.id);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: 'IMPORT_INSUFFICIENT_BALANCE', params: { shortfallKobo: 1, totalKobo: ready.totalKobo } });
    expect(await deliveriesOf(user.user.id)).toBe(0);
    expect(await balanceOf(t, user.user.id)).toBe(ready.totalKobo - 1);
    expect(await t.deps.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id))).toEqual(entriesBefore);
    expect(await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `import:${ready.id}`))).toEqual([]);
    expect((await settled(user.headers, ready.id)).status).toBe('ready');

    await fundWallet(t.deps.db, user.user.id, 1);
    const done = await confirm(user.headers, ready.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'confirmed', booked: 3, totalKobo: ready.totalKobo });
    const booked = await t.deps.db.select().from(deliveries).where(eq(deliveries.userId, user.user.id));
    expect(booked).toHaveLength(3);
    for (const delivery of booked) expect(delivery).toMatchObject({ status: 'pending', paymentMethod: 'wallet', livemode: true });
    expect(booked.every((d) => d.trackingId?.startsWith('LF-'))).toBe(true);
    expect(booked.reduce((sum, d) => sum + d.totalKobo, 0)).toBe(ready.totalKobo);
    expect(await balanceOf(t, user.user.id)).toBe(0);
    expect(await ledgerSum(t, user.user.id)).toBe(0);
    // One posting: one wallet line for the total, one revenue line per delivery.
    const [posting] = await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `import:${ready.id}`));
    const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.postingId, posting!.id));
    expect(entries.map((e) => e.amountKobo)).toEqual([-ready.totalKobo]);
    const lines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, posting!.id));
    expect(lines.map((l) => l.amountKobo).sort()).toEqual(booked.map((d) => d.totalKobo).sort());
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);

    // They are My Deliveries, paid; each one's paid event, after the commit, told the owner as a single payment does.
    const mine = await t.app.inject({ method: 'GET', url: '/api/deliveries', headers: user.headers });
    expect((mine.json().data.items as unknown[]).length).toBe(3);
    await expect
      .poll(async () => (await t.deps.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, user.user.id), eq(notifications.type, 'delivery'))))[0]!.n)
      .toBe(3);
  });

  it('confirming again, or 20 times at once, books one set and debits once, with the same answer', async () => {
    const user = await createSignedInUser(t.deps);
    const ready = await uploadSettled(user.headers, csvOf(row(), row({ receiverName: 'Tunde Bakare' })));
    await fundWallet(t.deps.db, user.user.id, ready.totalKobo * 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(user.headers, ready.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const first = answers[0]!.json().data as Import;
    expect(first).toMatchObject({ status: 'confirmed', booked: 2 });
    for (const answer of answers) expect(answer.json().data).toEqual(first);
    const again = await confirm(user.headers, ready.id);
    expect(again.json().data).toEqual(first);
    expect(await deliveriesOf(user.user.id)).toBe(2);
    expect(await balanceOf(t, user.user.id)).toBe(ready.totalKobo * 2);
    expect(await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `import:${ready.id}`))).toHaveLength(1);
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });

  it("is 409 while an import is invalid; another user's import is not found, nor listed", async () => {
    const owner = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    const invalid = await uploadSettled(owner.headers, csvOf(row({ packageType: 'crate' })));
    expect((await confirm(owner.headers, invalid.id)).json()).toMatchObject({ code: 'IMPORT_NOT_READY' });
    expect((await t.app.inject({ method: 'GET', url: `/api/imports/${invalid.id}`, headers: other.headers })).statusCode).toBe(404);
    const foreign = await confirm(other.headers, invalid.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('IMPORT_NOT_FOUND');
    const listed = await t.app.inject({ method: 'GET', url: '/api/imports?limit=1', headers: other.headers });
    expect(listed.json().data).toEqual({ items: [], nextCursor: null });
    const mine = await t.app.inject({ method: 'GET', url: '/api/imports?limit=1', headers: owner.headers });
    expect(mine.json().data.items.map((i: Import) => i.id)).toEqual([invalid.id]);
    expect(mine.json().data.nextCursor).toBeNull();
  });
});

describe('nothing is left validating, nothing answers 500', () => {
  it('a restart takes up an import left validating', async () => {
    const user = await createSignedInUser(t.deps);
    const cells = parseCsv(csvOf(row()), 10);
    const [left] = await t.deps.db
      .insert(imports)
      .values({
        userId: user.user.id,
        fileName: 'left.csv',
        columns: cells[0]!.cells,
        cells: cells.slice(1),
        rowCount: 1,
        validationClaimedAt: new Date(Date.now() - 5 * 60 * 1000),
      })
      .returning();
    const restarted = await startAnotherInstance(t);
    try {
      expect(await settled(user.headers, left!.id, restarted.app)).toMatchObject({ status: 'ready', valid: 1 });
    } finally {
      await restarted.app.close();
    }
    const [row0] = await t.deps.db.select().from(imports).where(and(eq(imports.id, left!.id), eq(imports.status, 'ready')));
    expect(row0?.validationClaimedAt).toBeNull();
  });

  it('random bytes and broken quoting: a clear 4xx or an import that settles', async () => {
    const user = await createSignedInUser(t.deps);
    const header = csvLine(IMPORT_COLUMNS);
    const pieces = ['"', '""', ',', '\r\n', '\n', '\r', '=', '@', 'Ikoyi', '\u0000', 'é', '\uFEFF', ' ', '"a"b'];
    for (let i = 0; i < 30; i++) {
      const body =
        i % 3 === 0
          ? randomBytes(1 + Math.floor(Math.random() * 400))
          : Buffer.from(header + Array.from({ length: 40 }, () => pieces[Math.floor(Math.random() * pieces.length)]).join(''));
      const res = await upload(user.headers, body);
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode === 202) expect(['ready', 'invalid']).toContain((await settled(user.headers, res.json().data.id)).status);
      else expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});
