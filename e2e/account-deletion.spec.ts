import { expect, test, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { CLIENT_ERROR_RESPONSE, SHARED_TOASTER, expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors, toast } from './page-checks.js';

/**
 * Issue 24's account deletion (decision 059), as a person on a 360 px phone does it with the keyboard alone:
 * Settings, Delete Account, the password in the dialog, the toast, then a sign-in that no longer works.
 */

const PASSWORD = 'Okada-Lekki-Bridge-42';
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

/** Tabs forward, as a keyboard user would, until the element named `name` has the focus. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute('aria-label') ?? element?.innerText?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`"${name}" never took the focus`);
}

test('delete the account from Settings with the keyboard alone; signing in with it fails afterwards', async ({ page, context, request }) => {
  // The wrong password (400) and the refused sign-in (401) are expected refusals.
  const errors = trackConsoleErrors(page, { allow: CLIENT_ERROR_RESPONSE });
  const email = await signUpInBrowser(request, context, 'Tolu Bakare', PASSWORD, 'deletion');
  await page.goto('/dashboard/settings');

  const section = page.getByTestId('delete-account-section');
  await expect(section.getByRole('heading', { name: 'Delete Account' })).toBeVisible();
  await expect(section).toContainText('What is deleted');
  await expect(section).toContainText('What we keep');
  await expect(section).toContainText('for six years, as Nigerian tax law requires');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

  // The dialog opens from the keyboard, labelled by its title, with the focus on the password.
  await tabTo(page, 'Delete My Account');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

  // The focus stays inside the dialog however far one tabs.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: 'Delete My Account' })).toBeFocused();

  // A wrong password: said next to the field and in a toast; nothing is deleted.
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Account Not Deleted')).toContainText('Your current password is incorrect.');
  await expect(page).toHaveURL('/dashboard/settings');

  // The right one: deleted, signed out, on the sign-in page with the translated confirmation.
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Account Deleted')).toContainText('Your account has been deleted and you have been signed out everywhere.');
  await expect(page).toHaveURL('/auth');

  // The dashboard is closed to this browser now.
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL('/auth');

  // Signing in with the deleted account fails like an unknown one.
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email, phone or WhatsApp number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Login Failed')).toContainText('Invalid credentials. Please try again.');
  await expect(page).toHaveURL('/auth');
  expect(errors).toEqual([]);
});
