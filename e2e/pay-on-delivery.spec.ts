import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { formatNaira } from '../src/shared/money.js';
import { codTermsOf, RATE_CARD } from '../src/shared/pricing.js';
import { signUpInBrowser } from './accounts.js';
import { choosePlace, LEKKI_PHASE_1, MARINA, priceOf } from './places.js';

/**
 * Pay on delivery in the shipper's screens (issue 22, decision 053): the booking form's switch and amount with the
 * fee, reserve and what the shipper receives; the preview and the payment page charging the fee plus the reserve.
 */

const signUp = (request: APIRequestContext, context: BrowserContext, name: string) =>
  signUpInBrowser(request, context, name, 'Cargo!Lane-2718', 'cod');

function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const tomorrow = () => {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

async function fillBooking(page: Page) {
  await page.getByLabel('Receiver Name').fill('Ngozi Obi');
  await page.getByLabel('Receiver Phone Number').fill('+234 803 555 0142');
  await choosePlace(page, 'Pickup Location', MARINA);
  await choosePlace(page, 'Dropoff Location', LEKKI_PHASE_1);
  await choose(page, 'Package Type', 'Documents');
  await choose(page, 'Package Weight', 'Light (0-5kg)');
  await choose(page, 'Mode of Transportation', 'Bike');
  await choose(page, 'Delivery Type', 'Standard');
  await choose(page, 'Delivery Time', 'Afternoon (12PM-6PM)');
  await page.getByLabel('Delivery Date').fill(tomorrow());
}

const OPTIONS = { packageType: 'documents', packageWeight: 'light', transportMode: 'bike', deliveryType: 'standard' } as const;
const AMOUNT_KOBO = 2_000_000;

test.describe('pay on delivery: booking', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the switch and amount, the terms beside the form, the preview and the payment of fee plus reserve', async ({ page, request, context }) => {
    const errors = trackConsoleErrors(page);
    await signUp(request, context, 'Bola Merchant');
    const feeKobo = await priceOf(request, MARINA, LEKKI_PHASE_1, OPTIONS);
    const terms = codTermsOf(RATE_CARD, feeKobo, AMOUNT_KOBO);
    expect(terms).toMatchObject({ feeKobo: 30_000, settledKobo: 1_970_000, reserveKobo: Math.ceil(feeKobo / 2) });
    const payNow = formatNaira(feeKobo + terms.reserveKobo);

    await page.goto('/dashboard/book-delivery');
    await fillBooking(page);
    await expect(page.getByTestId('price-estimate')).toHaveText(formatNaira(feeKobo));
    await expect(page.getByTestId('cod-terms')).toHaveCount(0);

    // On: an amount is asked for, and one out of bounds is refused with the shared schema's words.
    const codSwitch = page.getByRole('switch', { name: 'Pay on delivery' });
    await expect(codSwitch).toHaveAttribute('aria-checked', 'false');
    await codSwitch.click();
    await expect(codSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('cod-terms-hint')).toBeVisible();
    const amount = page.getByLabel('Amount to collect (₦)');
    await amount.fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    const message = 'Enter an amount to collect from ₦100 to ₦500,000, in whole kobo';
    await expect(page.getByTestId('pay-on-delivery').getByRole('alert')).toHaveText(message);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' })).toContainText(message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    // ₦20,000: the fee (1.5 %), what the shipper receives, the reserve (half the delivery fee) and the sum paid now.
    await amount.fill('20,000');
    await expect(page.getByTestId('cod-amount')).toHaveText('₦20,000.00');
    await expect(page.getByTestId('cod-fee')).toHaveText('-₦300.00');
    await expect(page.getByTestId('cod-settled')).toHaveText('₦19,700.00');
    await expect(page.getByTestId('cod-reserve')).toHaveText(formatNaira(terms.reserveKobo));
    await expect(page.getByTestId('cod-pay-now')).toHaveText(payNow);

    // The server's quote agrees with the form's estimate.
    const places = async (q: string) => ((await (await request.get(`/api/places?q=${encodeURIComponent(q)}`)).json()) as { data: { items: { id: string; name: string }[] } }).data.items;
    const [pickup] = (await places(MARINA.search)).filter((item) => item.name === MARINA.name);
    const [dropoff] = (await places(LEKKI_PHASE_1.search)).filter((item) => item.name === LEKKI_PHASE_1.name);
    const quote = await request.post('/api/quotes', {
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      data: {
        pickup: { placeId: pickup!.id, line: MARINA.street },
        dropoff: { placeId: dropoff!.id, line: LEKKI_PHASE_1.street },
        ...OPTIONS,
        deliveryTime: 'afternoon',
        deliveryDate: tomorrow(),
        collectOnDelivery: { amountKobo: AMOUNT_KOBO },
      },
    });
    expect(quote.status(), await quote.text()).toBe(201);
    expect(((await quote.json()) as { data: { cod: unknown } }).data.cod).toEqual(terms);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard\/delivery-preview\?delivery=LF\d{3,}/);
    const deliveryId = new URL(page.url()).searchParams.get('delivery')!;
    await expect(page.getByTestId('price-total')).toHaveText(formatNaira(feeKobo));
    await expect(page.getByTestId('cod-amount')).toHaveText('₦20,000.00');
    await expect(page.getByTestId('cod-pay-now')).toHaveText(payNow);

    // Back to the form: the switch and the amount come back as booked.
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/book-delivery\\?delivery=${deliveryId}$`));
    await expect(page.getByRole('switch', { name: 'Pay on delivery' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Amount to collect (₦)')).toHaveValue('20000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/delivery-preview\\?delivery=${deliveryId}$`));
    await expect(page.getByTestId('cod-amount')).toHaveText('₦20,000.00');

    // The payment charges the delivery fee and the reserve, here from a wallet topped up with ₦10,000.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const topUp = await page.request.post('/api/wallet/top-ups', {
      data: { amountKobo: 1_000_000 },
      headers: { origin, 'idempotency-key': `cod-${Date.now()}` },
    });
    expect(topUp.ok(), await topUp.text()).toBeTruthy();
    await page.goto(((await topUp.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl);
    await page.getByRole('button', { name: 'Approve payment' }).press('Enter');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦10,000.00');

    await page.goto(`/dashboard/payment?delivery=${deliveryId}`);
    await expect(page.getByTestId('cod-pay-now')).toHaveText(payNow);
    await page.getByRole('button', { name: `Confirm Payment (${payNow})` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment-success\\?delivery=${deliveryId}$`));
    await expect(page.getByText(`You paid ${payNow}. Your delivery is booked.`)).toBeVisible();
    await page.goto('/dashboard/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText(formatNaira(1_000_000 - feeKobo - terms.reserveKobo));

    // My Deliveries: the pay-on-delivery column, awaiting the receiver's payment.
    await page.goto('/dashboard/my-deliveries');
    const row = page.getByRole('row').filter({ hasText: deliveryId });
    await expect(row.getByTestId('cod-value')).toContainText('₦20,000.00');
    await expect(row.getByTestId('cod-state')).toHaveText('Awaiting payment');

    expect(errors).toEqual([]);
  });

  test('at 360 px the form with pay on delivery on has no sideways scroll and passes axe', async ({ page, request, context }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUp(request, context, 'Kemi Phone');
    await page.goto('/dashboard/book-delivery');
    await fillBooking(page);
    await page.getByRole('switch', { name: 'Pay on delivery' }).click();
    await page.getByLabel('Amount to collect (₦)').fill('500000');
    await expect(page.getByTestId('cod-settled')).toHaveText('₦492,500.00');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});
