import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { formatNaira } from '../src/shared/money.js';
import { codTermsOf, RATE_CARD, returnFeeOf } from '../src/shared/pricing.js';
import { vatIncludedKobo } from '../src/shared/schemas/receipts.js';
import { registerVerified, signUpInBrowser } from './accounts.js';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { choosePlace, LEKKI_PHASE_1, MARINA, priceOf } from './places.js';
import { messageTo } from './outbox.js';
import { signInAs, call, shortTrip } from './api.js';
import { CLIENT_ERROR_RESPONSE, SHARED_TOASTER, expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors, toast } from './page-checks.js';

/**
 * Pay on delivery in the shipper's screens (issue 22, decision 053): the booking form's switch and amount with the
 * fee, reserve and what the shipper receives; the preview and the payment page charging the fee plus the reserve.
 */

const signUp = (request: APIRequestContext, context: BrowserContext, name: string) =>
  signUpInBrowser(request, context, name, 'Cargo!Lane-2718', 'cod');

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
  await choose(page, 'Delivery Time', 'Afternoon (12:00 – 6:00 PM)');
  await page.getByLabel('Delivery Date').fill(tomorrow());
}

const OPTIONS = { packageType: 'documents', packageWeight: 'light', transportMode: 'bike', deliveryType: 'standard' } as const;
const AMOUNT_KOBO = 2_000_000;

test.describe('pay on delivery: booking', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the switch and amount, the terms beside the form, the preview and the payment of fee plus reserve', async ({ page, request, context }) => {
    test.setTimeout(150_000);
    const errors = trackConsoleErrors(page, { allow: CLIENT_ERROR_RESPONSE });
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
    const message = `Enter an amount to collect from ${formatNaira(RATE_CARD.cod.minAmountKobo)} to ${formatNaira(RATE_CARD.cod.maxAmountKobo)}, in whole kobo`;
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
    await expect(page.getByRole('columnheader', { name: 'Pay on delivery' })).toBeVisible();
    // The Payment filter goes into the URL as kind, and keeps the pay-on-delivery order.
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(page, 'Payment', 'Pay on delivery');
    await expect(page).toHaveURL(/kind=pay_on_delivery/);
    await expect(row.getByTestId('cod-value')).toContainText('₦20,000.00');
    // On a phone, the card carries the same line, and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    const card = page.getByTestId('delivery-card').filter({ hasText: deliveryId });
    await expect(card.getByTestId('cod-value')).toContainText('₦20,000.00');
    await expect(card.getByTestId('cod-state')).toHaveText('Awaiting payment');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

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
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });
});

const bookingBody = (receiverPhone: string) => shortTrip(receiverPhone, 'Amaka Nwosu');

test.describe('pay on delivery: the driver and the shipper', () => {
  test('the driver sees the amount due, is refused the hand-over until the receiver pays, sends the link again, sees "Paid" live and hands over; the shipper sees it collected', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const shipper = await signInAs(browser, E2E_FUNDED_CUSTOMER);
    const operator = await signInAs(browser, E2E_OPERATOR);
    // The driver's phone.
    const driver = await signInAs(browser, E2E_DRIVER, { width: 360, height: 740 });
    const receiverPhone = `+23480${String(Date.now()).slice(-8)}`;
    const kobo = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

    const booked = await call(shipper.context.request, '/api/book-delivery', { ...bookingBody(receiverPhone), collectOnDelivery: { amountKobo: 500_000 } });
    const id = booked.id as string;
    await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'wallet' });
    // A prepaid booking beside it, which the pay-on-delivery filter leaves out.
    const prepaid = (await call(shipper.context.request, '/api/book-delivery', bookingBody(receiverPhone))).id as string;
    const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
    await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });
    const code = /\b(\d{4})\b/.exec((await messageTo(driver.context.request, receiverPhone, /this code only/)).replace(/https?:\/\/\S+/g, ''))![1]!;

    // The shipper follows it on the tracking page: pay on delivery, awaiting the receiver's payment.
    const trackingId = ((await (await shipper.context.request.get(`/api/deliveries/${id}`)).json()) as { data: { trackingId: string } }).data.trackingId;
    const tracking = await shipper.context.newPage();
    await tracking.goto(`/dashboard/tracking?id=${trackingId}`);
    await expect(tracking.getByTestId('tracking-cod')).toContainText('₦5,000.00');
    await expect(tracking.getByTestId('tracking-cod').getByTestId('cod-state')).toHaveText('Awaiting payment');

    // The operator's board, on a phone: the card says what the driver collects and that the receiver has not paid.
    await operator.page.setViewportSize({ width: 360, height: 740 });
    await operator.page.goto(`/dashboard/operator/dispatch?status=active&q=${id}`);
    const boardCard = operator.page.getByRole('article', { name: `Delivery ${id}` }).first();
    await expect(boardCard.getByTestId('dispatch-cod')).toContainText('Due on delivery');
    await expect(boardCard.getByTestId('dispatch-cod-amount')).toHaveText('₦5,000.00');
    await expect(boardCard.getByTestId('dispatch-cod-state')).toHaveText('Awaiting payment');
    await expect(operator.page.getByRole('article', { name: `Delivery ${prepaid}` })).toHaveCount(0);
    const boardOverflow = await operator.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(boardOverflow).toBeLessThanOrEqual(0);

    // The shipper's wallet: ₦5,000 awaits nothing yet (unpaid), nothing collected.
    await shipper.page.goto('/dashboard/wallet');
    await expect(shipper.page.getByTestId('cod-awaiting')).toHaveText(/₦/);
    const collectedBefore = (await shipper.page.getByTestId('cod-collected').textContent())!;
    const awaitingBefore = (await shipper.page.getByTestId('cod-awaiting').textContent())!;

    // The driver's job: the amount due, unpaid, and the link to send again.
    await driver.page.goto('/dashboard/driver');
    const job = driver.page.getByRole('article').filter({ hasText: id });
    await expect(job.getByTestId('driver-job-cod-amount')).toHaveText('₦5,000.00');
    await expect(job.getByTestId('driver-job-cod-state')).toHaveText('Awaiting payment');
    await expect(job.getByTestId('driver-job-cod-note')).toContainText('The receiver pays ₦5,000.00 through the link we sent');

    // The hand-over is refused, in the error's own words, with the link to send again.
    await job.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = driver.page.getByRole('dialog');
    await dialog.getByLabel("Receiver's code").fill(code);
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    const refusal = dialog.getByTestId('cod-unpaid');
    await expect(refusal).toContainText('The receiver has not paid the ₦5,000.00 due on delivery yet. Send them the payment link again.');
    await expect(dialog.getByTestId('attempts-left')).toHaveText('5 attempts left');
    await refusal.getByRole('button', { name: 'Send the payment link again' }).click();
    await expect(toast(driver.page, 'Payment link sent to the receiver again')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const overflow = await driver.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The receiver pays through the newest link, on the sandbox's checkout.
    const payLink = /https?:\/\/\S+\/pay\/\S+/.exec(await messageTo(driver.context.request, receiverPhone, /\/pay\//))![0];
    const receiver = await browser.newContext();
    const payPage = await receiver.newPage();
    await payPage.goto(new URL(new URL(payLink).pathname, test.info().project.use.baseURL!).toString());
    await payPage.getByRole('button', { name: /Pay/ }).click();
    await payPage.getByRole('button', { name: 'Approve payment' }).click();
    await expect(payPage.getByRole('heading', { name: 'Paid' })).toBeVisible();

    // The shipper's tracking says Paid, and the wallet, still open, counts it as awaiting settlement, without a reload
    // (delivery.cod_paid).
    await expect(tracking.getByTestId('tracking-cod').getByTestId('cod-state')).toHaveText('Paid');
    await expect(tracking.getByTestId('tracking-cod-amount')).toHaveText('₦5,000.00');
    // It says what the shipper gets at the hand-over: ₦4,900 after the ₦100 fee, and the reserve back (decision 092).
    await expect(tracking.getByTestId('tracking-cod-terms')).toContainText('You receive on delivery');
    await expect(tracking.getByTestId('tracking-cod-terms')).toContainText(formatNaira(490_000));
    await expect.poll(async () => kobo((await shipper.page.getByTestId('cod-awaiting').textContent())!)).toBe(kobo(awaitingBefore) + 500_000);
    // The board (which polls; a reload is the operator's own) says Paid too.
    await operator.page.reload();
    await expect(boardCard.getByTestId('dispatch-cod-state')).toHaveText('Paid');

    // The driver's screen turns "Paid" without a reload, and the hand-over goes through.
    await expect(job.getByTestId('driver-job-cod-state')).toHaveText('Paid');
    await expect(job.getByTestId('driver-job-cod-note')).toHaveText('The receiver has paid. You can hand the parcel over.');
    await job.getByRole('button', { name: 'Mark delivered' }).click();
    await dialog.getByLabel("Receiver's code").fill(code);
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(toast(driver.page, 'Delivered')).toBeVisible();
    await tracking.reload();
    await expect(tracking.getByTestId('tracking-cod')).toContainText('Paid into your wallet at hand-over, with the return reserve back.');

    // The shipper: collected less the fee (₦100 at least), and My Deliveries says paid.
    await shipper.page.reload();
    await expect.poll(async () => kobo((await shipper.page.getByTestId('cod-collected').textContent())!)).toBe(kobo(collectedBefore) + 490_000);
    await expect(shipper.page.getByTestId('cod-awaiting')).toHaveText(awaitingBefore);
    await shipper.page.goto('/dashboard/my-deliveries?kind=pay_on_delivery');
    const row = shipper.page.getByRole('row').filter({ hasText: id });
    await expect(row.getByTestId('cod-state')).toHaveText('Paid');
    // Only pay-on-delivery orders are listed; without the filter the prepaid one is there too, marked so.
    await expect(shipper.page.getByRole('row').filter({ hasText: prepaid })).toHaveCount(0);
    await shipper.page.goto('/dashboard/my-deliveries');
    await expect(shipper.page.getByRole('row').filter({ hasText: prepaid }).getByText('Prepaid', { exact: true })).toBeAttached();

    // The money credited at the hand-over has its numbered receipt: ₦5,000 collected, the ₦100 fee (the only part with
    // VAT), the reserve back, and what the wallet was credited.
    const reserveKobo = returnFeeOf(RATE_CARD, (booked.price as { total: number }).total);
    await shipper.page.goto('/dashboard/receipts');
    const listed = shipper.page.getByRole('link').filter({ hasText: `Collected on delivery · ${id}` });
    await expect(listed).toContainText(formatNaira(490_000 + reserveKobo));
    await listed.click();
    await expect(shipper.page).toHaveURL(/\/dashboard\/receipts\/[0-9a-f-]{36}$/);
    await expect(shipper.page.getByRole('heading', { name: /^Receipt R\d{6,}$/ })).toBeVisible();
    await expect(shipper.page.getByTestId('receipt-cod-collected')).toHaveText('₦5,000.00');
    await expect(shipper.page.getByTestId('receipt-cod-fee')).toHaveText('-₦100.00');
    await expect(shipper.page.getByTestId('receipt-vat')).toHaveText('₦6.98');
    await expect(shipper.page.getByTestId('receipt-cod-reserve')).toHaveText(formatNaira(reserveKobo));
    await expect(shipper.page.getByTestId('receipt-total')).toHaveText(formatNaira(490_000 + reserveKobo));
    await expect(shipper.page.getByText('Credited to your wallet', { exact: true })).toBeVisible();
    // The booking's payment held the reserve as a deposit: VAT on the delivery's price only (decision 080).
    const priceKobo = (booked.price as { total: number }).total;
    await shipper.page.goto('/dashboard/receipts');
    await shipper.page.getByRole('link').filter({ hasText: `Delivery payment · ${id}` }).click();
    await expect(shipper.page.getByTestId('receipt-reserve')).toHaveText(formatNaira(reserveKobo));
    await expect(shipper.page.getByTestId('receipt-vat')).toHaveText(formatNaira(vatIncludedKobo(priceKobo, 750)));
    await expect(shipper.page.getByTestId('receipt-total')).toHaveText(formatNaira(priceKobo + reserveKobo));
    await expect(shipper.page.getByText('The return reserve is a deposit, not a sale, so it carries no VAT.', { exact: false })).toBeVisible();
    // Printed, a sandbox deployment's receipt still says that no real money moved.
    await shipper.page.emulateMedia({ media: 'print' });
    await expect(shipper.page.getByTestId('receipt-test-mode')).toBeVisible();
    await expect(shipper.page.getByRole('region', { name: 'Test mode' })).toBeHidden();
    await shipper.page.emulateMedia({ media: 'screen' });
    for (const context of [shipper.context, operator.context, driver.context, receiver]) await context.close();
  });
});

test.describe('pay on delivery: a parcel sent back', () => {
  test('a returned pay-on-delivery order no longer says the receiver owes, nor when it will arrive', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const email = await registerVerified(request, 'Kemi Returns', 'Cargo!Lane-2718', 'codback');
    const shipper = await signInAs(browser, { email, password: 'Cargo!Lane-2718' });
    const operator = await signInAs(browser, E2E_OPERATOR);
    const driver = await signInAs(browser, E2E_DRIVER);

    const booked = await call(shipper.context.request, '/api/book-delivery', { ...bookingBody(`+23481${String(Date.now()).slice(-8)}`), collectOnDelivery: { amountKobo: 500_000 } });
    const id = booked.id as string;
    const checkout = await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'card' });
    await shipper.page.goto(checkout.checkoutUrl as string);
    await shipper.page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(shipper.page).toHaveURL(/\/dashboard\/payment-success/);
    const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
    await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });

    // Out for delivery: awaiting the receiver's payment, with an estimate.
    await shipper.page.goto('/dashboard/my-deliveries');
    const row = shipper.page.getByRole('row').filter({ hasText: id });
    await expect(row.getByTestId('cod-state')).toHaveText('Awaiting payment');
    await expect(row.getByText('No estimate')).toHaveCount(0);

    // Refused, and brought back to the shipper: nothing is awaited from the receiver, and no arrival is promised.
    await call(driver.context.request, `/api/driver/jobs/${id}/failed-attempt`, { reason: 'refused' });
    await call(shipper.context.request, `/api/deliveries/${id}/after-failure`, { decision: 'return' });
    // On its way back the driver's job asks nothing of anyone, and pays the driver's share of the return's fee.
    await driver.page.goto('/dashboard/driver');
    const job = driver.page.getByRole('article').filter({ hasText: id });
    await expect(job.getByTestId('driver-job-status')).toHaveText('Returning to sender');
    await expect(job.getByTestId('driver-job-earnings')).toHaveText(formatNaira(Math.floor((returnFeeOf(RATE_CARD, (booked.price as { total: number }).total) * 70) / 100)));
    await expect(job.getByText('Due on delivery')).toHaveCount(0);
    await expect(job.getByTestId('driver-job-cod-amount')).toHaveCount(0);
    await expect(job.getByTestId('driver-job-cod-state')).toHaveCount(0);
    const code = /\b(\d{4})\b/.exec((await messageTo(driver.context.request, email, /coming back to you/)).replace(/https?:\/\/\S+/g, ''))![1]!;
    await call(driver.context.request, `/api/driver/jobs/${id}/deliver`, { code });
    await shipper.page.reload();
    await expect(row.getByText('Returned', { exact: true })).toBeVisible();
    await expect(row.getByTestId('cod-value')).toHaveText('₦5,000.00');
    await expect(row.getByTestId('cod-state')).toHaveCount(0);
    await expect(row.getByText('No estimate')).toBeAttached();
    for (const context of [shipper.context, operator.context, driver.context]) await context.close();
  });
});

test.describe('pay on delivery: what is owed', () => {
  test('a prepaid order returned with nothing in the wallet shows the return fee as Owed, taken from the next top-up', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const email = await registerVerified(request, 'Tunde Owes', 'Cargo!Lane-2718', 'owed');
    const shipper = await signInAs(browser, { email, password: 'Cargo!Lane-2718' });
    const operator = await signInAs(browser, E2E_OPERATOR);
    const driver = await signInAs(browser, E2E_DRIVER);

    // Booked and paid by card, so the wallet stays empty.
    const booked = await call(shipper.context.request, '/api/book-delivery', bookingBody(`+23481${String(Date.now()).slice(-8)}`));
    const id = booked.id as string;
    const feeKobo = (booked.price as { total: number }).total;
    const checkout = await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'card' });
    await shipper.page.goto(checkout.checkoutUrl as string);
    await shipper.page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(shipper.page).toHaveURL(/\/dashboard\/payment-success/);

    // Assigned, out, not delivered, and returned to the shipper with the code they were sent.
    const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
    await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });
    await call(driver.context.request, `/api/driver/jobs/${id}/failed-attempt`, { reason: 'receiver_unavailable' });
    await call(shipper.context.request, `/api/deliveries/${id}/after-failure`, { decision: 'return' });
    const code = /\b(\d{4})\b/.exec((await messageTo(driver.context.request, email, /coming back to you/)).replace(/https?:\/\/\S+/g, ''))![1]!;
    await call(driver.context.request, `/api/driver/jobs/${id}/deliver`, { code });

    // The wallet could not pay the return fee (half the delivery fee): it is owed, and the page says when it is taken.
    const owed = formatNaira(returnFeeOf(RATE_CARD, feeKobo));
    await shipper.page.goto('/dashboard/wallet');
    await expect(shipper.page.getByTestId('wallet-owed')).toHaveText(owed);
    await expect(shipper.page.getByText(`You owe ${owed} from a return fee your wallet could not cover. It is taken from your next top-up or payment.`)).toBeVisible();
    await expect(shipper.page.getByTestId('cod-collected')).toHaveText('₦0.00');
    await expect(shipper.page.getByTestId('cod-awaiting')).toHaveText('₦0.00');
    for (const context of [shipper.context, operator.context, driver.context]) await context.close();
  });
});
