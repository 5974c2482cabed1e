import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { formatNaira } from '../src/shared/money.js';
import { codTermsOf, RATE_CARD } from '../src/shared/pricing.js';
import { registerVerified } from './accounts.js';
import { E2E_DRIVER, E2E_OPERATOR } from './operator.js';
import { choosePlace, LEKKI_PHASE_1, MARINA, priceOf } from './places.js';
import { messageTo } from './outbox.js';
import { signInAs, call } from './api.js';
import { toast } from './page-checks.js';

/**
 * Issue 22's pay-on-delivery journey, on the real server (fresh database, sandbox gateway, dev outbox):
 * 1. a shipper books a ₦20,000 pay-on-delivery order on the form (and pays the fee and the reserve from the wallet);
 * 2. the driver is refused the hand-over;
 * 3. the receiver opens the link from the dev outbox with JavaScript disabled, up to and through the sandbox's
 *    checkout (plain forms), and pays;
 * 4. the driver's screen turns "Paid" without a reload, and the driver hands over;
 * 5. the shipper's wallet shows ₦19,700 collected, and the reserve back.
 * The operator's assignment and the road's first steps go through the API: other specs click those.
 */

const PASSWORD = 'Cargo!Lane-2718';
const origin = () => new URL(test.info().project.use.baseURL!).origin;
const sameOrigin = () => ({ Origin: origin(), 'Idempotency-Key': randomUUID() });

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const tomorrow = () => {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test('pay on delivery: booked for ₦20,000, refused unpaid, paid by link without JavaScript, Paid live, handed over, ₦19,700 collected', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const email = await registerVerified(request, 'Funmi Stores', PASSWORD, 'cod-journey');
  const shipper = await signInAs(browser, { email, password: PASSWORD });
  const operator = await signInAs(browser, E2E_OPERATOR);
  const driver = await signInAs(browser, E2E_DRIVER, { width: 360, height: 740 });
  const receiverPhone = `+23470${String(Date.now()).slice(-8)}`;
  const feeKobo = await priceOf(request, MARINA, LEKKI_PHASE_1, { packageType: 'documents', packageWeight: 'light', transportMode: 'bike', deliveryType: 'standard' });
  const terms = codTermsOf(RATE_CARD, feeKobo, 2_000_000);
  expect(terms.settledKobo).toBe(1_970_000);

  // The shipper's wallet gets ₦10,000 on the sandbox, for the fee and the reserve.
  const topUp = await shipper.page.request.post('/api/wallet/top-ups', { data: { amountKobo: 1_000_000 }, headers: sameOrigin() });
  expect(topUp.ok(), await topUp.text()).toBeTruthy();
  await shipper.page.goto(((await topUp.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl);
  await shipper.page.getByRole('button', { name: 'Approve payment' }).press('Enter');
  await expect(shipper.page.getByTestId('wallet-balance')).toHaveText('₦10,000.00');

  // 1. The booking, on the form: ₦20,000 to collect.
  const page = shipper.page;
  await page.goto('/dashboard/book-delivery');
  await page.getByLabel('Receiver Name').fill('Ifeoma Okeke');
  await page.getByLabel('Receiver Phone Number').fill(receiverPhone);
  await choosePlace(page, 'Pickup Location', MARINA);
  await choosePlace(page, 'Dropoff Location', LEKKI_PHASE_1);
  await choose(page, 'Package Type', 'Documents');
  await choose(page, 'Package Weight', 'Light (0-5kg)');
  await choose(page, 'Mode of Transportation', 'Bike');
  await choose(page, 'Delivery Type', 'Standard');
  await choose(page, 'Delivery Time', 'Afternoon (12:00 – 6:00 PM)');
  await page.getByLabel('Delivery Date').fill(tomorrow());
  await page.getByRole('switch', { name: 'Pay on delivery' }).click();
  await page.getByLabel('Amount to collect (₦)').fill('20000');
  await expect(page.getByTestId('cod-settled')).toHaveText('₦19,700.00');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/delivery-preview\?delivery=LF\d{3,}/);
  const id = new URL(page.url()).searchParams.get('delivery')!;
  await page.getByRole('link', { name: 'Make Payments' }).click();
  await page.getByRole('button', { name: `Confirm Payment (${formatNaira(feeKobo + terms.reserveKobo)})` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment-success\\?delivery=${id}$`));

  const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
  await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });
  const code = /\b(\d{4})\b/.exec((await messageTo(request, receiverPhone, /this code only/)).replace(/https?:\/\/\S+/g, ''))![1]!;

  // 2. The driver is refused the hand-over while the receiver has not paid.
  await driver.page.goto('/dashboard/driver');
  const job = driver.page.getByRole('article').filter({ hasText: id });
  await expect(job.getByTestId('driver-job-cod-amount')).toHaveText('₦20,000.00');
  await expect(job.getByTestId('driver-job-cod-state')).toHaveText('Awaiting payment');
  await job.getByRole('button', { name: 'Mark delivered' }).click();
  const dialog = driver.page.getByRole('dialog');
  await dialog.getByLabel("Receiver's code").fill(code);
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(dialog.getByTestId('cod-unpaid')).toContainText('The receiver has not paid the ₦20,000.00 due on delivery yet.');
  await expect(dialog.getByTestId('cod-unpaid').getByRole('button', { name: 'Send the payment link again' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // 3. The receiver opens the link from the outbox, with JavaScript off, and pays on the sandbox's checkout.
  const link = /https?:\/\/\S+\/pay\/\S+/.exec(await messageTo(request, receiverPhone, /\/pay\//))![0];
  const receiver = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const payPage = await receiver.newPage();
  await payPage.goto(new URL(link).pathname);
  // The page writes the amount in the receiver's language, with the naira sign.
  await expect(payPage.getByText('₦20,000.00 is due on delivery', { exact: false })).toBeVisible();
  await payPage.getByRole('button', { name: 'Pay ₦20,000.00' }).click();
  await payPage.getByRole('button', { name: 'Approve payment' }).click();
  await expect(payPage.getByRole('heading', { name: 'Paid' })).toBeVisible();
  await receiver.close();

  // 4. "Paid" without a reload, then the hand-over.
  await expect(job.getByTestId('driver-job-cod-state')).toHaveText('Paid');
  await job.getByRole('button', { name: 'Mark delivered' }).click();
  await dialog.getByLabel("Receiver's code").fill(code);
  await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(toast(driver.page, 'Delivered')).toBeVisible();

  // 5. ₦19,700 collected; the reserve is back; the wallet holds the rest of the top-up plus what was collected.
  await page.goto('/dashboard/wallet');
  await expect(page.getByTestId('cod-collected')).toHaveText('₦19,700.00');
  await expect(page.getByTestId('cod-awaiting')).toHaveText('₦0.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatNaira(1_000_000 - feeKobo + 1_970_000));
  for (const context of [shipper.context, operator.context, driver.context]) await context.close();
});
