import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

/** The headers a write from the app's own pages carries: its origin (the CSRF check) and a fresh idempotency key. */
export const sameOrigin = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin, 'Idempotency-Key': randomUUID() });

/** A delivery date the booking rules accept: two days ahead. */
export const inTwoDays = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * A merchant API quote body (POST /api/v1/quotes) from Ikeja City Mall to Lekki Phase 1 by bike, its places found with
 * the caller's own search (`placeId`: the first match's id, looked up with the key at hand).
 */
export const v1QuoteBody = async (placeId: (q: string) => Promise<string>) => ({
  pickup: { placeId: await placeId('ikeja city mall'), line: '194 Obafemi Awolowo Way' },
  dropoff: { placeId: await placeId('lekki phase 1'), line: '12 Admiralty Way' },
  packageType: 'documents',
  packageWeight: 'light',
  transportMode: 'bike',
  deliveryType: 'standard',
  deliveryTime: 'morning',
  deliveryDate: inTwoDays(),
});

/** A booking with the long addresses and names people type in Lagos, as the booking form sends it. */
export const longTrip = (receiverPhone: string) => ({
  receiverName: 'Oluwaseun Adebayo-Okonkwo Chukwuemeka',
  receiverPhone,
  pickupLocation: 'Plot 1415 Adetokunbo Ademola Street, Victoria Island Extension, Eti-Osa, Lagos',
  dropoffLocation: 'House 27B, Oba Akinjobi Way, Government Reserved Area, Ikeja, Lagos',
  packageType: 'electronics',
  packageWeight: 'heavy',
  transportMode: 'van',
  deliveryType: 'express',
  deliveryTime: 'afternoon',
  deliveryDate: inTwoDays(),
  description: 'Two boxed television sets',
});

/** A short trip across Ikeja by bike, the cheapest booking there is, as the booking form sends it. */
export const shortTrip = (receiverPhone: string, receiverName = 'Chinedu Eze') => ({
  receiverName,
  receiverPhone,
  pickupLocation: 'Ikeja City Mall',
  dropoffLocation: 'Allen Avenue, Ikeja',
  packageType: 'documents',
  packageWeight: 'light',
  transportMode: 'bike',
  deliveryType: 'standard',
  deliveryTime: 'afternoon',
  deliveryDate: inTwoDays(),
});

/** A browser context signed in as `account` (through the API, as the sign-in form does), and a page in it. */
export async function signInAs(browser: Browser, account: { email: string; password: string }, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const signedIn = await context.request.post('/api/login', { data: { identifier: account.email, password: account.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  return { context, page: await context.newPage() };
}

/** A write the app's pages make, which must succeed: its `data`. */
export async function call(request: APIRequestContext, url: string, data: object) {
  const response = await request.post(url, { headers: sameOrigin(), data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}
