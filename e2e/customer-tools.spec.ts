import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signUpInBrowser } from './accounts.js';
import { E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { call, sameOrigin, shortTrip } from './api.js';
import { toast } from './page-checks.js';

/**
 * Issue 24, what a customer meets after booking and paying (decision 052): an unpaid booking says "Awaiting
 * payment" and offers Pay now; the wallet explains test-mode money; every payment, top-up and withdrawal leaves
 * a receipt in the mailbox.
 */

const PASSWORD = 'Cargo!Lane-2718';

async function book(request: APIRequestContext, receiverName = 'Chinedu Eze'): Promise<string> {
  const across = { pickupLocation: '12 Marina Road, Lagos Island, Lagos', dropoffLocation: '5 Admiralty Way, Lekki Phase 1, Lagos' };
  return (await call(request, '/api/book-delivery', { ...shortTrip('+2348031234567', receiverName), ...across })).id as string;
}

async function subjectsTo(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request.get(`/api/dev/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: { subject: string }[] }).data.map((message) => message.subject);
}

test.describe('customer tools', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an unpaid booking says "Awaiting payment" and Pay now opens its payment', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Adaeze Unpaid', PASSWORD, 'unpaid');
    const id = await book(request);

    await page.goto('/dashboard/my-deliveries');
    const row = page.getByRole('row').filter({ hasText: id });
    await expect(row).toContainText('Awaiting payment');
    await expect(row).not.toContainText('Pending');
    await expect(row.getByTestId('price-hold')).toHaveText(/^Price held until \d{1,2}:\d{2}/);
    // The filter groups stay the spec's: an unpaid booking is still found under Pending.
    await page.goto('/dashboard/my-deliveries?status=pending');
    await expect(page.getByRole('row').filter({ hasText: id })).toContainText('Awaiting payment');

    await page.goto('/dashboard');
    const recent = page.getByRole('list', { name: 'Recent Deliveries' }).getByRole('listitem').filter({ hasText: id });
    await expect(recent).toContainText('Awaiting payment');
    await recent.getByRole('link', { name: `Pay now for delivery ${id}` }).click();
    await expect(page).toHaveURL(`/dashboard/payment?delivery=${id}`);
    await expect(page.getByRole('radio', { name: 'Pay from Wallet Pay instantly' })).toBeVisible();

    // On a phone the card has it too.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/dashboard/my-deliveries');
    const card = page.getByTestId('delivery-card').filter({ hasText: id });
    await expect(card).toContainText('Awaiting payment');
    await card.getByRole('link', { name: `Pay now for delivery ${id}` }).click();
    await expect(page).toHaveURL(`/dashboard/payment?delivery=${id}`);
  });

  test('test-mode money is explained, and top-up, payment and withdrawal each email a receipt', async ({ page, context, request }) => {
    const email = await signUpInBrowser(request, context, 'Bola Receipts', PASSWORD, 'receipts');
    await page.goto('/dashboard/wallet');
    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (₦)').fill('5,000');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(toast(page, 'Top-up Successful!')).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');

    // The sandbox's money is test money: it pays for deliveries but never leaves.
    await expect(page.getByTestId('wallet-test-money')).toHaveText(
      'Includes ₦5,000.00 of test-mode money: it can pay for deliveries but cannot be withdrawn. You can withdraw ₦0.00.',
    );
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('withdraw-test-money')).toHaveText(
      'Your balance of ₦5,000.00 includes ₦5,000.00 added in test mode. Test-mode money can pay for deliveries but cannot be withdrawn.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect.poll(() => subjectsTo(request, email)).toContain('Lanefreight receipt: wallet top-up of ₦5,000.00');

    const id = await book(request);
    const paid = await request.post('/api/payments/initiate', { headers: sameOrigin(), data: { deliveryId: id, method: 'wallet' } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    await expect.poll(async () => (await subjectsTo(request, email)).some((subject) => subject.endsWith(`paid for delivery ${id}`))).toBe(true);
  });

  test('My Deliveries searches by receiver name or id, and exports CSV', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Chidi Search', PASSWORD, 'search');
    const amaka = await book(request, 'Amaka Obi');
    const tunde = await book(request, 'Tunde Bakare');

    await page.goto('/dashboard/my-deliveries');
    await page.getByLabel('Search deliveries').fill('amaka');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=amaka/);
    const results = page.getByRole('table', { name: 'Deliveries matching “amaka”' });
    await expect(results.getByRole('row').filter({ hasText: amaka })).toBeVisible();
    await expect(results.getByRole('row').filter({ hasText: tunde })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Matches for “amaka”: 1' })).toBeVisible();

    await page.getByLabel('Search deliveries').fill(tunde.toLowerCase());
    await page.getByLabel('Search deliveries').press('Enter');
    await expect(page.getByRole('table', { name: `Deliveries matching “${tunde.toLowerCase()}”` }).getByRole('row').filter({ hasText: tunde })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('table', { name: 'My Deliveries' }).getByRole('row').filter({ hasText: amaka })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lanefreight-deliveries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"Delivery ID","Tracking ID","Date","Route","Receiver","Amount","Status","Pay on delivery","Pay on delivery: paid?"');
    expect(csv).toContain(`"${amaka}"`);
    expect(csv).toContain(`"${tunde}"`);
    expect(csv).toContain('"Awaiting payment"');

    // A date range outside the days one may ask for is said at its fields and never sent (the server would refuse it).
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/deliveries\?/.test(request.url())) asked.push(request.url());
    });
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await from.fill('1900-01-01');
    await to.fill('9999-12-31');
    await page.getByRole('button', { name: 'Apply dates' }).click();
    const outOfBounds = page.getByRole('alert').filter({ hasText: /^Choose a date between Jan 1, 2020 and Dec 31, 20\d\d$/ });
    await expect(outOfBounds).toHaveCount(1);
    for (const field of [from, to]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/^Choose a date between/);
    }
    await expect(page).not.toHaveURL(/[?&](from|to)=/);
    await from.fill('2020-01-01');
    await expect(from).not.toHaveAttribute('aria-invalid', 'true');
    await to.fill('2020-01-02');
    await expect(outOfBounds).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply dates' }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-02/);
    await expect(page.getByText('No deliveries in these dates')).toBeVisible();
    expect(asked.filter((url) => /1900|9999/.test(url))).toEqual([]);
  });

  test('the operator reads the withdrawals history by status', async ({ browser }) => {
    const customer = await browser.newContext();
    const signedIn = await customer.request.post('/api/login', { data: { identifier: E2E_FUNDED_CUSTOMER.email, password: E2E_FUNDED_CUSTOMER.password } });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    const asked = await customer.request.post('/api/wallet/withdrawals', {
      headers: sameOrigin(),
      data: { bankCode: '058', accountNumber: '0016563228', accountName: 'Funded Shipper', amountKobo: 10_000 },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const withdrawal = ((await asked.json()) as { data: { id: string } }).data;
    await customer.close();

    const operator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const desk = await operator.request.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
    expect(desk.ok(), await desk.text()).toBeTruthy();
    const page = await operator.newPage();
    await page.goto('/dashboard/operator/withdrawals');
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 2 })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    const pending = page.getByTestId('operator-withdrawal').filter({ hasText: 'Funded Shipper' }).first();
    await pending.getByRole('button', { name: 'Mark paid: ₦100.00 to Funded Shipper' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark ₦100.00 to Funded Shipper as paid?' });
    const reference = `FT${Date.now()}`;
    await confirm.getByLabel("Bank's transfer reference").fill(reference);
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(toast(page, 'Withdrawal Paid')).toBeVisible();

    await page.getByLabel('Status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    const paid = page.getByTestId('operator-withdrawal').filter({ hasText: 'Funded Shipper' }).first();
    await expect(paid.getByTestId('withdrawal-status')).toHaveText('Paid');
    await expect(paid).toContainText('Completed');
    await expect(paid).toContainText(`Bank reference${reference}`);
    await expect(paid.getByRole('button', { name: /Mark paid/ })).toHaveCount(0);
    expect(withdrawal.id).toBeTruthy();
    await operator.close();
  });

  test('Settings changes the password: the current one first, other devices signed out', async ({ page, context, request, browser }) => {
    const email = await signUpInBrowser(request, context, 'Ifeoma Password', PASSWORD, 'password');
    const other = await browser.newContext();
    expect((await other.request.post('/api/login', { data: { identifier: email, password: PASSWORD } })).ok()).toBeTruthy();

    await page.goto('/dashboard/settings');
    const section = page.getByRole('form', { name: 'Change Password' });
    await section.getByLabel('Current Password', { exact: true }).fill('not-my-password');
    await section.getByLabel('New Password', { exact: true }).fill('Okada-Lekki-Bridge-42');
    await section.getByLabel('Confirm New Password').fill('Okada-Lekki-Bridge-4');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect(section.getByText('Passwords do not match')).toBeVisible();
    await section.getByLabel('Confirm New Password').fill('Okada-Lekki-Bridge-42');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect(section.getByLabel('Current Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText('Your current password is incorrect.')).toBeVisible();

    await section.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password Changed')).toBeVisible();
    await expect(section.getByLabel('New Password', { exact: true })).toHaveValue('');

    // The other device is signed out; this one goes on.
    expect((await other.request.get('/api/user-profile')).status()).toBe(401);
    expect((await request.get('/api/user-profile')).status()).toBe(200);
    await other.close();
    await expect.poll(() => subjectsTo(request, email)).toContain('The password of your Lanefreight account was changed');
  });

  test('sign-up links to real Terms and Privacy pages, in the visitor’s language, that fit a phone', async ({ page }) => {
    await page.goto('/auth?tab=signup');
    const terms = page.getByRole('link', { name: 'Terms and Conditions (opens in a new tab)' });
    await expect(terms).toHaveAttribute('href', '/terms');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })).toHaveAttribute('href', '/privacy');

    await page.setViewportSize({ width: 360, height: 780 });
    for (const [path, language, title] of [
      ['/terms', 'fr', 'Conditions générales'],
      ['/privacy', 'ha', 'Manufar Sirri'],
      ['/privacy', 'en-US', 'Privacy Policy'],
    ] as const) {
      await page.goto(`${path}?lng=${language}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });

  test('at 360 px in French, a double click pays and cancels once, and a payment put in the wallet says so in French', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpInBrowser(request, context, 'Ngozi Doubleclick', PASSWORD, 'double');
    // A French speaker's account: the screens follow it from page to page, the sandbox checkout's way back included
    // (decision 086); `?lng=fr` alone holds only the page it is on.
    await call(request, '/api/update/user-profile', { language: 'fr' });
    const toPay = await book(request);
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST') posts.push(new URL(sent.url()).pathname);
    });

    await page.goto(`/dashboard/payment?delivery=${toPay}&lng=fr`);
    await page.getByRole('radio', { name: /Payer via la plateforme/ }).click();
    await page.getByRole('button', { name: /Confirmer le paiement/ }).dblclick();
    await expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible();
    expect(posts.filter((path) => path === '/api/payments/initiate')).toHaveLength(1);

    // Cancelled while the payer was at the checkout: the approved payment goes to the wallet, and the page says so.
    await call(request, `/api/deliveries/${toPay}/cancel`, {});
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\?reference=/);
    const failure = page.getByRole('alert').filter({ hasText: "Nous n'avons pas pu confirmer votre paiement" });
    await expect(failure).toContainText(/Cette livraison ne pouvait plus recevoir le paiement\s:\s₦[\d,.]+ a donc été crédité sur votre portefeuille\./);
    await expect(failure).not.toContainText('This delivery');

    const toCancel = await book(request, 'Emeka Doubleclick');
    await page.goto('/dashboard/my-deliveries?lng=fr');
    await page.getByRole('button', { name: `Annuler la livraison ${toCancel}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler la livraison', exact: true }).dblclick();
    await expect(toast(page, 'Livraison annulée')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(posts.filter((path) => path === `/api/deliveries/${toCancel}/cancel`)).toHaveLength(1);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Livraison annulée' })).toHaveCount(1);
  });

  test('the dispatch board finds a paid delivery by its id or tracking id, and by its receiver from any tab', async ({ browser }) => {
    const customer = await browser.newContext();
    const signedIn = await customer.request.post('/api/login', { data: { identifier: E2E_FUNDED_CUSTOMER.email, password: E2E_FUNDED_CUSTOMER.password } });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    const id = await book(customer.request, 'Board Search Receiver');
    const paid = await customer.request.post('/api/payments/initiate', { headers: sameOrigin(), data: { deliveryId: id, method: 'wallet' } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    const detail = (await (await customer.request.get(`/api/deliveries/${id}`)).json()) as { data: { trackingId: string } };
    await customer.close();

    const operator = await browser.newContext({ viewport: { width: 360, height: 780 } });
    expect((await operator.request.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } })).ok()).toBeTruthy();
    const page = await operator.newPage();
    await page.goto('/dashboard/operator/dispatch');
    await page.getByLabel('Find a delivery').fill(detail.data.trackingId.toLowerCase());
    await page.getByLabel('Find a delivery').press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    const found = page.getByRole('list', { name: /^Deliveries matching/ }).getByRole('listitem').first();
    await expect(found).toContainText(id);
    await page.getByLabel('Find a delivery').fill('LF999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No delivery in “Unassigned” matches.', { exact: false })).toBeVisible();
    // A receiver's name is looked for in the tab on screen; the empty result offers every tab.
    await page.getByRole('tab', { name: 'Delivered' }).click();
    await page.getByLabel('Find a delivery').fill('Board Search Receiver');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No delivery in “Delivered” matches.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Search all deliveries' }).click();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: /^Deliveries matching/ }).getByRole('listitem').filter({ hasText: id })).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await operator.close();
  });
});
