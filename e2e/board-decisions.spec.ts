import { expect, test } from '@playwright/test';
import { E2E_DRIVER, E2E_FUNDED_CUSTOMER, E2E_OPERATOR } from './operator.js';
import { call, shortTrip, signInAs } from './api.js';
import { toast } from './page-checks.js';

/**
 * The dispatcher's decision after a failed attempt (decision 087), on the real server: the card says why the attempt
 * failed without unfolding its history, and a return, which charges the sender its fee, is asked once more. Booking,
 * payment, assignment, the road and the failure go through the API: other specs click those.
 */
test('a failed attempt on the board says why, and the return is confirmed before the sender is charged', async ({ browser }) => {
  test.setTimeout(120_000);
  const shipper = await signInAs(browser, E2E_FUNDED_CUSTOMER);
  const operator = await signInAs(browser, E2E_OPERATOR);
  const driver = await signInAs(browser, E2E_DRIVER);

  const id = (await call(shipper.context.request, '/api/book-delivery', shortTrip('+2348035550101', 'Board Decision Receiver'))).id as string;
  await call(shipper.context.request, '/api/payments/initiate', { deliveryId: id, method: 'wallet' });
  const me = ((await (await driver.context.request.get('/api/user-profile')).json()) as { data: { id: string } }).data;
  await call(operator.context.request, `/api/dispatch/deliveries/${id}/assign-driver`, { driverId: me.id });
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) await call(driver.context.request, `/api/driver/jobs/${id}/status`, { status });
  await call(driver.context.request, `/api/driver/jobs/${id}/failed-attempt`, { reason: 'wrong_address', note: 'No house 14 on this street' });

  const page = operator.page;
  await page.goto('/dashboard/operator/dispatch?status=needs_decision');
  const card = page.getByRole('article', { name: `Delivery ${id}` });
  await expect(card.getByTestId('dispatch-failure')).toHaveText('Why it failed: Wrong address — No house 14 on this street');

  await card.getByRole('button', { name: 'Return to sender' }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${id} to its sender?` });
  await expect(dialog).toContainText('the sender pays the return fee');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toHaveCount(0);
  // Nothing was decided: the card still waits.
  await expect(card.getByTestId('dispatch-status')).toHaveText('Delivery attempt failed');

  await card.getByRole('button', { name: 'Return to sender' }).click();
  await dialog.getByRole('button', { name: 'Return to sender' }).click();
  const told = toast(page, `${id} is on its way back to the sender`);
  await expect(told).toBeVisible();
  // Below the top bar, once it has slid in: it never covers the operator's name or the menu (decision 090).
  const topBar = (await page.locator('header').first().boundingBox())!;
  await expect.poll(async () => (await told.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(topBar.y + topBar.height);
  await expect(dialog).toHaveCount(0);
  const after = (await (await shipper.context.request.get(`/api/deliveries/${id}`)).json()) as { data: { status: string } };
  expect(after.data.status).toBe('returning');
  for (const person of [shipper, operator, driver]) await person.context.close();
});
