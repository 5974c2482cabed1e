import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { importCsv, uploadCsv } from './imports.js';
import { toast } from './page-checks.js';

/**
 * Issue 23, bulk import (decision 055): a shipper uploads a CSV with one bad row, sees the error in its cell, uploads
 * the fixed file, confirms, and finds the deliveries in My Deliveries, paid.
 */

const PASSWORD = 'Cargo!Lane-2718';

test.describe('bulk import', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('one bad row is shown in its cell; the fixed file is booked and paid, and its deliveries are in My Deliveries', async ({
    page,
    context,
    request,
  }) => {
    await signUpInBrowser(request, context, 'Ngozi Bulk', PASSWORD, 'bulk');
    await page.goto('/dashboard/wallet?lng=en-US');
    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (₦)').fill('50,000');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(toast(page, 'Top-up Successful!')).toBeVisible();

    await page.getByRole('link', { name: 'Bulk import' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/imports/);
    await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/api/imports/template.csv');

    await uploadCsv(page, 'orders-monday.csv', importCsv('crate'));
    const current = page.getByTestId('current-import');
    await expect(current).toContainText('Needs fixing');
    const errorRow = page.getByTestId('import-errors').getByRole('row').filter({ hasText: 'packageType' });
    await expect(errorRow).toContainText('3');
    await expect(errorRow).toContainText('"crate" is not one of: documents, electronics, clothing, food, other');
    await expect(page.getByTestId('import-errors').getByRole('row')).toHaveCount(2);
    await expect(page.getByTestId('confirm-import')).toHaveCount(0);
    // Rows are counted as rows: one of two needs fixing. The recent list follows the check without a reload.
    await expect(current.getByRole('definition').nth(2)).toHaveText('1');
    await expect(current.getByRole('term').nth(2)).toHaveText('Rows to fix');
    await expect(page.getByRole('region', { name: 'Recent imports' }).getByRole('listitem').first()).toContainText('Needs fixing');

    // On a phone the errors are cards, and nothing overflows.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByTestId('import-error-cards').getByRole('listitem')).toContainText('packageType');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // An option in any case is that option, as a shop's spreadsheet writes it.
    await uploadCsv(page, 'orders-monday-fixed.csv', importCsv('Clothing'));
    await expect(current).toContainText('Ready');
    const confirm = page.getByTestId('confirm-import');
    await expect(confirm).toHaveText(/^Book and pay ₦[\d,]+\.\d{2}$/);
    await confirm.click();
    await expect(current).toContainText('Deliveries booked and paid: 2.');

    await page.getByRole('link', { name: 'See them in My Deliveries' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-deliveries/);
    await expect(page.getByRole('row').filter({ hasText: 'Ikoyi' })).toHaveCount(2);
    await expect(page.getByRole('row').filter({ hasText: 'Awaiting payment' })).toHaveCount(0);
  });
});
