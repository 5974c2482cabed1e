import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';

/**
 * Issue 23's developers page, keys part: a test key is created, shown once with its copy button, listed by its last
 * four characters only, works on /api/v1, and stops working once revoked; the quick start speaks to this server.
 */
test.describe('developers page: API keys', () => {
  test('create a test key, see it once, use it, revoke it', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpInBrowser(request, context, 'Kemi Adebayo', 'Cargo!Lane-2718', 'developer');
    await page.goto('/dashboard/developers');
    await expect(page.getByRole('heading', { name: 'Developers', level: 2 })).toBeVisible();
    const section = page.getByTestId('api-keys-section');
    await expect(section.getByText('No API keys yet.')).toBeVisible();

    // A name is required, said beside the field.
    await section.getByRole('button', { name: 'Create key' }).click();
    await expect(section.getByText('Give the key a name of up to 60 characters')).toBeVisible();

    await section.getByLabel('Key name').fill('Online shop');
    await expect(section.getByRole('radio', { name: 'Test' })).toBeChecked();
    await section.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(dialog.getByText('it will not be shown again')).toBeVisible();
    const key = await dialog.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(/^lf_test_[0-9A-Za-z]{32}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // Listed by name and last four; the key itself is nowhere on the page any more, nor after a reload.
    const item = section.getByTestId('api-key');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Online shop');
    await expect(item).toContainText(`lf_test_…${key.slice(-4)}`);
    await page.reload();
    await expect(section.getByTestId('api-key')).toHaveCount(1);
    expect(await page.content()).not.toContain(key);

    const v1 = () => request.get('/api/v1/deliveries', { headers: { authorization: `Bearer ${key}` } });
    expect((await v1()).status()).toBe(200);

    // The quick start speaks to this very server.
    await expect(page.getByTestId('quick-start')).toContainText(`export LF_API=${baseURL}/api/v1`);
    // A new account has no test money: the quick start says so before the first booking, and where to top up.
    await expect(page.getByTestId('quick-start-test-money')).toContainText('a new account has none');
    await expect(page.getByTestId('quick-start-test-money').getByRole('link', { name: 'Top up on the Wallet page' })).toHaveAttribute('href', '/dashboard/wallet');

    // Phone width, light and dark: nothing wider than the screen; the keys and the quick start pass axe.
    await page.setViewportSize({ width: 360, height: 800 });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const axe = await new AxeBuilder({ page }).include('[data-testid="api-keys-section"]').include('[data-testid="quick-start"]').analyze();
      expect(axe.violations, `${theme}: ${JSON.stringify(axe.violations.map((v) => v.id))}`).toEqual([]);
    }

    // Revoke, after confirming: the key is refused at once.
    await section.getByRole('button', { name: 'Revoke Online shop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(confirm).toContainText('Online shop');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Key revoked' })).toBeVisible();
    await expect(section.getByText('No API keys yet.')).toBeVisible();
    await expect.poll(async () => (await v1()).status(), { timeout: 2_000 }).toBe(401);
  });
});
