import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found screen with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL('/');
});

test('a route whose code fails to load shows the router error screen', async ({ page }) => {
  await page.route('**/assets/landing-*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(/Failed to fetch|dynamically imported module|Importing a module script failed/i);
});
