import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { v1QuoteBody } from './api.js';
import { importCsv, uploadCsv } from './imports.js';
import { toast } from './page-checks.js';

/**
 * Issue 23's journey, end to end, as a merchant would make it: a test key and webhook endpoints made on the
 * developers page (each secret read from the page, where it is shown once), a CSV with one bad row uploaded, its error
 * read, the fixed file uploaded and confirmed on the imports page; then, with the test key over HTTP, a delivery
 * booked and moved along in test mode, while a receiver on 127.0.0.1 gets the signed events (the server may call
 * loopback: WEBHOOK_LOCAL_TARGETS is `allow` outside production, as in every browser run).
 *
 * The pages' own details (validation, copy buttons, phone widths, axe, revoking, the attempt log, deleting) are
 * developers.spec.ts's, developers-webhooks.spec.ts's and bulk-import.spec.ts's: this one checks that the parts work
 * together, and what none of them sees: an import's deliveries and an API delivery reaching a merchant's systems as
 * signed events, in order, each to the endpoint of its mode.
 */

const PASSWORD = 'Cargo!Lane-1618';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  json: { id: string; type: string; createdAt: string; livemode: boolean; sequence: number | null; data: { id: string; livemode: boolean; status: string } };
}

/** The merchant's own system: records what arrives and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: request.url ?? '', headers: request.headers, body, json: JSON.parse(body) as Received['json'] });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a receiver should do with `Lanefreight-Signature: t=…,v1=…`: its own HMAC-SHA256 over `t + "." + raw body`. */
function verifySignature(header: string | string[] | undefined, secret: string, body: string): boolean {
  const parts = String(header).split(',');
  const t = parts.find((part) => part.startsWith('t='))?.slice(2);
  if (!t || Math.abs(Number(t) - Date.now() / 1000) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some((part) => part === `v1=${expected}`);
}

/** Adds an endpoint with the page's form (every event, as the form starts) and reads its secret from the dialog. */
async function addEndpoint(page: Page, url: string, mode: 'Test' | 'Live') {
  const section = page.getByTestId('webhook-endpoints-section');
  await section.getByLabel('Endpoint URL').fill(url);
  await expect(section.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  await section.getByRole('radio', { name: mode }).click();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = await dialog.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('webhook-endpoint').filter({ hasText: url })).toBeVisible();
  return secret;
}

/** The test key's calls, as the merchant's system makes them. */
function v1(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: object, extra: Record<string, string> = {}) => request.post(`/api/v1${path}`, { headers: { ...headers, ...extra }, data }),
  };
}

test.describe('the merchant journey', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('test key and endpoints on the page, a CSV fixed and confirmed, a test delivery moved along, signed events in order at a local receiver', async ({
    page,
    context,
    request,
    playwright,
    baseURL,
  }) => {
    const receiver = await startReceiver();
    // The merchant's backend: no browser session, only the key.
    const backend = await playwright.request.newContext({ baseURL });
    try {
      await signUpInBrowser(request, context, 'Chidi Merchant', PASSWORD, 'journey');
      // Sandbox money (the browser suite's gateway): it pays the import and, being test money, the test key's booking.
      await page.goto('/dashboard/wallet?lng=en-US');
      await page.getByRole('button', { name: 'Top Up' }).click();
      await page.getByLabel('Amount (₦)').fill('50,000');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await expect(toast(page, 'Top-up Successful!')).toBeVisible();

      // The developers page: a test key, shown once, read from the page.
      await page.getByRole('link', { name: 'Developers' }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/developers/);
      const keys = page.getByTestId('api-keys-section');
      await keys.getByLabel('Key name').fill('Shop backend');
      await expect(keys.getByRole('radio', { name: 'Test' })).toBeChecked();
      await keys.getByRole('button', { name: 'Create key' }).click();
      const keyDialog = page.getByRole('dialog', { name: 'Your new API key' });
      const key = await keyDialog.getByTestId('api-key-secret').inputValue();
      expect(key).toMatch(/^lf_test_/);
      await keyDialog.getByRole('button', { name: 'Done' }).click();
      await expect(keyDialog).toBeHidden();

      // Two endpoints on the merchant's receiver: test mode hears the test key's deliveries, live mode the import's.
      const testUrl = `${receiver.base}/hooks/test`;
      const liveUrl = `${receiver.base}/hooks/live`;
      const testSecret = await addEndpoint(page, testUrl, 'Test');
      const liveSecret = await addEndpoint(page, liveUrl, 'Live');
      expect(await page.content()).not.toContain(testSecret);

      // The imports page: one bad row, its error read from the table; the fixed file checked and confirmed.
      await page.getByRole('link', { name: 'Bulk import' }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/imports/);
      await uploadCsv(page, 'orders.csv', importCsv('crate'));
      const current = page.getByTestId('current-import');
      await expect(current).toContainText('Needs fixing');
      const errorRows = page.getByTestId('import-errors').getByRole('row');
      await expect(errorRows).toHaveCount(2);
      const bad = errorRows.filter({ hasText: 'packageType' });
      await expect(bad).toContainText('3');
      await expect(bad).toContainText('"crate" is not one of: documents, electronics, clothing, food, other');
      await expect(page.getByTestId('confirm-import')).toHaveCount(0);
      await uploadCsv(page, 'orders-fixed.csv', importCsv('clothing'));
      await expect(current).toContainText('Ready');
      await page.getByTestId('confirm-import').click();
      await expect(current).toContainText('Deliveries booked and paid: 2.');

      // An import books live deliveries only (decision 055), which a test key can neither see nor move: the test
      // delivery is booked with the test key through POST /api/v1/deliveries instead, then moved along.
      const api = v1(backend, key);
      const placeId = async (q: string) => {
        const found = await api.get(`/places?q=${encodeURIComponent(q)}`);
        expect(found.status(), await found.text()).toBe(200);
        return ((await found.json()) as { items: { id: string }[] }).items[0]!.id;
      };
      const quote = await api.post('/quotes', await v1QuoteBody(placeId));
      expect(quote.status(), await quote.text()).toBe(201);
      const booked = await api.post(
        '/deliveries',
        { quoteId: ((await quote.json()) as { id: string }).id, receiver: { name: 'Ada Obi', phone: '+2348031234567' }, externalReference: 'journey-1' },
        { 'idempotency-key': `journey-${Date.now()}` },
      );
      expect(booked.status(), await booked.text()).toBe(201);
      const delivery = (await booked.json()) as { id: string; livemode: boolean };
      expect(delivery.livemode).toBe(false);
      for (const to of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) {
        const moved = await api.post(`/test/deliveries/${delivery.id}/advance`, { to });
        expect(moved.status(), `${to}: ${await moved.text()}`).toBe(200);
      }

      // What arrived: the test delivery's six events at the test endpoint; the import's two deliveries, booked and
      // paid, at the live one.
      const at = (url: string) => receiver.received.filter((r) => url.endsWith(r.path));
      await expect.poll(() => at(testUrl).length, { timeout: 15_000 }).toBe(6);
      await expect.poll(() => at(liveUrl).length, { timeout: 15_000 }).toBe(4);

      for (const [url, secret, otherSecret] of [
        [testUrl, testSecret, liveSecret],
        [liveUrl, liveSecret, testSecret],
      ] as const) {
        for (const event of at(url)) {
          expect(verifySignature(event.headers['lanefreight-signature'], secret, event.body), `${event.json.type} at ${url}`).toBe(true);
          expect(verifySignature(event.headers['lanefreight-signature'], otherSecret, event.body)).toBe(false);
          expect(event.headers['lanefreight-event-id']).toBe(event.json.id);
          expect(event.json.livemode).toBe(url === liveUrl);
          expect(event.json.data.livemode).toBe(url === liveUrl);
        }
      }

      const bySequence = (events: Received[]) => [...events].sort((a, b) => a.json.sequence! - b.json.sequence!);
      const testEvents = bySequence(at(testUrl));
      expect(new Set(testEvents.map((e) => e.json.data.id))).toEqual(new Set([delivery.id]));
      expect(testEvents.map((e) => [e.json.sequence, e.json.type])).toEqual([
        [1, 'delivery.created'],
        [2, 'delivery.paid'],
        [3, 'delivery.picked_up'],
        [4, 'delivery.in_transit'],
        [5, 'delivery.out_for_delivery'],
        [6, 'delivery.delivered'],
      ]);
      expect(testEvents.at(-1)!.json.data.status).toBe('delivered');
      expect(new Set(testEvents.map((e) => e.json.id)).size).toBe(6);

      const imported = new Map<string, Received[]>();
      for (const event of at(liveUrl)) imported.set(event.json.data.id, [...(imported.get(event.json.data.id) ?? []), event]);
      expect(imported.size).toBe(2);
      for (const [id, events] of imported) {
        expect(bySequence(events).map((e) => [e.json.sequence, e.json.type]), id).toEqual([
          [1, 'delivery.created'],
          [2, 'delivery.paid'],
        ]);
      }
      expect(imported.has(delivery.id)).toBe(false);
    } finally {
      await backend.dispose();
      await receiver.close();
    }
  });
});
