import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { sameOrigin, inTwoDays } from './api.js';
import { toast } from './page-checks.js';

/**
 * Issue 24's honest errors (docs/decisions/060), against the real server: "API Not Available" only for a real
 * network failure or a 5xx; while offline a banner says so and nothing else complains; the app recovers by itself
 * when the connection returns; a submit that fails for the network keeps what was typed.
 */

const PASSWORD = 'Offline!Lane-2718';
const OFFLINE_TEXT = 'You are offline. We will retry when the connection returns.';

const banner = (page: Page) => page.getByTestId('offline-banner');
const sidebar = (page: Page) => page.getByRole('complementary').getByRole('navigation', { name: 'Dashboard' });

/** A signed-in change must come from the app's own origin (docs/decisions/019), as the booking form's would. */

async function bookFor(request: APIRequestContext, receiverName: string): Promise<string> {
  const response = await request.post('/api/book-delivery', {
    headers: sameOrigin(),
    data: {
      receiverName,
      receiverPhone: '+2348031234567',
      pickupLocation: '12 Marina Road, Lagos Island, Lagos',
      dropoffLocation: '5 Admiralty Way, Lekki, Lagos',
      packageType: 'documents',
      packageWeight: 'light',
      transportMode: 'van',
      deliveryType: 'standard',
      deliveryTime: 'morning',
      deliveryDate: inTwoDays(),
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test.describe('offline and recovery', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a request cancelled by a navigation raises no "API Not Available"', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Ngozi Obi', PASSWORD, 'offline');
    const aborted: string[] = [];
    page.on('requestfailed', (failed) => {
      if (failed.url().includes('/api/wallet/transactions')) aborted.push(failed.failure()?.errorText ?? '');
    });
    // The wallet's history answers slowly, so leaving the page cancels it while it is still on its way.
    await page.route('**/api/wallet/transactions**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-activeDeliveries')).toHaveText('0');
    const sent = page.waitForRequest((request) => request.url().includes('/api/wallet/transactions'));
    await sidebar(page).getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL('/dashboard/wallet');
    await sent;
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect.poll(() => aborted.length).toBe(1);
    // Long enough for the held answer to have been let through and any toast to have shown.
    await page.waitForTimeout(2_000);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByText('API Not Available')).toHaveCount(0);
    await expect(banner(page)).toBeEmpty();
  });

  test('offline: a banner and no error toast; back online, the data loads without a reload', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Emeka Nwosu', PASSWORD, 'offline');
    await page.goto('/dashboard/my-deliveries');
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await expect(banner(page)).toBeEmpty();
    // Set on this document: still there afterwards means nothing reloaded the page.
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    await context.setOffline(true);
    await expect(banner(page)).toHaveText(OFFLINE_TEXT);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toHaveAttribute('aria-live', 'polite');

    // Meanwhile a delivery is booked elsewhere (the test's own connection is not the browser's).
    const id = await bookFor(request, 'Chinedu Okafor');

    // A search typed while offline waits instead of failing.
    await page.getByLabel('Search deliveries').fill('Chinedu');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Searching for “Chinedu”…' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { name: 'Searching for “Chinedu”…' })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    await context.setOffline(false);
    await expect(banner(page)).toBeEmpty();
    await expect(page.getByRole('heading', { name: 'Matches for “Chinedu”: 1' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(id);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  });

  test('a submit that fails offline says so and keeps what was typed; sent again once back online', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Amaka Eze', PASSWORD, 'offline');
    await page.goto('/dashboard/settings');
    const name = page.getByLabel('Full Name');
    await expect(name).toHaveValue('Amaka Eze');

    await context.setOffline(true);
    await expect(banner(page)).toHaveText(OFFLINE_TEXT);
    await name.fill('Amaka N. Eze');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'You are offline')).toContainText(
      'It could not be sent. What you entered is kept: send it again when the connection returns.',
    );
    await expect(page.getByText('API Not Available')).toHaveCount(0);
    await expect(name).toHaveValue('Amaka N. Eze');

    await context.setOffline(false);
    await expect(banner(page)).toBeEmpty();
    // The profile asked again on reconnect does not overwrite the edit.
    await page.waitForTimeout(500);
    await expect(name).toHaveValue('Amaka N. Eze');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile Updated')).toBeVisible();
    await expect(page.getByRole('complementary').getByText('Amaka N. Eze')).toBeVisible();
  });

  test('a page whose code cannot be fetched offline says so, and loads by itself when the connection returns', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Kunle Ade', PASSWORD, 'offline');
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-activeDeliveries')).toHaveText('0');
    await context.setOffline(true);
    // Tracking's code has not been fetched yet in this visit.
    await sidebar(page).getByRole('link', { name: 'Tracking' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await context.setOffline(false);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Tracking');
  });

  test('no answer while the browser thinks it is online: "API Not Available" once, the banner, then back by itself', async ({
    page,
    context,
    request,
  }) => {
    await signUpInBrowser(request, context, 'Tunde Bakare', PASSWORD, 'offline');
    const id = await bookFor(request, 'Bisi Adewale');
    await page.goto('/dashboard/my-deliveries');
    await expect(page.getByRole('main')).toContainText(id);
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    // The search gets no answer at all once, as when the server cannot be reached; the browser stays online.
    await page.route('**/api/deliveries/search?*', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.getByLabel('Search deliveries').fill('Bisi');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'API Not Available')).toBeVisible();
    await expect(banner(page)).toHaveText('We cannot reach Lanefreight right now. We will retry when the connection returns.');
    // The app asks the server again by itself; once it answers, the banner goes and the search is answered.
    await expect(page.getByRole('heading', { name: 'Matches for “Bisi”: 1' })).toBeVisible({ timeout: 15_000 });
    await expect(banner(page)).toBeEmpty();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'API Not Available' })).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  });

  test('a session check that fails says so where the page would be, and asks again on request', async ({ page, context, request }) => {
    await signUpInBrowser(request, context, 'Ngozi Obi', PASSWORD, 'offline');
    let failing = true;
    await page.route('**/api/session', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' }),
          })
        : route.continue(),
    );
    await page.goto('/dashboard');
    // The client asks twice more before it gives up (a 5xx may pass).
    const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'We could not check your sign-in' }) });
    await expect(failure).toContainText('API service is not available yet.', { timeout: 15_000 });
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

    failing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('stat-activeDeliveries')).toHaveText('0');
  });
});
