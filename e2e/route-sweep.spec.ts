import { readFileSync } from 'node:fs';
import { expect, test, type APIRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerVerified } from './accounts.js';
import { E2E_DRIVER, E2E_OPERATOR } from './operator.js';
import { messageTo, readHandoverCode } from './outbox.js';
import { longTrip, call, sameOrigin, shortTrip } from './api.js';
import { SHARED_TOASTER, expectNoAxeViolations, expectNoClippedButtons, expectNoHorizontalScroll } from './page-checks.js';

/**
 * Issue 24's sweeps over every route, as the role that opens it, with realistic data (a long name, long addresses,
 * a paid and an unpaid booking, a pay-on-delivery order, a delivery an operator completed with a note of one
 * unbroken 200-character word and whose driver got a 500-character comment): in each of the eight languages at 360 px nothing scrolls
 * sideways and no raw text key shows; and axe finds nothing in light and dark at 1280 and 360 px, the server-rendered
 * pages (public tracking, the receiver's pay page, the sandbox checkout) included.
 */

const PASSWORD = 'Sweep!Lane-2718';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES = ['en-US', 'es', 'fr', 'de', 'pt', 'yo', 'ha', 'ig'] as const;

/** The catalogue's top-level sections: a text starting with one of them and a dot is a key nobody translated. */
const KEY_SECTIONS = Object.keys(JSON.parse(readFileSync('public/locales/en-US/translation.json', 'utf8')) as object);
// Not inside an address or a name that merely starts so ("dispatch.desk@example.com").
const RAW_KEY = new RegExp(`(?<![\\w.@/-])(?:${KEY_SECTIONS.join('|')})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*(?![\\w@.-])`, 'g');

type Role = 'visitor' | 'customer' | 'driver' | 'operator';
interface Fixture {
  trackingId: string;
  deliveredTrackingId: string;
  payPath: string;
}

/** A note and a comment as people type them: one word with no place to break, at the longest each field takes. */
const UNBROKEN_NOTE = 'x'.repeat(200);
const LONG_COMMENT = `Late by an hour. ${'x'.repeat(483)}`;

/**
 * Every route of the app and the role that opens it; `{trackingId}` is the customer's paid delivery,
 * `{deliveredTrackingId}` the one an operator completed and the customer rated.
 */
const ROUTES: Array<{ role: Role; path: string }> = [
  ...['/', '/auth', '/forgot-password', '/rates', '/terms', '/privacy', '/no-such-page'].map((path) => ({ role: 'visitor' as const, path })),
  ...[
    '/dashboard',
    '/dashboard/book-delivery',
    '/dashboard/my-deliveries',
    // With a date range applied, the filter also offers to clear it.
    '/dashboard/my-deliveries?from=2024-01-01',
    '/dashboard/imports',
    '/dashboard/wallet',
    '/dashboard/receipts',
    '/dashboard/tracking?id={trackingId}',
    '/dashboard/tracking?id={deliveredTrackingId}',
    '/dashboard/notifications',
    '/dashboard/settings',
    '/dashboard/developers',
    '/dashboard/become-partner',
    '/dashboard/transportation-partner-form',
    '/dashboard/investment-partner-form',
    '/dashboard/operator/dispatch',
  ].map((path) => ({ role: 'customer' as const, path })),
  { role: 'driver', path: '/dashboard/driver' },
  ...['/dashboard/operator/dispatch', '/dashboard/operator/dispatch?status=delivered', '/dashboard/operator/applications', '/dashboard/operator/withdrawals'].map((path) => ({
    role: 'operator' as const,
    path,
  })),
];

/** A browser-less session of one of e2e/operator.ts's accounts. */
async function sessionOf(requests: APIRequest, account: { email: string; password: string }) {
  const request = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await request.post('/api/login', { data: { identifier: account.email, password: account.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return request;
}

/**
 * A delivery the driver took out and could not hand over (five wrong codes), which an operator then completed with
 * `UNBROKEN_NOTE`, and whose driver the customer rated with `LONG_COMMENT`: its tracking id.
 */
async function completeByOperator(requests: APIRequest, customer: APIRequestContext): Promise<string> {
  const operator = await sessionOf(requests, E2E_OPERATOR);
  const driver = await sessionOf(requests, E2E_DRIVER);
  const receiverPhone = `+23481${String(Date.now()).slice(-8)}`;
  const booked = (await call(customer, '/api/book-delivery', shortTrip(receiverPhone, 'Oluwaseun Adebayo-Okonkwo Chukwuemeka'))) as { id: string };
  const paid = (await call(customer, '/api/payments/initiate', { deliveryId: booked.id, method: 'wallet' })) as { delivery: { trackingId: string } };
  const driverId = ((await (await driver.get('/api/user-profile')).json()) as { data: { id: string } }).data.id;
  await call(operator, `/api/dispatch/deliveries/${booked.id}/assign-driver`, { driverId });
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver, `/api/driver/jobs/${booked.id}/status`, { status });
  const wrongCode = String((Number(await readHandoverCode(driver, receiverPhone)) + 1) % 10_000).padStart(4, '0');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const refused = await driver.post(`/api/driver/jobs/${booked.id}/deliver`, { headers: sameOrigin(), data: { code: wrongCode } });
    expect([422, 423], await refused.text()).toContain(refused.status());
  }
  await call(operator, `/api/dispatch/deliveries/${booked.id}/complete`, { note: UNBROKEN_NOTE });
  await call(customer, `/api/deliveries/${booked.id}/rating`, { stars: 3, comment: LONG_COMMENT });
  await Promise.all([operator.dispose(), driver.dispose()]);
  return paid.delivery.trackingId;
}

/**
 * A customer with a long name, ₦50,000 topped up on the sandbox, a paid and an unpaid long trip, a
 * pay-on-delivery order whose receiver got their pay link, and a delivery completed by an operator and rated
 * (completeByOperator). Its session is in `request`.
 */
async function prepareCustomer(browser: Browser, requests: APIRequest, request: APIRequestContext): Promise<Fixture & { storage: Awaited<ReturnType<APIRequestContext['storageState']>> }> {
  await registerVerified(request, 'Oluwaseun Adebayo-Okonkwo', PASSWORD, 'sweep');
  const storage = await request.storageState();
  const context = await browser.newContext({ storageState: storage });
  const page = await context.newPage();
  const topUp = (await call(request, '/api/wallet/top-ups', { amountKobo: 5_000_000 })) as { checkoutUrl: string };
  await page.goto(topUp.checkoutUrl);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');
  await context.close();

  const paid = (await call(request, '/api/book-delivery', longTrip('+2348031234567'))) as { id: string };
  const payment = (await call(request, '/api/payments/initiate', { deliveryId: paid.id, method: 'wallet' })) as { delivery: { trackingId: string } };
  await call(request, '/api/book-delivery', longTrip('+2348031234568'));
  const receiverPhone = `+23470${String(Date.now()).slice(-8)}`;
  const cod = (await call(request, '/api/book-delivery', { ...longTrip(receiverPhone), collectOnDelivery: { amountKobo: 2_000_000 } })) as { id: string };
  await call(request, '/api/payments/initiate', { deliveryId: cod.id, method: 'wallet' });
  const link = /https?:\/\/\S+\/pay\/\S+/.exec(await messageTo(request, receiverPhone, /\/pay\//))![0];
  const deliveredTrackingId = await completeByOperator(requests, request);

  return { trackingId: payment.delivery.trackingId, deliveredTrackingId, payPath: new URL(link).pathname, storage };
}

async function signedIn(browser: Browser, role: Role, customerStorage: Fixture & { storage: object }) {
  if (role === 'visitor') return browser.newContext({ viewport: PHONE });
  if (role === 'customer') return browser.newContext({ viewport: PHONE, storageState: customerStorage.storage as never });
  const context = await browser.newContext({ viewport: PHONE });
  const account = role === 'driver' ? E2E_DRIVER : E2E_OPERATOR;
  const response = await context.request.post('/api/login', { data: { identifier: account.email, password: account.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return context;
}

/** The role's routes with the fixture's ids in them; a visitor also opens the public tracking and pay pages. */
function pathsOf(role: Role, fixture: Fixture): string[] {
  const paths = ROUTES.filter((route) => route.role === role).map((route) =>
    route.path.replace('{trackingId}', fixture.trackingId).replace('{deliveredTrackingId}', fixture.deliveredTrackingId),
  );
  return role === 'visitor' ? [...paths, `/track/${fixture.trackingId}`, fixture.payPath] : paths;
}

/** Waits until the page speaks `language` and has nothing left loading (skeletons, busy regions). */
async function settled(page: Page, language: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // The route's own code has loaded: its main region and its title are there.
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}

async function expectFitsAndSpeaks(page: Page, what: string) {
  // What a reader can unfold (a delivery's history on the board) must fit too.
  await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
  // Soft: one run lists every page that does not fit or shows a key, not only the first.
  await expectNoHorizontalScroll(page, { what, soft: true, width: PHONE.width });
  await expectNoClippedButtons(page, { what, soft: true });
  const keys = await page.evaluate((pattern) => {
    // What a reader reads, less code and names that are never translated (an API's event types, `translate="no"`).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('code, pre, script, style, [translate="no"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const read: string[] = [];
    while (walker.nextNode()) read.push(walker.currentNode.textContent ?? '');
    const text = `${read.join(' ')} ${[...document.querySelectorAll('[aria-label],[placeholder],[title]')]
      .map((element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('title') ?? ''}`)
      .join(' ')}`;
    return text.match(new RegExp(pattern, 'g')) ?? [];
  }, RAW_KEY.source);
  expect.soft(keys, `${what} shows raw text keys`).toEqual([]);
}

/** The app's dark theme (the class its toggle sets) and the system's, for the server-rendered pages. */
async function applyTheme(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
  // Links and tabs fade to the theme's colours (transition-colors): axe must read them once they have arrived.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

test.describe.configure({ mode: 'serial' });

let fixture: Fixture & { storage: Awaited<ReturnType<APIRequestContext['storageState']>> };

test.beforeAll(async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  fixture = await prepareCustomer(browser, playwright.request, request);
  await request.dispose();
});

test('every route fits 360 px in each of the eight languages and shows no raw text key', async ({ browser }) => {
  test.setTimeout(600_000);
  for (const role of ['visitor', 'customer', 'driver', 'operator'] as const) {
    const context = await signedIn(browser, role, fixture);
    const page = await context.newPage();
    const paths = pathsOf(role, fixture);
    for (const path of paths) {
      // The pay page speaks its receiver's language (English here), whatever the address says.
      for (const language of path === fixture.payPath ? (['en-US'] as const) : LANGUAGES) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
        await settled(page, language);
        await expectFitsAndSpeaks(page, `${path} as ${role} in ${language}`);
      }
    }
    await context.close();
  }
});

test('axe finds nothing on any route in light and dark at 1280 and 360 px', async ({ browser }) => {
  test.setTimeout(600_000);
  for (const role of ['visitor', 'customer', 'driver', 'operator'] as const) {
    const context = await signedIn(browser, role, fixture);
    const page = await context.newPage();
    const paths = pathsOf(role, fixture);
    for (const path of paths) {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      await settled(page, 'en-US');
      for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 360]] as const) {
        await page.setViewportSize(viewport);
        for (const theme of ['light', 'dark'] as const) {
          await applyTheme(page, theme);
          await expectNoAxeViolations(page, { what: `${path} as ${role}, ${theme}, ${width} px`, soft: true, exclude: [SHARED_TOASTER] });
        }
      }
    }
    await context.close();
  }
});

test('the sandbox checkout the receiver pays on has no axe violations, light and dark, at 360 and 1280 px', async ({ browser }) => {
  // Axe runs as a script in the page: the checkout is server-rendered and the same without one.
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(fixture.payPath);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expectNoAxeViolations(page, { what: `the sandbox checkout, ${theme}, ${viewport.width} px`, soft: true, exclude: [SHARED_TOASTER] });
    }
  }
  await context.close();
});
