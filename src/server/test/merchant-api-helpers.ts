import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, postingLines, postings, wallets } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { lagosDate } from '../modules/deliveries/delivery-view.js';
import { createSignedInUser, uniqueSuffix } from './factories.js';
import type { App } from './test-app.js';

type Headers = Record<string, string>;
export type Merchant = Awaited<ReturnType<typeof createSignedInUser>>;

/** Sandbox (test) money in a wallet, with its ledger entry marked as sandbox, as a sandbox card top-up leaves it. */
export async function fundSandbox(db: Executor, userId: string, amountKobo: number) {
  await db.transaction(async (tx) => {
    const [wallet] = await tx
      .insert(wallets)
      .values({ userId, balanceKobo: amountKobo, sandboxKobo: amountKobo })
      .onConflictDoUpdate({
        target: wallets.userId,
        set: { balanceKobo: sql`${wallets.balanceKobo} + ${amountKobo}`, sandboxKobo: sql`${wallets.sandboxKobo} + ${amountKobo}` },
      })
      .returning();
    const idempotencyKey = `sandbox-topup:${uniqueSuffix()}`;
    const [posting] = await tx.insert(postings).values({ kind: 'topup', idempotencyKey }).returning({ id: postings.id });
    await tx.insert(postingLines).values({ postingId: posting!.id, accountType: 'adjustments', amountKobo: -amountKobo });
    await tx.insert(ledgerEntries).values({
      postingId: posting!.id,
      userId,
      amountKobo,
      sandboxKobo: amountKobo,
      balanceAfterKobo: wallet!.balanceKobo,
      kind: 'topup',
      description: 'Sandbox top-up',
      idempotencyKey,
    });
  });
}

/**
 * The merchant API as a merchant's code calls it (decision 056), on the app `current()` returns (a test file's app
 * exists only once its beforeAll ran): keys, quotes and paid bookings.
 */
export function merchantApiClient(current: () => App) {
  async function createKey(merchant: Merchant, mode: 'test' | 'live', app: App = current()) {
    const res = await app.app.inject({ method: 'POST', url: '/api/api-keys', headers: merchant.headers, payload: { name: `${mode} key`, mode } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; key: string; last4: string; mode: string; createdAt: string; name: string };
  }

  const bearer = (key: string): Headers => ({ authorization: `Bearer ${key}` });

  function v1(method: 'GET' | 'POST', url: string, key: string, payload?: unknown, headers: Headers = {}, app: App = current()) {
    return app.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(key), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  const tomorrow = () => lagosDate(new Date(Date.now() + 24 * 60 * 60 * 1000));

  let places: { ikeja: string; lekki: string } | undefined;
  async function quoteBody() {
    if (!places) {
      const key = (await createKey(await createSignedInUser(current().deps), 'test')).key;
      const idOf = async (q: string) => ((await v1('GET', `/places?q=${encodeURIComponent(q)}`, key)).json() as { items: { id: string }[] }).items[0]!.id;
      places = { ikeja: await idOf('ikeja city mall'), lekki: await idOf('lekki phase 1') };
    }
    return {
      pickup: { placeId: places.ikeja, line: '194 Obafemi Awolowo Way' },
      dropoff: { placeId: places.lekki, line: '12 Admiralty Way' },
      packageType: 'documents',
      packageWeight: 'light',
      transportMode: 'bike',
      deliveryType: 'standard',
      deliveryTime: 'morning',
      deliveryDate: tomorrow(),
    };
  }

  async function quote(key: string) {
    const res = await v1('POST', '/quotes', key, await quoteBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; price: { total: number }; livemode: boolean; object: string };
  }

  const deliveryBody = (quoteId: string, extra: Record<string, unknown> = {}) => ({
    quoteId,
    receiver: { name: 'Ada Obi', phone: '+2348031234567', language: 'ig' },
    notes: 'Call on arrival',
    ...extra,
  });

  async function bookVia(key: string, extra: Record<string, unknown> = {}) {
    const q = await quote(key);
    const res = await v1('POST', '/deliveries', key, deliveryBody(q.id, extra), { 'idempotency-key': `book-${uniqueSuffix()}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; livemode: boolean; externalReference: string | null; price: { total: number } };
  }

  /** Moves a test delivery along the lifecycle, one POST /api/v1/test/deliveries/{id}/advance per status. */
  async function advance(key: string, id: string, ...moves: string[]) {
    for (const to of moves) {
      const res = await v1('POST', `/test/deliveries/${id}/advance`, key, { to });
      expect(res.statusCode, `${to}: ${res.body}`).toBe(200);
    }
  }

  return { createKey, bearer, v1, quoteBody, quote, deliveryBody, bookVia, advance };
}
