import { eq, sql } from 'drizzle-orm';
import type { TestApp } from './test-app.js';
import { ledgerEntries, wallets } from '../db/schema/index.js';
import type { BookingBody, TransportMode } from '../../shared/schemas/deliveries.js';
import { createSignedInDriver } from './factories.js';
import { lagosDate } from '../modules/deliveries/delivery-view.js';

/** A valid booking for tomorrow; override any field. */
export function bookingBody(overrides: Partial<Record<keyof BookingBody, unknown>> = {}): Record<string, unknown> {
  return {
    receiverName: 'Chinedu Eze',
    receiverPhone: '+2348031234567',
    // About 4 km by road: a short trip, at the specification's price (₦2,700 by bike, documents, light, standard).
    pickupLocation: '12 Ligali Ayorinde Street, Victoria Island, Lagos',
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

/** Assigns a new driver (of the booking's transport mode) as an operator would; returns the driver. */
export async function assignNewDriver(
  t: TestApp,
  operatorHeaders: Headers,
  deliveryId: string,
  transportMode: TransportMode = 'bike',
) {
  const driver = await createSignedInDriver(t.deps, { transportMode });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dispatch/deliveries/${deliveryId}/assign-driver`,
    headers: operatorHeaders,
    payload: { driverId: driver.user.id },
  });
  if (res.statusCode !== 200) throw new Error(`assignment failed: ${res.statusCode} ${res.body}`);
  return driver;
}

/** Completes a delivery that is out for delivery, as an operator (no handover code). */
export async function completeAsOperator(t: TestApp, operatorHeaders: Headers, deliveryId: string, note = 'Receiver confirmed by phone') {
  return t.app.inject({
    method: 'POST',
    url: `/api/dispatch/deliveries/${deliveryId}/complete`,
    headers: operatorHeaders,
    payload: { note },
  });
}
