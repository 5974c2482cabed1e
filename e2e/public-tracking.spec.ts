import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { E2E_DRIVER, E2E_OPERATOR } from './operator.js';

/**
 * The receiver's public tracking page (/track/{id}): a real delivery, booked and paid by card on the sandbox
 * through the API, moved along by the operator, then read as a receiver would on a small phone with no JavaScript.
 */

const RECEIVER = {
  receiverName: 'Ngozi Adaeze Okafor',
  receiverPhone: '+234 803 555 0199',
  pickupLocation: '12 Marina Road, Lagos Island, Lagos',
  // Across Lagos, so the e2e driver's motorbike can take it (a bike does not cross states).
  dropoffLocation: '7 Ahmadu Bello Way, Victoria Island, Lagos',
};
const PRIVATE_TEXTS = ['0199', '555', 'Marina', 'Ahmadu', 'Victoria Island', 'Adaeze', 'Okafor'];

async function apiContext(baseURL: string) {
  // Cookie-carrying writes must name our origin (the CSRF rule), as the app's own pages do.
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/** The answer's data (the fields these steps read are strings), after checking it succeeded. */
async function expectOk(response: APIResponse): Promise<Record<string, string>> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: Record<string, string> }).data;
}

async function signUpCustomer(api: APIRequestContext) {
  const email = `receiver.page.${Date.now()}@example.com`;
  await expectOk(await api.post('/api/register', { data: { name: 'Bola Adeyemi', email, password: 'Cargo!Lane-2718' } }));
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await api.get('/api/dev/messages', { params: { to: email } })).json()) as { data: { body: string }[] };
      code = messages.data.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  await expectOk(await api.post('/api/verify-otp', { data: { identifier: email, otp: code, startSession: true } }));
}

/** Books, then pays by card on the sandbox checkout page as the payer's browser would. */
async function bookAndPay(api: APIRequestContext) {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const delivery = await expectOk(
    await api.post('/api/book-delivery', {
      data: {
        ...RECEIVER,
        receiverLanguage: 'yo',
        packageType: 'documents',
        packageWeight: 'light',
        transportMode: 'bike',
        deliveryType: 'standard',
        deliveryTime: 'morning',
        deliveryDate: tomorrow,
      },
    }),
  );
  const payment = await expectOk(await api.post('/api/payments/initiate', { data: { deliveryId: delivery.id, method: 'card' } }));
  const checkout = await (await api.get(payment.checkoutUrl!)).text();
  const approve = /<form[^>]*action="([^"]+\/approve)"[^>]*>.*?name="csrf" value="([^"]*)"/.exec(checkout);
  expect(approve, 'the sandbox checkout has an approve form').toBeTruthy();
  const decided = await api.post(approve![1]!, { multipart: { csrf: approve![2]! }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  const verified = await expectOk(
    await api.post(`/api/payments/verify?reference=${payment.reference}&delivery_id=${delivery.id}`, { data: {} }),
  );
  return { id: delivery.id!, trackingId: verified.trackingId! };
}

test('a receiver reads the tracking page of a real delivery with JavaScript disabled, at 360 px', async ({ browser, baseURL }) => {
  const customer = await apiContext(baseURL!);
  await signUpCustomer(customer);
  const delivery = await bookAndPay(customer);
  expect(delivery.trackingId).toMatch(/^LF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  const operator = await apiContext(baseURL!);
  await expectOk(await operator.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } }));
  const rider = await apiContext(baseURL!);
  await expectOk(await rider.post('/api/login', { data: { identifier: E2E_DRIVER.email, password: E2E_DRIVER.password } }));
  const riderProfile = await expectOk(await rider.get('/api/user-profile'));
  await expectOk(await operator.post(`/api/dispatch/deliveries/${delivery.id}/assign-driver`, { data: { driverId: riderProfile.id } }));
  for (const status of ['picked_up', 'in_transit']) {
    await expectOk(await operator.post(`/api/dispatch/deliveries/${delivery.id}/status`, { data: { status } }));
  }

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // The id as a person might type it: lower case, spaces for dashes.
  const response = await page.goto(`/track/${delivery.trackingId.toLowerCase().replaceAll('-', ' ')}`);
  expect(response!.status()).toBe(200);

  // In the receiver's language (Yorùbá, chosen at booking).
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tọpinpin ẹrù rẹ');
  await expect(page.getByRole('main')).toContainText(delivery.trackingId);
  const status = page.getByRole('region', { name: 'Ipò' });
  await expect(status).toContainText('Lójú ọ̀nà');
  await expect(status).toContainText('Àkókò ìfijíṣẹ́ àfojúsùn');

  // The timeline: paid and picked up are done with their times, in transit is now, the rest not yet.
  const steps = page.getByRole('region', { name: 'Ìlọsíwájú ìfijíṣẹ́' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(0)).toContainText('A ti forúkọ sílẹ̀, a sì ti sanwó');
  await expect(steps.nth(0).locator('time')).toBeVisible();
  await expect(steps.nth(2)).toContainText('A ti gbé ẹrù náà');
  await expect(steps.nth(2).locator('time')).toBeVisible();
  await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(3).locator('time')).toBeVisible();
  await expect(steps.nth(4)).toContainText('Kò tíì ṣẹlẹ̀');
  await expect(steps.nth(5)).toContainText('Kò tíì ṣẹlẹ̀');

  // Areas and a first name with an initial; no phone, no street, no full name.
  const details = page.getByRole('region', { name: 'Ìsọfúnni ìfijíṣẹ́' });
  // The area only, the address's widest part (decision 036): Lagos for both ends.
  await expect(details.getByText('Lagos', { exact: true })).toHaveCount(2);
  await expect(details).toContainText('Ngozi O.');
  const text = await page.locator('body').innerText();
  for (const secret of PRIVATE_TEXTS) expect(text, `shows "${secret}"`).not.toContain(secret);

  // Fits 360 px without sideways scrolling.
  const overflow = await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Another language is a plain link away.
  await page.getByRole('navigation', { name: 'Èdè' }).getByRole('link', { name: 'English (US)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your delivery');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('In transit');

  // An unknown id: a translated not-found page.
  const missing = await page.goto('/track/LF-2222-3333?lng=ha');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ba a sami lambar bin diddigi ba');
  await context.close();

  // Accessibility, measured where axe can run (it needs script; the page itself has none).
  const checked = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const axePage = await checked.newPage();
  await axePage.goto(`/track/${delivery.trackingId}`);
  const results = await new AxeBuilder({ page: axePage }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await checked.close();
  await customer.dispose();
  await operator.dispose();
});
