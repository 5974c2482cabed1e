import { expect, test, type Page } from '@playwright/test';
import { trackConsoleErrors } from './page-checks.js';

/**
 * Every screen but the landing page needs its scripts to show anything (app.html). Until they run, a slow phone
 * shows the start frame the build put there (scripts/prerender.ts), not a blank page.
 */

const frame = (page: Page) => page.locator('#root > [aria-busy="true"]');

test('before any script runs, a screen of the app shows the brand, busy, under the test-mode banner', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/auth', '/dashboard/wallet']) {
    await page.goto(path);
    await expect(frame(page), path).toHaveText('Lanefreight');
    await expect(page.getByRole('region', { name: 'Test mode' }), path).toBeVisible();
  }
  await context.close();
});

test('the app replaces the start frame with the screen, without a hydration error', async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(frame(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Test mode' })).toHaveCount(1);
  expect(errors).toEqual([]);
});
