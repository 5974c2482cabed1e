import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { readSignUpCode } from './outbox.js';
import { waitForHydration } from './page-checks.js';

/** Theme persistence without a flash, and switching the interface language from the landing page. */

test('the dark theme sticks across a reload and is applied before the page is parsed', async ({ page }) => {
  // Records the theme as soon as the document is parsed, before any module script has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded =
        document.documentElement.classList.contains('dark');
    });
  });
  await page.goto('/');
  await waitForHydration(page);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  expect(
    await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
  ).toBe(true);
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test('choosing a language loads its translations, changes the text and sets <html lang>', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Move anything, anywhere. Smarter and faster.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  const translations = page.waitForResponse((response) => response.url().endsWith('/locales/fr/translation.json'));
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  expect((await translations).status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transportez tout, partout. Plus intelligemment et plus vite.',
  );
  await expect(page.locator('#home').getByRole('link', { name: 'Réserver un envoi' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('combobox').first()).toHaveValue('fr');

  // The choice is remembered (i18next cookie and local storage).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transportez tout, partout. Plus intelligemment et plus vite.',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test.describe('a Hausa reader whose browser speaks French', () => {
  // Intl falls back to the browser's own locale when it has no data for the language, and Chromium has none for Hausa.
  test.use({ locale: 'fr-FR' });

  test('reads dates and figures as Nigeria writes them, not as the browser does (decision 071)', async ({ page, request, context }) => {
    const hausa = JSON.parse(readFileSync('public/locales/ha/translation.json', 'utf8')) as {
      rates: { effective: string; distance: { roadFactor: string } };
    };
    await page.goto('/rates?lng=ha');
    const effective = page.getByText(hausa.rates.effective.split('{{date}}')[0]!);
    await expect(effective).toBeVisible();
    expect(await effective.textContent()).not.toContain('novembre');
    const roadFactor = page.getByText(hausa.rates.distance.roadFactor.split('{{factor}}')[0]!);
    await expect(roadFactor).toContainText('1.3');
    await expect(roadFactor).not.toContainText('1,3');

    // A figure i18next formats in a text ({{x, currency(...)}}).
    await signUpInBrowser(request, context, 'Aisha Bello', 'Kano-Zaria-Road-77', 'locale');
    await page.goto('/dashboard/become-partner?lng=ha');
    await expect(page.getByText(/₦\s?200,000\+/)).toBeVisible();
  });
});

test('a screen in another language (?lng=fr) says the messages keep the account’s, and makes them one', async ({ page, request, context }) => {
  await signUpInBrowser(request, context, 'Chidi Okafor', 'Onitsha-Bridge-Head-9', 'lng');
  await page.goto('/dashboard/settings?lng=fr');
  const note = page.getByTestId('messages-language');
  await expect(note).toContainText('Les e-mails, SMS et reçus vous sont envoyés en English (US).');
  await note.getByRole('button', { name: 'Les envoyer en Français' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Les messages seront envoyés en Français.' })).toBeVisible();
  await expect(note).toHaveCount(0);
  const profile = await page.request.get('/api/user-profile');
  expect(((await profile.json()) as { data: { language: string } }).data.language).toBe('fr');
});

test('the account’s language follows it to a new browser; a pick made there after signing in stays (decision 086)', async ({ browser, request }) => {
  const hausa = JSON.parse(readFileSync('public/locales/ha/translation.json', 'utf8')) as { wallet: { title: string } };
  const password = 'Kano-Kurmi-Market-12';
  const email = `accountlng.${Date.now()}@example.com`;
  const registered = await request.post('/api/register', { data: { name: 'Musa Abdullahi', email, password, language: 'ha' } });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const verified = await request.post('/api/verify-otp', { data: { identifier: email, otp: await readSignUpCode(request, email) } });
  expect(verified.ok(), await verified.text()).toBeTruthy();

  // A fresh browser with no language of its own: the sign-in page is in English, the account then in Hausa.
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email, phone or WhatsApp number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  await page.goto('/dashboard/wallet');
  await expect(page.getByRole('heading', { name: hausa.wallet.title })).toBeVisible();

  // Another browser already holding the session (and English from an earlier visit) takes it on load.
  const other = await browser.newContext({ locale: 'en-US' });
  const session = (await context.storageState()).cookies.filter((cookie) => cookie.name !== 'i18next');
  await other.addCookies([...session, { name: 'i18next', value: 'en-US', domain: session[0]!.domain, path: '/' }]);
  const otherPage = await other.newPage();
  await otherPage.goto('/dashboard/wallet');
  await expect(otherPage.getByRole('heading', { name: hausa.wallet.title })).toBeVisible();

  // English chosen here after signing in becomes the account's, so the next load does not undo it.
  await page.goto('/dashboard/settings');
  await page.locator('#settings-language').selectOption('en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect.poll(async () => ((await (await page.request.get('/api/user-profile')).json()) as { data: { language: string } }).data.language).toBe('en-US');
  await page.goto('/dashboard/wallet');
  await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await context.close();
  await other.close();
});
