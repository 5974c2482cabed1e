import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { longTrip, sameOrigin } from './api.js';
import { expectNoHorizontalScroll, expectShownWhole, trackConsoleErrors, toast } from './page-checks.js';

/**
 * Issue 24, as a person on a cheap phone would meet it (docs/decisions/048): at 360 px nothing scrolls sideways on
 * the wallet and My Deliveries, with ₦10,000,000.00 and long addresses, in every language; My Deliveries is a list
 * of cards; notifications keep their text wide and tracking ids whole; titles wrap rather than being cut; and at
 * 1280 px the same data fits My Deliveries' table and the dashboard's figures in every language. And the
 * role homes, the page a role cannot open, the partner success screen, and /auth without a failed request.
 */

const PASSWORD = 'Phone!Lane-2718';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const LANGUAGES = ['en-US', 'es', 'fr', 'de', 'pt', 'yo', 'ha', 'ig'] as const;

const topBarTitle = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });

/** Opens `path` in `language` (the app's ?lng=, as a language picker would set it) and waits for it to speak it. */
async function openIn(page: Page, path: string, language: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Two of the gateway's largest top-ups, through the Top Up dialog and the sandbox checkout: ₦10,000,000.00. */
async function topUpTenMillion(page: Page) {
  await page.goto('/dashboard/wallet?lng=en-US');
  for (const expected of ['₦5,000,000.00', '₦10,000,000.00']) {
    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (₦)').fill('5,000,000');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallet/);
    await expect(toast(page, 'Top-up Successful!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(expected);
    await page.goto('/dashboard/wallet?lng=en-US');
  }
}

/** A signed-in change must come from the app's own origin (docs/decisions/019), as the booking form's would. */

/** A booking with the long addresses people type in Lagos, through the API as the booking form sends it. */
async function bookLongTrip(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/book-delivery', {
    headers: sameOrigin(),
    data: longTrip('+2348031234567'),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function payFromWallet(request: APIRequestContext, deliveryId: string) {
  const response = await request.post('/api/payments/initiate', {
    headers: sameOrigin(),
    data: { deliveryId, method: 'wallet' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

async function signInAs(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: PHONE });
  const signedIn = await context.request.post('/api/login', { data: { identifier: account.email, password: account.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  return { context, page: await context.newPage() };
}

test.describe('a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test('wallet, My Deliveries and notifications fit in every language, with ₦10,000,000.00 and long addresses', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(300_000);
    await signUpInBrowser(request, context, 'Oluwaseun Adebayo-Okonkwo', PASSWORD, 'phone');
    await topUpTenMillion(page);
    const paid = await bookLongTrip(request);
    await payFromWallet(request, paid);
    const unpaid = await bookLongTrip(request);

    // My Deliveries: a card per delivery with everything the table has, and its buttons, within the screen.
    await page.goto('/dashboard/my-deliveries?lng=en-US');
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByRole('list', { name: 'My Deliveries' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    for (const id of [paid, unpaid]) {
      const card = cards.filter({ has: page.getByRole('heading', { name: id }) });
      await expect(card).toContainText('Plot 1415 Adetokunbo Ademola Street');
      await expect(card.getByText('Amount')).toBeVisible();
      await expect(card).toContainText('₦');
      const view = card.getByRole('link', { name: `View delivery ${id}` });
      const cancel = card.getByRole('button', { name: `Cancel delivery ${id}` });
      for (const control of [view, cancel]) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    await expect(cards.filter({ has: page.getByRole('heading', { name: paid }) })).toContainText('Pending');

    // The tracking id of the paid delivery, in its notification, stays on one line.
    await page.goto('/dashboard/notifications?lng=en-US');
    const paidNotice = page.getByTestId('notification-item').filter({ hasText: 'Tracking ID' }).first();
    await expect(paidNotice).toBeVisible();

    for (const language of LANGUAGES) {
      await openIn(page, '/dashboard/wallet', language);
      // ₦10,000,000.00 less the paid delivery: still eight digits.
      await expect(page.getByTestId('wallet-balance')).toHaveText(/^₦\d,\d{3},\d{3}\.\d{2}$/);
      await expect(page.getByTestId('transaction-amount').first()).toBeVisible();
      await expectNoHorizontalScroll(page, { what: `the wallet in ${language}`, width: PHONE.width });

      await openIn(page, '/dashboard/my-deliveries', language);
      await expect(page.getByTestId('delivery-card')).toHaveCount(2);
      await expectNoHorizontalScroll(page, { what: `My Deliveries in ${language}`, width: PHONE.width });

      await openIn(page, '/dashboard/notifications', language);
      const item = page.getByTestId('notification-item').first();
      await expect(item).toBeVisible();
      await expectNoHorizontalScroll(page, { what: `Notifications in ${language}`, width: PHONE.width });
      const layout = await page.getByTestId('notification-item').evaluateAll((items) =>
        items.map((element) => ({
          textWidth: element.querySelector('p')!.getBoundingClientRect().width,
          // Each id is one box: a tracking id broken at its hyphens would be two.
          idLines: [...element.querySelectorAll('p span.whitespace-nowrap')].map((span) => span.getClientRects().length),
        })),
      );
      for (const { textWidth, idLines } of layout) {
        expect(textWidth, `notification text in ${language}`).toBeGreaterThanOrEqual(200);
        for (const lines of idLines) expect(lines).toBe(1);
      }
      expect(layout.some(({ idLines }) => idLines.length >= 2), 'the payment notice names the delivery and its tracking id').toBeTruthy();

      // The top bar's title is whole: it wraps rather than ending in "…".
      await openIn(page, '/dashboard/book-delivery', language);
      const fits = await topBarTitle(page).evaluate((title) => title.scrollWidth <= title.clientWidth && getComputedStyle(title).textOverflow !== 'ellipsis');
      expect(fits, `the Book Deliveries title in ${language}`).toBeTruthy();
      await expectNoHorizontalScroll(page, { what: `Book Delivery in ${language}`, width: PHONE.width });
    }
    await page.goto('/dashboard/book-delivery?lng=en-US');
    await expect(topBarTitle(page)).toHaveText('Book Deliveries');

    // From xl (1280 px) up the same list is a table again. Beside the menu it fits its card in every language:
    // every column and each row's View and Cancel in sight without a sideways scroll; and the dashboard's money
    // figures (₦9,9…) are whole, not cut to "₦9,97…".
    await page.setViewportSize(DESKTOP);
    for (const language of LANGUAGES) {
      await openIn(page, '/dashboard/my-deliveries', language);
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      await expect(page.getByTestId('delivery-cards')).toBeHidden();
      await expect(table.locator('tbody tr')).toHaveCount(2);
      await expectNoHorizontalScroll(page, { what: `My Deliveries at 1280 px in ${language}`, width: DESKTOP.width });
      await expectShownWhole(table.locator('th, tbody td:last-child :is(a, button)'), { what: `My Deliveries' columns and buttons in ${language}` });

      await openIn(page, '/dashboard', language);
      await expect(page.getByTestId('stat-walletBalance')).toHaveText(/^₦\d,\d{3},\d{3}\.\d{2}$/);
      await expectShownWhole(page.locator('[data-testid^="stat-"]'), { what: `the dashboard's figures in ${language}` });
      await expectNoHorizontalScroll(page, { what: `the dashboard at 1280 px in ${language}`, width: DESKTOP.width });
    }
  });

  test('the wallet fits with a pending withdrawal to a long bank name, in every language', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await signInAs(browser, E2E_FUNDED_CUSTOMER);
    await page.goto('/dashboard/wallet?lng=en-US');
    await expect(page.getByTestId('wallet-balance')).toHaveText(/₦/);
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByLabel('Amount (₦)').fill('100');
    await page.getByRole('combobox', { name: 'Bank' }).click();
    await page.getByRole('option', { name: 'Moniepoint Microfinance Bank', exact: true }).click();
    await page.getByLabel('Account Number (10 digits)').fill('0123456784');
    await page.getByLabel('Account Name').fill('Kemi Balogun-Adeyemi Oluwatoyin');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).last().click();
    const password = page.getByLabel('Password', { exact: true });
    if (await password.isVisible().catch(() => false)) {
      await password.fill(E2E_FUNDED_CUSTOMER.password);
      await page.getByRole('button', { name: 'Confirm and Withdraw' }).click();
    }
    await expect(toast(page, 'Withdrawal Successful!')).toBeVisible();
    await expect(page.getByTestId('wallet-transactions')).toContainText('Moniepoint Microfinance Bank');
    for (const language of LANGUAGES) {
      await openIn(page, '/dashboard/wallet', language);
      await expect(page.getByTestId('wallet-transactions')).toContainText('Moniepoint Microfinance Bank');
      await expectNoHorizontalScroll(page, { what: `the wallet with a withdrawal in ${language}`, width: PHONE.width });
    }
    await context.close();
  });
});

test.describe('role homes and pages a role cannot open', () => {
  test('a driver going to /dashboard lands on their jobs; an operator on the dispatch board', async ({ browser }) => {
    const driver = await signInAs(browser, E2E_DRIVER);
    await driver.page.goto('/dashboard');
    await expect(driver.page).toHaveURL(/\/dashboard\/driver$/);
    await expect(topBarTitle(driver.page)).toHaveText('My Jobs');
    await expect(driver.page.getByRole('main').getByText('Active Deliveries')).toHaveCount(0);
    await driver.context.close();

    const operator = await signInAs(browser, E2E_OPERATOR);
    await operator.page.goto('/dashboard');
    await expect(operator.page).toHaveURL(/\/dashboard\/operator\/dispatch$/);
    await expect(topBarTitle(operator.page)).toHaveText('Dispatch');
    await operator.context.close();
  });

  test('a customer is told the dispatch board is not for their account, in their language', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Bisi Ogunleye', PASSWORD, 'phone');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/operator/dispatch');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openIn(page, '/dashboard/operator/dispatch', 'yo');
    await expect(main.getByRole('heading', { name: 'Kò sí fún àkáǹtì rẹ' })).toBeVisible();
  });

  test('/dashboard/partner-success sends someone who has not applied to Become a Partner', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Tope Aina', PASSWORD, 'phone');
    await page.goto('/dashboard/partner-success');
    await expect(page).toHaveURL(/\/dashboard\/become-partner$/);
    await expect(page.getByRole('heading', { name: 'Welcome to the Family!' })).toHaveCount(0);
  });

  test('a signed-out visit to /auth logs no error and no 401', async ({ page }) => {
    const errors = trackConsoleErrors(page);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });
});
