import { expect, test } from '@playwright/test';

/** The browser suite pays through the sandbox gateway, so every page must say that payments are simulated. */

test('the prerendered landing page shows the test-mode banner before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Test mode' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('No real money is taken or paid out.');
  await context.close();
});

test('every page of the app shows the test-mode banner, in the visitor’s language', async ({ page }) => {
  for (const path of ['/', '/auth', '/forgot-password', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Test mode' }), path).toBeVisible();
  }
  await page.goto('/auth?lng=fr');
  await expect(page.getByRole('region', { name: 'Mode test' })).toContainText('Aucun argent réel');
});
