import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { call, shortTrip, v1QuoteBody } from './api.js';
import { CLIENT_ERROR_RESPONSE, trackConsoleErrors } from './page-checks.js';

/**
 * Decision 079: a merchant's test deliveries (booked with a test API key) stay off My Deliveries and the dashboard
 * until they turn on "Test deliveries"; then only those show, each wearing "Test", as does its own page.
 */
test.describe('test deliveries apart', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a merchant sees live deliveries, switches to test ones marked Test, and opens one', async ({ page, context, request, playwright, baseURL }) => {
    const errors = trackConsoleErrors(page, { allow: CLIENT_ERROR_RESPONSE });
    await signUpInBrowser(request, context, 'Ngozi Merchant', 'Cargo!Lane-3141', 'testmode');

    // Sandbox money from the browser suite's gateway pays the test key's booking.
    const topUp = await page.request.post('/api/wallet/top-ups', {
      data: { amountKobo: 2_000_000 },
      headers: { origin: new URL(baseURL!).origin, 'idempotency-key': `testmode-${Date.now()}` },
    });
    expect(topUp.ok(), await topUp.text()).toBeTruthy();
    await page.goto(((await topUp.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦20,000.00');

    // A live booking from the web, and a test one through the API with a test key.
    const live = (await call(request, '/api/book-delivery', shortTrip('+2348031234567', 'Ada Live'))) as { id: string };
    const { key } = (await call(request, '/api/api-keys', { name: 'Shop backend', mode: 'test' })) as { key: string };
    const backend = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    const placeId = async (q: string) =>
      ((await (await backend.get(`/api/v1/places?q=${encodeURIComponent(q)}`)).json()) as { items: { id: string }[] }).items[0]!.id;
    const quote = await backend.post('/api/v1/quotes', { data: await v1QuoteBody(placeId) });
    expect(quote.status(), await quote.text()).toBe(201);
    const booked = await backend.post('/api/v1/deliveries', {
      data: { quoteId: ((await quote.json()) as { id: string }).id, receiver: { name: 'Tobi Test', phone: '+2348037654321' } },
      headers: { 'idempotency-key': `testmode-book-${Date.now()}` },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const testDelivery = (await booked.json()) as { id: string; livemode: boolean };
    expect(testDelivery.livemode).toBe(false);
    await backend.dispose();

    // The dashboard's recent deliveries: the live one only.
    await page.goto('/dashboard?lng=en-US');
    const recent = page.getByRole('list', { name: 'Recent Deliveries' });
    await expect(recent.getByText(`#${live.id}`)).toBeVisible();
    await expect(recent.getByText(`#${testDelivery.id}`)).toHaveCount(0);

    // My Deliveries: live by default, with the switch off.
    await page.goto('/dashboard/my-deliveries?lng=en-US');
    const table = page.getByRole('table', { name: 'My Deliveries' });
    await expect(table.getByRole('row').filter({ hasText: live.id })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: testDelivery.id })).toHaveCount(0);
    await expect(page.getByTestId('test-badge')).toHaveCount(0);
    const modeSwitch = page.getByRole('switch', { name: 'Test deliveries' });
    await expect(modeSwitch).toBeVisible();
    await expect(modeSwitch).not.toBeChecked();

    // Switched on: only the test delivery, marked Test, under a notice saying what test deliveries are.
    await modeSwitch.click();
    await expect(page).toHaveURL(/[?&]mode=test/);
    await expect(modeSwitch).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'You are viewing test deliveries' })).toBeVisible();
    const testTable = page.getByRole('table', { name: 'Test deliveries' });
    const testRow = testTable.getByRole('row').filter({ hasText: testDelivery.id });
    await expect(testRow).toBeVisible();
    await expect(testRow.getByTestId('test-badge')).toHaveText('TestTest delivery: booked with a test API key');
    await expect(testRow.getByTestId('test-badge')).toBeVisible();
    await expect(testTable.getByRole('row').filter({ hasText: live.id })).toHaveCount(0);
    // The export follows the mode.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /mode=test/);

    // Its own page (tracking, as it is paid) says Test too.
    await testRow.getByRole('link', { name: `View delivery ${testDelivery.id}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/tracking\?id=/);
    // The list may still be on screen while the tracking page loads: read the badge beside the result's title.
    const resultTitle = page.getByRole('heading', { name: `Delivery ${testDelivery.id}` });
    await expect(resultTitle).toBeVisible();
    await expect(page.getByTestId('test-badge')).toHaveCount(1);
    await expect(page.getByTestId('test-badge')).toBeVisible();

    // Back to live: the switch off again, and the test delivery gone.
    await page.goto('/dashboard/my-deliveries?mode=test&lng=en-US');
    await page.getByRole('switch', { name: 'Test deliveries' }).click();
    await expect(page).not.toHaveURL(/mode=test/);
    await expect(page.getByRole('table', { name: 'My Deliveries' }).getByRole('row').filter({ hasText: live.id })).toBeVisible();
    await expect(page.getByTestId('test-badge')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a customer who never used the API sees no test switch', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Bola Customer', 'Cargo!Lane-3141', 'nomode');
    await call(request, '/api/book-delivery', shortTrip('+2348031234567'));
    await page.goto('/dashboard/my-deliveries?lng=en-US');
    await expect(page.getByRole('table', { name: 'My Deliveries' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('switch', { name: 'Test deliveries' })).toHaveCount(0);
  });
});
