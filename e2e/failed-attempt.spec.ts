import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { call, shortTrip } from './api.js';
import { formatNaira } from '../src/shared/money.js';
import { RATE_CARD, returnFeeOf } from '../src/shared/pricing.js';
import { expectNoAxeViolations, expectNoHorizontalScroll, toast } from './page-checks.js';

/**
 * Issue 22's failed attempt and return (decision 053, the lifecycle without its money yet), on the real server: the
 * driver cannot hand the parcel over and says why on their job; the shipper has it brought back from My Deliveries;
 * the driver hands it back with the code the shipper was sent (read from the dev outbox); the shipper sees it
 * returned. Booking, payment, assignment and the road's steps go through the API: other specs click those. Along the
 * way the shipper's tracking page keeps the road so far, says why the attempt failed and offers the decision; the
 * receiver's public page says it failed without why, and a return ends with the return (decision 085).
 */

/** What a progress step reads: its title, its state and what follows. */
const step = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: new RegExp(`^${title} \\(`) });

/** Every message the dev outbox holds for this recipient, newest first. */
async function messagesTo(request: APIRequestContext, recipient: string) {
  return ((await (await request.get(`/api/dev/messages?to=${encodeURIComponent(recipient)}`)).json()) as { data: { body: string }[] }).data;
}

async function signInAs(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const signedIn = await context.request.post('/api/login', { data: { identifier: account.email, password: account.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  return { context, page: await context.newPage() };
}

/** The newest 4-digit code in a message to this recipient, the tracking link taken out before looking. */
async function codeSentTo(request: APIRequestContext, recipient: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = ((await (await request.get(`/api/dev/messages?to=${encodeURIComponent(recipient)}`)).json()) as { data: { body: string }[] }).data;
      const withCode = messages.find((message) => /coming back to you/.test(message.body));
      code = withCode ? /\b(\d{4})\b/.exec(withCode.body.replace(/https?:\/\/\S+/g, ''))?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('a failed attempt, then a return to the shipper with their code', async ({ browser }) => {
  test.setTimeout(120_000);
  const shipper = await signInAs(browser, E2E_FUNDED_CUSTOMER);
  const operator = await signInAs(browser, E2E_OPERATOR);
  const driver = await signInAs(browser, E2E_DRIVER);

  const receiverPhone = `+234803${String(Date.now()).slice(-7)}`;
  const booked = await call(shipper.context.request, '/api/book-delivery', shortTrip(receiverPhone));
  const id = booked.id as string;
  // The driver's share (70 %, DRIVER_EARNINGS_PERCENT's default) of the return's fee: what the return pays.
  const returnShare = formatNaira(Math.floor((returnFeeOf(RATE_CARD, (booked.price as { total: number }).total) * 70) / 100));
  const paid = await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'wallet' });
  const trackingId = (paid.delivery as { trackingId: string }).trackingId;
  const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
  await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });

  // The driver cannot hand it over, and says why.
  const job = driver.page.getByRole('article').filter({ hasText: id });
  await driver.page.goto('/dashboard/driver');
  await job.getByRole('button', { name: 'Could not deliver' }).click();
  const dialog = driver.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose why the parcel could not be handed over');
  await dialog.getByLabel('Receiver not available').check();
  await dialog.getByLabel('Note (required for "Other")').fill('Gate locked, called twice');
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(toast(driver.page, 'Failed attempt recorded')).toBeVisible();
  await expect(job.getByTestId('driver-job-status')).toHaveText('Delivery attempt failed');

  // The shipper sees the attempt failed, not "In Transit", and why, on the row itself.
  const row = shipper.page.getByRole('row').filter({ hasText: id });
  await shipper.page.goto('/dashboard/my-deliveries');
  await expect(row.getByText('Attempt failed')).toBeVisible();
  await expect(row.getByTestId('failed-attempt-note')).toHaveText('Why it failed: Receiver not available — Gate locked, called twice');

  // Their tracking page, on a phone: the road so far with its times, the failure and why, no promised arrival.
  await shipper.page.setViewportSize({ width: 360, height: 800 });
  await shipper.page.goto(`/dashboard/tracking?id=${trackingId}`);
  await expect(shipper.page.getByTestId('tracking-status')).toHaveText('Delivery attempt failed');
  for (const title of ['Package Picked Up', 'In Transit', 'Out for Delivery']) {
    await expect(step(shipper.page, title)).toContainText('(Completed)');
    await expect(step(shipper.page, title).getByText(/\d:\d{2}/)).toBeVisible();
  }
  await expect(step(shipper.page, 'Delivery Attempt Failed')).toContainText('(Current)');
  await expect(step(shipper.page, 'Delivery Attempt Failed')).toContainText('Receiver not available — Gate locked, called twice');
  await expect(step(shipper.page, 'Delivered')).toContainText('(Pending)');
  await expect(shipper.page.getByText('Estimated Delivery')).toHaveCount(0);
  await expect(shipper.page.getByTestId('tracking-failed-attempt')).toContainText('Receiver not available — Gate locked, called twice');
  await expectNoHorizontalScroll(shipper.page, { what: 'the tracking page after a failed attempt' });
  await expectNoAxeViolations(shipper.page, { what: 'the tracking page after a failed attempt' });

  // The receiver's public page says the attempt failed, and nothing of why.
  const stranger = await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false });
  const publicPage = await stranger.newPage();
  await publicPage.goto(`/track/${trackingId}?lng=en-US`);
  await expect(publicPage.locator('.badge')).toHaveText('Delivery attempt failed');
  await expect(publicPage.getByText('The parcel could not be handed over. The sender decides whether it is tried again or returned.')).toBeVisible();
  await expect(publicPage.getByText(/Estimated delivery|Gate locked|Receiver not available/)).toHaveCount(0);
  const timeline = publicPage.getByRole('region', { name: 'Delivery progress' }).getByRole('listitem');
  await expect(timeline.filter({ hasText: 'Delivery attempt failed' })).toHaveAttribute('aria-current', 'step');
  await expectNoHorizontalScroll(publicPage, { what: 'the public tracking page after a failed attempt' });

  // The shipper has it brought back from the tracking page; the road now ends with the return, not "Delivered".
  await shipper.page.getByRole('button', { name: `Have delivery ${id} brought back to you` }).click();
  await expect(toast(shipper.page, `${id} is coming back to you`)).toBeVisible();
  await expect(shipper.page.getByTestId('tracking-status')).toHaveText('Returning to sender');
  await expect(step(shipper.page, 'Returning to Sender')).toContainText('(Current)');
  await expect(step(shipper.page, 'Delivered')).toHaveCount(0);
  await expect(shipper.page.getByRole('button', { name: `Have delivery ${id} brought back to you` })).toHaveCount(0);
  await shipper.page.setViewportSize({ width: 1280, height: 900 });
  await shipper.page.goto('/dashboard/my-deliveries');
  await expect(row.getByText('Returning')).toBeVisible();

  // The driver is told, without a reload (decision 086); the job says what the return pays.
  await expect(job.getByTestId('driver-job-status')).toHaveText('Returning to sender');
  await expect(job.getByTestId('driver-job-earnings')).toHaveText(returnShare);
  await driver.page.goto('/dashboard/notifications');
  await expect(driver.page.getByTestId('notification-item').filter({ hasText: `${id}: bring it back to the sender` })).toHaveCount(1);

  // The receiver is told by SMS that it is going back.
  await expect
    .poll(async () => (await messagesTo(shipper.context.request, receiverPhone)).some((m) => m.body.includes('is being returned to the sender') && m.body.includes(`/track/${trackingId}`)))
    .toBe(true);

  // The driver hands it back with the shipper's code.
  const code = await codeSentTo(driver.context.request, E2E_FUNDED_CUSTOMER.email);
  await driver.page.goto('/dashboard/driver');
  await expect(job.getByTestId('driver-job-status')).toHaveText('Returning to sender');
  await job.getByRole('button', { name: 'Hand back to sender' }).click();
  await expect(driver.page.getByRole('dialog').getByRole('heading', { name: `Hand back ${id} to the sender` })).toBeVisible();
  await driver.page.getByRole('dialog').getByLabel("Sender's code").fill(code);
  await driver.page.getByRole('dialog').getByRole('button', { name: 'Confirm return' }).click();
  await expect(toast(driver.page, 'Handed back to the sender')).toContainText(`${returnShare} is added to your earnings.`);
  await expect(job).toHaveCount(0);

  await shipper.page.reload();
  await expect(row.getByText('Returned')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.locator('.badge')).toHaveText('Returned');
  await expect(timeline.last()).toContainText('Returned');
  await expect(timeline.filter({ hasText: /^Delivered/ })).toHaveCount(0);
  await expect(publicPage.getByText('Not yet')).toHaveCount(0);
  await stranger.close();

  // The return's fee (half the delivery fee) left the shipper's wallet, and the driver earned their share of it.
  await shipper.page.goto('/dashboard/wallet');
  await expect(shipper.page.getByText(`Return fee for delivery ${id}`)).toBeVisible();
  await driver.page.goto('/dashboard/wallet');
  await expect(driver.page.getByText(`Return earnings for delivery ${id}`)).toBeVisible();
  await expect(driver.page.getByText(`+${returnShare}`).first()).toBeVisible();
  // A driver who ships no pay-on-delivery orders has no pay-on-delivery block to misread (decision 086).
  await expect(driver.page.getByTestId('wallet-balance')).toBeVisible();
  await expect(driver.page.getByRole('heading', { name: 'Pay on delivery' })).toHaveCount(0);
  await expect(driver.page.getByTestId('cod-collected')).toHaveCount(0);
  for (const person of [shipper, operator, driver]) await person.context.close();
});
