import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { RATE_CARD } from '../src/shared/pricing.js';
import { SHARED_TOASTER, expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors } from './page-checks.js';

/** The public rates page (/rates): the tariff from GET /api/rate-card, readable without signing in. */

/** A vehicle's row of the first table, by the vehicle's name in the page's language. */
const modeRow = (page: Page, name: string) =>
  page.getByTestId('rates-modes').getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test.describe('rates page', () => {
  let consoleErrors: string[];

  test.beforeEach(async ({ page }) => {
    consoleErrors = trackConsoleErrors(page);
  });

  test.afterEach(() => {
    expect(consoleErrors, 'no console errors').toEqual([]);
  });

  test('the landing footer links to it, and it shows the tariff per vehicle, the fees and a worked example', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Rates', exact: true }).click();
    await expect(page).toHaveURL('/rates');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery rates');
    await expect(page).toHaveTitle('Delivery rates · Lanefreight');

    const modes = page.getByRole('table', { name: /Base fare, distance rate/ });
    await expect(modes.getByRole('columnheader')).toHaveText([
      'Vehicle',
      'Base fare',
      'Per km beyond 5 km',
      'Longest trip',
      'Between states',
      'Same Day range',
      'Average speed in town',
      'Average speed on highways',
    ]);
    await expect(modes.getByRole('rowheader')).toHaveText(['Bike', 'Car', 'Van', 'Truck']);
    await expect(modeRow(page, 'Bike').getByRole('cell')).toHaveText(['₦2,000.00', '₦100.00', 'Up to 60 km', 'No', 'Up to 60 km', '22 km/h', '40 km/h']);
    await expect(modeRow(page, 'Truck').getByRole('cell')).toHaveText(['₦20,000.00', '₦800.00', 'No limit', 'Yes', 'Up to 355 km', '15 km/h', '50 km/h']);

    const fees = page.getByRole('table', { name: "Added to the vehicle's base fare" });
    await expect(fees.getByRole('row').filter({ hasText: 'Distance fee' })).toContainText('₦500.00');
    await expect(fees.getByRole('row').filter({ hasText: 'Interstate fee' })).toContainText('₦3,000.00');
    await expect(page.getByText(/multiply it by 1\.3.*10 km as the crow flies is charged as 13 km/)).toBeVisible();

    const bikeExample = page.getByRole('table', { name: 'A 5 km bike trip' });
    await expect(bikeExample.getByRole('row', { name: /Total/ })).toContainText('₦2,700.00');
    await expect(page.getByRole('table', { name: 'A 12 km car trip' }).getByRole('row', { name: /Total/ })).toContainText('₦5,250.00');

    // The header leads back home.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });

  test('speaks French from the language selector and from ?lng=fr', async ({ page }) => {
    await page.goto('/rates');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery rates');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).first().selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs de livraison');
    await expect(page.getByRole('heading', { level: 2, name: 'Prix par véhicule' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Frais fixes et suppléments' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(modeRow(page, 'Moto').getByRole('cell').first()).toHaveText('₦2,000.00');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/rates?lng=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs de livraison');
    await expect(page.getByRole('heading', { level: 2, name: 'Exemples chiffrés' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Un trajet de 5 km à moto' })).toContainText('₦2,700.00');
  });

  test('in Yoruba, Hausa and Igbo the date reads day first, also in a browser without their locale data', async ({ page }) => {
    // Debian's Chromium has none for these three: without Nigerian English after them it wrote "November 26, 2026".
    const day = String(Number(RATE_CARD.version.slice(8)));
    for (const language of ['yo', 'ha', 'ig']) {
      const texts = JSON.parse(readFileSync(`public/locales/${language}/translation.json`, 'utf8')) as { rates: { effective: string } };
      const before = texts.rates.effective.split('{{date}}')[0]!;
      await page.goto(`/rates?lng=${language}`);
      const effective = page.getByText(before);
      await expect(effective).toBeVisible();
      const date = (await effective.textContent())!.slice(before.length);
      expect(date, language).toMatch(new RegExp(`^${day} \\S+,? ${RATE_CARD.version.slice(0, 4)}$`));
    }
  });

  test('pay on delivery: its fee, the amounts it takes, the return reserve and fee, and the worked example (issue 22)', async ({ page }) => {
    await page.goto('/rates');
    await expect(page.getByRole('heading', { level: 2, name: 'Pay on delivery' })).toBeVisible();
    const cod = page.getByRole('table', { name: 'Pay-on-delivery charges' });
    const row = (name: string) => cod.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
    await expect(row('Pay-on-delivery fee').getByRole('cell').first()).toHaveText('1.5%, at least ₦100.00');
    await expect(row('Amount to collect').getByRole('cell').first()).toHaveText('₦100.00 – ₦500,000.00');
    await expect(row('Return reserve').getByRole('cell').first()).toHaveText('50% of the delivery fee');
    await expect(row('Return fee').getByRole('cell').first()).toHaveText('50% of the delivery fee');
    await expect(page.getByTestId('rates-cod-example')).toHaveText(
      'Example: ₦20,000.00 collected on a ₦3,000.00 delivery. You receive ₦19,700.00, and the ₦1,500.00 reserve comes back.',
    );

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(cod).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });

  test('at 360 px the page does not scroll sideways: the wide table scrolls in its own focusable box', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/rates');
    await expect(modeRow(page, 'Truck')).toBeAttached();
    await expectNoHorizontalScroll(page);

    const box = page.getByRole('region', { name: /Base fare, distance rate/ });
    expect(await box.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });
});
