import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { sameOrigin, signInAs, call, shortTrip } from './api.js';
import { toast } from './page-checks.js';

/**
 * The driver's on/off duty switch (decision 063), on the real server: the driver goes off duty on their home at
 * 360 px with the keyboard; the operator's open assign dialog shows it live (the `drivers.changed` signal) and offers
 * nothing to assign, and the API refuses the assignment with 409 DRIVER_OFF_DUTY. Booking and payment go through the API.
 */

const DRIVER_NAME = 'Musa Danjuma';
/** The run's one seeded driver goes back on duty whatever happened, for the specs that assign them. */
async function backOnDuty(request: APIRequestContext) {
  const response = await request.put('/api/driver/availability', { headers: sameOrigin(), data: { onDuty: true } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test('a driver goes off duty at 360 px; the operator sees it live and cannot assign them', async ({ browser }) => {
  test.setTimeout(120_000);
  const shipper = await signInAs(browser, E2E_FUNDED_CUSTOMER);
  const operator = await signInAs(browser, E2E_OPERATOR);
  const driver = await signInAs(browser, E2E_DRIVER, { width: 360, height: 740 });

  try {
    const booked = await call(shipper.context.request, '/api/book-delivery', shortTrip('+2348031234567'));
    const id = booked.id as string;
    await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'wallet' });

    // The operator opens the assign dialog while the driver is on duty, and chooses them.
    const board = operator.page;
    await board.goto(`/dashboard/operator/dispatch?q=${id}`);
    const card = board.getByRole('list', { name: `Deliveries matching “${id}”` }).getByRole('article', { name: `Delivery ${id}` });
    await card.getByRole('button', { name: 'Assign driver' }).click();
    const dialog = board.getByRole('dialog');
    const option = dialog.getByRole('radio', { name: new RegExp(DRIVER_NAME) });
    await expect(option).toBeEnabled();
    await option.check();

    // The driver's home, on a phone: the switch, labelled, on.
    const home = driver.page;
    await home.goto('/dashboard');
    const duty = home.getByRole('switch', { name: 'On duty' });
    await expect(duty).toHaveAttribute('aria-checked', 'true');
    await expect(home.getByTestId('driver-summary-available')).toHaveText('Yes');
    await expect(home.getByTestId('driver-duty')).toContainText('Operators can assign you new jobs.');
    const axe = await new AxeBuilder({ page: home }).include('[data-testid="driver-duty"]').analyze();
    expect(axe.violations).toEqual([]);

    // Off, with the keyboard.
    await duty.focus();
    await home.keyboard.press('Space');
    await expect(toast(home, 'You are off duty')).toBeVisible();
    await expect(duty).toHaveAttribute('aria-checked', 'false');
    await expect(duty).toBeFocused();
    await expect(home.getByTestId('driver-summary-available')).toHaveText('No, you are off duty');
    await expect(home.getByTestId('driver-duty')).toContainText('Operators cannot assign you new jobs.');
    expect(await home.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // It stays off after a reload: the server holds it.
    await home.reload();
    await expect(home.getByRole('switch', { name: 'On duty' })).toHaveAttribute('aria-checked', 'false');

    // The operator's open dialog shows it without a reload: labelled and no longer a choice.
    await expect(option).toBeDisabled();
    await expect(dialog.locator('label', { hasText: DRIVER_NAME })).toContainText('off duty');
    // No driver for this mode is on duty: nothing to assign to, and the API refuses the one chosen before.
    await expect(dialog).toContainText('No driver with a vehicle for this mode is on duty right now.');
    await expect(dialog.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
    const driverId = ((await (await driver.context.request.get('/api/session')).json()) as { data: { user: { id: string } } }).data.user.id;
    const refused = await operator.context.request.post(`/api/dispatch/deliveries/${id}/assign-driver`, { headers: sameOrigin(), data: { driverId } });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'DRIVER_OFF_DUTY', params: { name: DRIVER_NAME } });

    // Back on duty: the dialog offers them again.
    await home.getByRole('switch', { name: 'On duty' }).click();
    await expect(toast(home, 'You are on duty')).toBeVisible();
    await expect(option).toBeEnabled();
  } finally {
    await backOnDuty(driver.context.request);
    await Promise.all([shipper.context.close(), operator.context.close(), driver.context.close()]);
  }
});
