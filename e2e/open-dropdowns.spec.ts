import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { expectNoHorizontalScroll, expectShownWhole } from './page-checks.js';

/**
 * At 360 px an open select, popover, place list or menu fits the screen: the page does not widen and the open list
 * lies wholly inside the viewport. The route sweep measures pages with everything closed; Radix draws an open list
 * in a fixed layer sized to its longest option, which no closed page shows. The vehicle select, whose disabled
 * options carry a translated reason, is the one whose width follows the language (Lagos to Kano: 367 px in French,
 * 442 in Igbo before its cap), so it and the place lists are opened in all eight; every dropdown in English.
 *
 * Not here: the language switcher and the filters of the withdrawals and applications queues are native selects
 * (the browser draws their list outside the page), and the date filters are native date inputs.
 */

const PHONE = { width: 360, height: 740 };
const LANGUAGES = ['en-US', 'es', 'fr', 'de', 'pt', 'yo', 'ha', 'ig'] as const;

/** What an open trigger shows: Radix's portalled content, or the combobox's own popup under its box. */
const OPEN_LAYER = [
  '[data-slot=select-content][data-state=open]',
  '[data-slot=popover-content][data-state=open]',
  '[data-slot=sheet-content][data-state=open]',
  '[data-slot=combobox] [role=listbox]:not([hidden])',
].join(', ');

test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  // The end state is what counts; without the zoom-in, the box measured is the one that stays.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/**
 * The page is no wider than the phone, and each open layer lies inside the viewport: sideways always; up and down
 * too for the portalled ones, which are fixed to the screen (a combobox's list is in the page, which scrolls to it).
 */
async function expectOpenFits(page: Page, what: string) {
  await expect(page.locator(OPEN_LAYER).first(), `${what}: nothing open`).toBeVisible();
  await expectNoHorizontalScroll(page, { what, soft: true, width: PHONE.width });
  const outside = await page.locator(OPEN_LAYER).evaluateAll((layers) => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    return layers.flatMap((layer) => {
      const box = layer.getBoundingClientRect();
      const inPage = layer.closest('[data-slot=combobox]') !== null;
      const fits = box.left >= 0 && box.right <= width && (inPage || (box.top >= 0 && box.bottom <= height));
      const name = layer.getAttribute('data-slot') ?? layer.getAttribute('role');
      return fits
        ? []
        : [
            `${name} spans x ${box.left.toFixed(1)}–${box.right.toFixed(1)}, y ${box.top.toFixed(1)}–${box.bottom.toFixed(1)} in ${width}×${height}`,
          ];
    });
  });
  expect.soft(outside, `${what}: open content outside the viewport`).toEqual([]);
  // A capped list wraps its options rather than cutting them.
  const options = page.locator('[data-slot=select-content][data-state=open] [data-slot=select-item]');
  if ((await options.count()) > 0) await expectShownWhole(options, { what: `${what}, its options`, soft: true });
}

/** Opens the trigger, checks the open layer, and closes it again with Escape. */
async function openAndCheck(page: Page, trigger: Locator, what: string) {
  await trigger.click();
  await expectOpenFits(page, what);
  await page.keyboard.press('Escape');
  await expect(page.locator(OPEN_LAYER)).toHaveCount(0);
}

/** Every select of the page's main region, opened one after the other. */
async function openEverySelect(page: Page, what: string) {
  const triggers = page.getByRole('main').locator('[data-slot=select-trigger]');
  await expect(triggers.first()).toBeVisible();
  for (let index = 0, count = await triggers.count(); index < count; index += 1) {
    await openAndCheck(page, triggers.nth(index), `${what}, select ${index + 1} of ${count}`);
  }
}

/**
 * Searches a place picker (the first is pickup, the second dropoff), checks the open list, and chooses the first
 * place. Lagos to Kano crosses states, so the vehicle select then disables the bike with its translated reason.
 */
async function choosePlace(page: Page, index: number, search: string, what: string) {
  const box = page.getByRole('main').locator('[data-slot=combobox] input[role=combobox]').nth(index);
  await box.fill(search);
  const first = page.locator('[data-slot=combobox] [role=listbox]:not([hidden]) [role=option]').first();
  await expect(first).toContainText(search);
  await expectOpenFits(page, `${what}, place list ${index + 1}`);
  await first.click();
  await expect(box).toHaveValue(search);
}

async function openBookingForm(page: Page, language: string) {
  await page.goto(`/dashboard/book-delivery?lng=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const what = `the booking form in ${language}`;
  await choosePlace(page, 0, 'Ikeja City Mall', what);
  await choosePlace(page, 1, 'Kano', what);
  await expect(page.getByTestId('unavailable-modes')).toBeVisible();
  return what;
}

test('the open vehicle select and place lists fit 360 px in each of the eight languages', async ({
  page,
  request,
  context,
}) => {
  await signUpInBrowser(request, context, 'Oluwaseun Adebayo-Okonkwo', 'Dropdown!Lane-2718', 'dropdowns');
  for (const language of LANGUAGES) {
    const what = await openBookingForm(page, language);
    const vehicle = page
      .getByRole('main')
      .locator('div:has(> div > [data-testid=unavailable-modes]) > [data-slot=select-trigger]');
    await openAndCheck(page, vehicle, `${what}, the vehicle select`);
  }
});

test('every dropdown fits 360 px when open: booking selects, country picker, delivery filters, bank select, menu', async ({
  page,
  request,
  context,
}) => {
  // Signed out: the sign-up form's country picker (a popover), shown for a phone sign-up.
  await page.goto('/auth?lng=en-US');
  await page.getByRole('radio', { name: 'Phone Number' }).check();
  await openAndCheck(page, page.getByRole('combobox', { name: /Country code/ }), 'the country picker');

  await signUpInBrowser(request, context, 'Oluwaseun Adebayo-Okonkwo', 'Dropdown!Lane-2718', 'dropdowns');
  await openEverySelect(page, await openBookingForm(page, 'en-US'));
  await page.goto('/dashboard/my-deliveries?filters=1');
  await openEverySelect(page, 'My Deliveries’ filters');

  await page.goto('/dashboard/wallet');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const bank = page.getByRole('dialog').getByRole('combobox', { name: 'Bank' });
  await expect(bank).toBeEnabled();
  await bank.click();
  await expectOpenFits(page, 'the withdrawal’s bank select');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await openAndCheck(page, page.getByRole('button', { name: 'Open menu' }), 'the dashboard menu');
});
