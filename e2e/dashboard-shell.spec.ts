import { expect, test, type Page } from '@playwright/test';
import { answerUnauthorisedAsNotFound } from './stubbed-session';
import { expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors } from './page-checks.js';

/**
 * Layout test for the dashboard shell. The profile and unread count are fulfilled here so the shell can be
 * checked on its own; pages inside it are covered by their own specs.
 */
const PROFILE = {
  id: 'usr_shell_test',
  name: 'Adaeze Okafor',
  email: 'adaeze.shell@example.com',
  phone: null,
  whatsappNumber: null,
  profileImage: null,
  walletBalance: 1_250_000,
  roles: ['user'],
  language: 'en-US',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const NAV_LINKS: Array<[string, string]> = [
  ['Dashboard', '/dashboard'],
  ['Book Delivery', '/dashboard/book-delivery'],
  ['My Deliveries', '/dashboard/my-deliveries'],
  ['Wallet', '/dashboard/wallet'],
  ['Tracking', '/dashboard/tracking'],
  ['Notifications', '/dashboard/notifications'],
  ['Settings', '/dashboard/settings'],
  ['Become a Partner', '/dashboard/become-partner'],
];

const TITLES: Array<[string, string]> = [
  ['/dashboard/book-delivery', 'Book Deliveries'],
  ['/dashboard/delivery-preview', 'Delivery Preview'],
  ['/dashboard/payment', 'Payment'],
  ['/dashboard/payment-success', 'Payment Success'],
  ['/dashboard/my-deliveries', 'My Deliveries'],
  ['/dashboard/wallet', 'Wallet'],
  ['/dashboard/tracking', 'Tracking'],
  ['/dashboard/notifications', 'Notifications'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/become-partner', 'Become a Partner'],
  ['/dashboard/transportation-partner-form', 'Become a Partner'],
  ['/dashboard/investment-partner-form', 'Become a Partner'],
];

const envelope = (data: unknown) => JSON.stringify({ success: true, data, message: 'OK', type: 'success' });

async function stubShellApi(page: Page, { unread = 3 }: { unread?: number | null } = {}) {
  let isSignedIn = true;
  await answerUnauthorisedAsNotFound(page);
  // The session probe: signed out is a 200 with no user (GET /api/session), so it logs no failed request.
  await page.route('**/api/session', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: envelope({ user: isSignedIn ? PROFILE : null }) }),
  );
  await page.route('**/api/notifications/unread-count', (route) =>
    unread === null
      ? route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, data: null, message: 'Not found', code: 'ROUTE_NOT_FOUND' }),
        })
      : route.fulfill({ status: 200, contentType: 'application/json', body: envelope({ count: unread }) }),
  );
  await page.route('**/api/logout', (route) => {
    isSignedIn = false;
    return route.fulfill({ status: 200, contentType: 'application/json', body: envelope({}) });
  });
}

/** Pages inside the shell call the real API without a session here; their 401s are not the shell's errors. */
const UNSIGNED_API_CALL = /^Failed to load resource/;

const heading = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });
const sidebarNav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
/** The specification's eight links come first; the merchant's tools follow in a section of their own. */
const mainLinks = (page: Page) => sidebarNav(page).getByRole('list').first().getByRole('link');

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sidebar lists the eight links, the user and logout; the top bar shows title, user and unread badge', async ({
    page,
  }) => {
    const errors = trackConsoleErrors(page, { allow: UNSIGNED_API_CALL });
    await stubShellApi(page);
    await page.goto('/dashboard');

    await expect(heading(page)).toHaveText('Dashboard');
    await expect(page).toHaveTitle(/^Dashboard · Lanefreight$/);
    const links = mainLinks(page);
    await expect(links).toHaveCount(8);
    for (const [index, [name, href]] of NAV_LINKS.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(name);
      await expect(links.nth(index)).toHaveAttribute('href', href);
    }
    const business = sidebarNav(page).getByRole('list', { name: 'For businesses' }).getByRole('link');
    await expect(business).toHaveText(['Bulk import', 'Developers']);
    await expect(sidebarNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);

    const aside = page.getByRole('complementary');
    await expect(aside.getByRole('link', { name: 'Lanefreight' })).toHaveAttribute('href', '/');
    await expect(aside.getByText('Adaeze Okafor')).toBeVisible();
    await expect(aside.getByText('User', { exact: true })).toBeVisible();
    await expect(aside.getByText('AO', { exact: true })).toBeVisible();
    await expect(aside.getByRole('button', { name: 'Logout' })).toBeVisible();

    const banner = page.getByRole('banner');
    await expect(banner.getByText('Adaeze Okafor')).toBeVisible();
    await expect(banner.getByText('adaeze.shell@example.com')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(banner.getByTestId('unread-badge')).toHaveText('3');

    await banner.getByRole('link', { name: 'Notifications, 3 unread' }).click();
    await expect(page).toHaveURL('/dashboard/notifications');
    await expect(heading(page)).toHaveText('Notifications');
    await expect(sidebarNav(page).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');

    await banner.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(banner.getByRole('button', { name: 'Back' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('each dashboard path has its title and a Back button', async ({ page }) => {
    await stubShellApi(page);
    for (const [path, title] of TITLES) {
      await page.goto(path);
      await expect(heading(page), path).toHaveText(title);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Back' }), path).toBeVisible();
    }
  });

  test('Back on a deep link returns to the dashboard instead of leaving the app', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard/wallet');
    await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('choosing links highlights them; partner forms keep Become a Partner highlighted', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard');
    await sidebarNav(page).getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL('/dashboard/wallet');
    await expect(heading(page)).toHaveText('Wallet');
    await expect(sidebarNav(page).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebarNav(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/dashboard/investment-partner-form');
    await expect(sidebarNav(page).getByRole('link', { name: 'Become a Partner' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the theme toggle switches light and dark and remembers the choice', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('no badge and no error toast when the unread count is unavailable', async ({ page }) => {
    await stubShellApi(page, { unread: null });
    await page.goto('/dashboard');
    await expect(heading(page)).toHaveText('Dashboard');
    const bell = page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    await expect(page.getByText('API Not Available')).toHaveCount(0);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard');
    await expect(heading(page)).toHaveText('Dashboard');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });

  test('Logout signs out and goes to /auth', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard');
    const logoutCall = page.waitForRequest(
      (request) => request.url().endsWith('/api/logout') && request.method() === 'POST',
    );
    await page.getByRole('complementary').getByRole('button', { name: 'Logout' }).click();
    await logoutCall;
    await expect(page).toHaveURL('/auth');
  });

  test('has no axe violations', async ({ page }) => {
    await stubShellApi(page);
    await page.goto('/dashboard/settings');
    await expect(heading(page)).toHaveText('Settings');
    await expectNoAxeViolations(page);
  });
});

test.describe('mobile 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the sidebar is a drawer that closes after a link is chosen, with no horizontal scroll', async ({ page }) => {
    const errors = trackConsoleErrors(page, { allow: UNSIGNED_API_CALL });
    await stubShellApi(page);
    await page.goto('/dashboard');
    await expect(heading(page)).toHaveText('Dashboard');
    await expect(page.getByRole('complementary')).toBeHidden();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Dashboard' }).getByRole('list').first().getByRole('link')).toHaveCount(8);
    await expect(drawer.getByRole('list', { name: 'For businesses' }).getByRole('link')).toHaveCount(2);
    await expect(drawer.getByText('Adaeze Okafor')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoAxeViolations(page);

    await drawer.getByRole('link', { name: 'Tracking' }).click();
    await expect(page).toHaveURL('/dashboard/tracking');
    await expect(drawer).toBeHidden();
    await expect(heading(page)).toHaveText('Tracking');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Back' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    // The overlay covers the page to the right of the 288 px drawer.
    await page.mouse.click(340, 400);
    await expect(drawer).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('every dashboard path fits 360 px without horizontal scroll', async ({ page }) => {
    await stubShellApi(page, { unread: 120 });
    for (const [path, title] of [['/dashboard', 'Dashboard'] as [string, string], ...TITLES]) {
      await page.goto(path);
      await expect(heading(page), path).toHaveText(title);
      await expectNoHorizontalScroll(page);
    }
    await expect(page.getByTestId('unread-badge')).toHaveText('99+');
  });
});
