import { eq, sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';
import { ledgerEntries, wallets } from '../db/schema/index.js';
import type { BookingBody } from '../../shared/schemas/deliveries.js';
import { lagosDate } from '../modules/deliveries/delivery-view.js';

/** A valid booking for tomorrow; override any field. */
export function bookingBody(overrides: Partial<Record<keyof BookingBody, unknown>> = {}): Record<string, unknown> {
  return {
    receiverName: 'Chinedu Eze',
    receiverPhone: '+2348031234567',
    pickupLocation: '12 Admiralty Way, Lekki, Lagos',
    dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos',
    packageType: 'documents',
    packageWeight: 'light',
    transportMode: 'bike',
    deliveryType: 'standard',
    deliveryTime: 'morning',
    deliveryDate: lagosDate(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    description: 'Signed contracts',
    ...overrides,
  };
}

type Headers = Record<string, string>;

export async function book(t: TestApp, headers: Headers, overrides: Parameters<typeof bookingBody>[0] = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/book-delivery',
    headers,
    payload: bookingBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; price: { total: number }; [key: string]: unknown };
}

export async function payWithWallet(t: TestApp, headers: Headers, deliveryId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    headers,
    payload: { deliveryId, method: 'wallet' },
  });
}

export async function balanceOf(t: TestApp, userId: string) {
  const [row] = await t.deps.db.select().from(wallets).where(eq(wallets.userId, userId));
  return row?.balanceKobo ?? 0;
}

/** The sum of a user's ledger entries, which must always equal the wallet balance. */
export async function ledgerSum(t: TestApp, userId: string) {
  const [row] = await t.deps.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return Number(row!.sum);
}
