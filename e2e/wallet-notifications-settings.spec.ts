import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { signUpInBrowser } from './accounts.js';
import { toast } from './page-checks.js';

/**
 * Issue 11's browser test: wallet, live notifications and settings against the real server. The operator step
 * signs in as the operator e2e/serve.ts creates.
 */

const PASSWORD = 'Cargo!Lane-2718';

const signUp = (request: APIRequestContext, context: BrowserContext, name: string) =>
  signUpInBrowser(request, context, name, PASSWORD, 'wallet');

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Notifications/ });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('wallet, live notifications and settings (issue 11)', () => {
  test('top up on the sandbox → toast → balance, transactions and the bell in two tabs; withdraw; mark read → dismiss', async ({
    page,
    browser,
    context,
    request,
  }) => {
    // Three people (a customer in two tabs, a funded customer, an operator) in one journey.
    test.setTimeout(120_000);
    await signUp(request, context, 'Funmi Adeyemi');
    await page.goto('/dashboard/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
    const secondTab = await context.newPage();
    await secondTab.goto('/dashboard');
    await expect(bell(secondTab)).toHaveAccessibleName('Notifications');

    // Bad amounts never reach the server.
    await page.getByRole('button', { name: 'Top Up' }).click();
    for (const amount of ['abc', '0', '-5', '1.005']) {
      await page.getByLabel('Amount (₦)').fill(amount);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(toast(page, 'Invalid Amount')).toContainText('Please enter a valid amount');
    }
    // An amount far beyond the limit is still an amount: the limit is named.
    await page.getByLabel('Amount (₦)').fill('99999999999999');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(toast(page, 'The maximum amount is ₦5,000,000.00')).toContainText('Invalid Amount');

    await page.getByLabel('Amount (₦)').fill('5,000');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/dashboard\/wallet/);
    await expect(toast(page, 'Top-up Successful!')).toContainText('₦5,000.00 has been added to your wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');
    await expect(page.getByTestId('wallet-transactions')).toContainText('+₦5,000.00');

    // The wallet notification reaches the bell of both tabs without a reload.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell(secondTab)).toHaveAccessibleName('Notifications, 1 unread');

    // Withdraw: above the balance is refused here; test-mode money is refused by the server, and says so.
    const withdraw = async (on: Page, amount: string) => {
      await on.getByRole('button', { name: 'Withdraw' }).click();
      await on.getByLabel('Amount (₦)').fill(amount);
      await on.getByRole('combobox', { name: 'Bank' }).click();
      await on.getByRole('option', { name: 'Access Bank', exact: true }).click();
      await on.getByLabel('Account Number (10 digits)').fill('0123456784');
      await on.getByLabel('Account Name').fill('Funmi Adeyemi');
      await on.getByRole('button', { name: 'Withdraw', exact: true }).last().click();
    };
    await withdraw(page, '6,000');
    await expect(toast(page, 'Insufficient Balance')).toContainText("You don't have enough balance for this withdrawal");
    await page.getByLabel('Amount (₦)').fill('2,000');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).last().click();
    await expect(toast(page, 'Withdrawal Failed')).toContainText('Money added in test mode can pay for deliveries but cannot be withdrawn');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');
    await page.keyboard.press('Escape');

    // A customer with real money withdraws; an operator marks it paid; the customer sees it without a reload.
    const shipperContext = await browser.newContext();
    const shipper = await shipperContext.newPage();
    const shipperApi = shipperContext.request;
    const signedIn = await shipperApi.post('/api/login', { data: { identifier: E2E_FUNDED_CUSTOMER.email, password: E2E_FUNDED_CUSTOMER.password } });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    await shipper.goto('/dashboard/wallet');
    const before = (await shipper.getByTestId('wallet-balance').textContent()) ?? '';
    await withdraw(shipper, '2,000');
    const password = shipper.getByLabel('Password', { exact: true });
    if (await password.isVisible().catch(() => false)) {
      await password.fill(E2E_FUNDED_CUSTOMER.password);
      await shipper.getByRole('button', { name: 'Confirm and Withdraw' }).click();
    }
    await expect(toast(shipper, 'Withdrawal Successful!')).toContainText('₦2,000.00 has been withdrawn from your wallet');
    await expect(shipper.getByTestId('wallet-balance')).not.toHaveText(before);
    await expect(shipper.getByTestId('wallet-transactions')).toContainText('−₦2,000.00');

    // The operator, in a browser of their own, shows the whole account number, pays, and marks it paid.
    const operatorContext = await browser.newContext();
    const operatorIn = await operatorContext.request.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
    expect(operatorIn.ok(), await operatorIn.text()).toBeTruthy();
    const desk = await operatorContext.newPage();
    await desk.goto('/dashboard/operator/withdrawals');
    // A retry of this test may have left one like it: take the newest (the list's first).
    const card = desk.getByTestId('operator-withdrawal').filter({ hasText: '₦2,000.00' }).filter({ hasText: 'Funmi Adeyemi' }).first();
    await expect(card).toContainText('Access Bank · ******6784');
    await card.getByRole('button', { name: 'Show the account number of Funmi Adeyemi' }).click();
    await expect(card).toContainText('Access Bank · 0123456784');
    await card.getByRole('button', { name: 'Hide the account number of Funmi Adeyemi' }).click();
    await expect(card).toContainText('Access Bank · ******6784');
    await card.getByRole('button', { name: 'Mark paid: ₦2,000.00 to Funmi Adeyemi' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Mark ₦2,000.00 to Funmi Adeyemi as paid?' });
    // The bank's reference for the transfer (decision 089), which the shipper then sees on the wallet line.
    const reference = `NIP${Date.now()}`;
    await confirm.getByLabel("Bank's transfer reference").fill(reference);
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(toast(desk, 'Withdrawal Paid')).toContainText('₦2,000.00 marked paid.');
    await operatorContext.close();
    await expect(shipper.getByTestId('wallet-transactions')).toContainText('Paid');
    await expect(shipper.getByTestId('transaction-transfer-reference').first()).toHaveText(`Bank reference: ${reference}`);

    // Notifications: mark read, then dismiss, saved on the server (a reload shows the same).
    await bell(page).click();
    await expect(page).toHaveURL('/dashboard/notifications');
    const first = page.getByTestId('notification-item').first();
    await expect(first).toContainText('Wallet credited with ₦5,000.00');
    await expect(first).toContainText(/Just now|minute/);
    // Nine minutes on, the times read in Hausa and Igbo, which this Chromium's Intl has no words for (decision 093).
    const later = await page.context().newPage();
    await later.clock.setFixedTime(new Date(Date.now() + 9 * 60_000));
    for (const [lng, words] of [['ha', /^mintuna \d+ da suka wuce$/], ['ig', /^nkeji \d+ gara aga$/]] as const) {
      await later.goto(`/dashboard/notifications?lng=${lng}`);
      await expect(later.locator('html')).toHaveAttribute('lang', lng);
      await expect(later.getByTestId('notification-item').first().locator('time')).toHaveText(words);
    }
    await later.goto('/dashboard/notifications?lng=en-US');
    await expect(later.locator('html')).toHaveAttribute('lang', 'en-US');
    await later.close();

    const unreadBefore = await page.getByTestId('notification-item').and(page.locator('[data-read="false"]')).count();
    await first.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByTestId('notification-item').and(page.locator('[data-read="false"]'))).toHaveCount(unreadBefore - 1);
    const count = await page.getByTestId('notification-item').count();
    await page.getByTestId('notification-item').first().getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('notification-item')).toHaveCount(count - 1);
    await page.reload();
    await expect(page.getByTestId('notification-item')).toHaveCount(count - 1);
    await expect(bell(page)).toHaveAccessibleName('Notifications');


    // Mark all as read, where there is something unread: the shipper's withdrawal notice.
    await expect(bell(shipper)).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell(shipper).click();
    await shipper.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(shipper)).toHaveAccessibleName('Notifications');
    await expect(shipper.getByTestId('notification-item').and(shipper.locator('[data-read="false"]'))).toHaveCount(0);
    await shipperContext.close();
  });

  test('settings: profile, picture and preferences, each with its toast; Cancel discards', async ({ page, context, request }) => {
    await signUp(request, context, 'Chidi Eze');
    await page.goto('/dashboard/settings');

    await page.getByLabel('Full Name').fill('Somebody Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('Chidi Eze');

    await page.getByLabel('Full Name').fill('Chidi N. Eze');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile Updated')).toContainText('Your profile information has been updated successfully.');
    await expect(page.getByRole('complementary').getByText('Chidi N. Eze')).toBeVisible();

    await page.locator('#avatar-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please choose a JPEG, PNG or WebP image').first()).toBeVisible();
    await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Profile Updated')).toContainText('Your profile picture has been updated.');
    await expect(page.getByTestId('settings-avatar-image')).toBeVisible();

    await page.getByLabel('Delivery Updates').check();
    await page.getByLabel('SMS Notifications').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Notification Preferences Updated')).toContainText('Your notification preferences have been saved.');
    await page.reload();
    await expect(page.getByLabel('Delivery Updates')).toBeChecked();
    await expect(page.getByLabel('Promotional Emails')).not.toBeChecked();
  });
});
