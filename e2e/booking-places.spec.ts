import { expect, test, type Page } from '@playwright/test';
import { formatNaira } from '../src/shared/money.js';
import { modeUnavailability, priceTrip, tripOf, type RateCard } from '../src/shared/pricing.js';
import type { Place } from '../src/shared/schemas/places.js';
import { signUpInBrowser } from './accounts.js';
import { chooseOption, tabTo } from './keyboard.js';
import { CLIENT_ERROR_RESPONSE, SHARED_TOASTER, expectNoAxeViolations, trackConsoleErrors } from './page-checks.js';

/**
 * The booking form's place pickers, with the keyboard only: search a place, choose it with the arrows and Enter,
 * see the distance and the price the shared tariff gives, book, pay from the wallet, and read the estimated
 * delivery window on the success page and on the public tracking page.
 */

/** Types into a place picker, waits for the place among the options, then ArrowDown + Enter (it is the first). */
async function pickPlace(page: Page, label: string, text: string, placeName: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await tabTo(page, box);
  await page.keyboard.type(text);
  const listbox = page.getByRole('listbox', { name: label });
  await expect(listbox.getByRole('option').first()).toContainText(placeName);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId(`${label === 'Pickup Location' ? 'pickup' : 'dropoff'}-picker`).getByRole('status')).toHaveText(/\d+ results? available/);
  await page.keyboard.press('ArrowDown');
  const active = await box.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[id="${active}"]`)).toContainText(placeName);
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(placeName);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

/** A time window such as "14:05 – 14:50" or "01:40 PM – 06:00 PM". */
const TIME_WINDOW = /\d{1,2}:\d{2}(\s?[AP]M)?\s*[–-]\s*\d{1,2}:\d{2}/;

const lagosDate = (days: number) => new Date(Date.now() + 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

test.describe('booking with the place pickers', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('keyboard only: pickup and dropoff from the list → distance and price → book → pay from the wallet → estimated window', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const errors = trackConsoleErrors(page, { allow: CLIENT_ERROR_RESPONSE });
    await signUpInBrowser(request, context, 'Bisi Adeleke', 'Cargo!Lane-2718', 'places');

    // Money in the wallet first: a top-up approved on the sandbox checkout.
    const topUp = await page.request.post('/api/wallet/top-ups', {
      data: { amountKobo: 5_000_000 },
      headers: { origin: new URL(baseURL!).origin, 'idempotency-key': `places-${Date.now()}` },
    });
    expect(topUp.ok(), await topUp.text()).toBeTruthy();
    const { checkoutUrl } = ((await topUp.json()) as { data: { checkoutUrl: string } }).data;
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Approve payment' }).press('Enter');
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');

    // What the form should show, from the server's own answers and the shared functions.
    const rateCard = ((await (await page.request.get('/api/rate-card')).json()) as { data: RateCard }).data;
    const firstPlace = async (q: string) =>
      ((await (await page.request.get(`/api/places?q=${encodeURIComponent(q)}`)).json()) as { data: { items: Place[] } }).data.items[0]!;
    const [pickup, dropoff] = await Promise.all([firstPlace('Ikeja City Mall'), firstPlace('Lekki Phase 1')]);
    expect(pickup.name).toBe('Ikeja City Mall');
    expect(dropoff.name).toBe('Lekki Phase 1');
    const trip = tripOf(rateCard, { pickup, dropoff });
    const options = { packageType: 'documents', packageWeight: 'light', transportMode: 'bike', deliveryType: 'standard' } as const;
    expect(modeUnavailability(rateCard, trip, 'bike', 'standard')).toBeNull();
    const total = formatNaira(priceTrip(rateCard, trip, options).total);
    const distance = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(trip.distanceMeters / 1000);

    await page.goto('/dashboard/book-delivery');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Book a Delivery' })).toBeVisible();
    await expect(page.getByTestId('price-estimate')).toHaveText('₦2,500.00');

    await tabTo(page, page.getByLabel('Receiver Name'));
    await page.keyboard.type('Chinedu Eze');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Receiver Phone Number')).toBeFocused();
    await page.keyboard.type('+234 803 123 4567');

    const pickupGroup = page.getByRole('group', { name: 'Pickup Location' });
    const dropoffGroup = page.getByRole('group', { name: 'Dropoff Location' });
    await pickPlace(page, 'Pickup Location', 'Ikeja City Mall', 'Ikeja City Mall');
    await expect(pickupGroup).toContainText('Ikeja, Lagos');
    await page.keyboard.press('Tab');
    await expect(pickupGroup.getByLabel('Street and house number')).toBeFocused();
    await page.keyboard.type('12 Obafemi Awolowo Way');
    // One place chosen: still the spec's initial estimate.
    await expect(page.getByTestId('price-estimate')).toHaveText('₦2,500.00');
    // Tick "Save this address" (Space), past the optional directions.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const savePickup = pickupGroup.getByRole('checkbox', { name: 'Save this address' });
    await expect(savePickup).toBeFocused();
    await page.keyboard.press('Space');
    await expect(savePickup).toBeChecked();

    await pickPlace(page, 'Dropoff Location', 'Lekki Phase 1', 'Lekki Phase 1');
    await page.keyboard.press('Tab');
    await expect(dropoffGroup.getByLabel('Street and house number')).toBeFocused();
    await page.keyboard.type('5 Admiralty Way');
    await page.keyboard.press('Tab');
    await expect(dropoffGroup.getByLabel('Directions for the driver (optional)')).toBeFocused();
    await page.keyboard.type('Blue gate opposite the pharmacy');

    // Both places: the distance, and the price of the shared tariff.
    await expect(page.getByTestId('trip-distance')).toHaveText(distance);
    await expect(page.getByTestId('trip-interstate')).toHaveCount(0);

    await chooseOption(page, page.getByRole('combobox', { name: 'Package Type', exact: true }), 'Documents');
    await chooseOption(page, page.getByRole('combobox', { name: 'Package Weight', exact: true }), 'Light (0-5kg)');
    await chooseOption(page, page.getByRole('combobox', { name: 'Mode of Transportation', exact: true }), 'Bike');
    await chooseOption(page, page.getByRole('combobox', { name: 'Delivery Type', exact: true }), 'Standard');
    await chooseOption(page, page.getByRole('combobox', { name: 'Delivery Time', exact: true }), 'Afternoon (12:00 – 6:00 PM)');
    await expect(page.getByTestId('price-estimate')).toHaveText(total);
    await expect(page.getByTestId('price-total')).toHaveText(total);
    for (const row of ['Base Fare', 'Distance Fee', 'Service Fee']) await expect(page.locator('form').getByText(row, { exact: true })).toBeVisible();

    // The date input offers today to 30 days ahead; typed segment by segment, as a keyboard user does.
    const date = page.getByLabel('Delivery Date');
    await expect(date).toHaveAttribute('min', lagosDate(0));
    await expect(date).toHaveAttribute('max', lagosDate(30));
    await tabTo(page, date);
    const [year, month, day] = lagosDate(1).split('-');
    await page.keyboard.type(`${month}${day}${year}`);
    await expect(date).toHaveValue(lagosDate(1));

    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/dashboard\/delivery-preview\?delivery=LF\d{3,}/);
    const deliveryId = new URL(page.url()).searchParams.get('delivery')!;
    await expect(page.getByText('12 Obafemi Awolowo Way, Ikeja City Mall, Lagos')).toBeVisible();
    await expect(page.getByTestId('price-total')).toHaveText(total);
    // The ticked pickup went into the address book, under the place's name.
    await expect
      .poll(async () => ((await (await page.request.get('/api/addresses')).json()) as { data: { items: { label: string; line: string }[] } }).data.items)
      .toEqual([expect.objectContaining({ label: 'Ikeja City Mall', line: '12 Obafemi Awolowo Way' })]);

    // Back to edit: the places come back chosen, with their streets.
    await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/book-delivery\\?delivery=${deliveryId}$`));
    await expect(page.getByRole('combobox', { name: 'Pickup Location' })).toHaveValue('Ikeja City Mall');
    await expect(pickupGroup.getByLabel('Street and house number')).toHaveValue('12 Obafemi Awolowo Way');
    await expect(page.getByRole('combobox', { name: 'Dropoff Location' })).toHaveValue('Lekki Phase 1');
    await expect(dropoffGroup.getByLabel('Directions for the driver (optional)')).toHaveValue('Blue gate opposite the pharmacy');
    await expect(page.getByTestId('trip-distance')).toHaveText(distance);
    await expect(page.getByTestId('price-estimate')).toHaveText(total);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/delivery-preview\\?delivery=${deliveryId}$`));

    // Pay from the wallet (the default method).
    await tabTo(page, page.getByRole('link', { name: 'Make Payments' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: /Pay from Wallet/ })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: `Confirm Payment (${total})` }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('main').getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    const estimate = page.getByTestId('estimated-delivery');
    await expect(estimate).toContainText('Estimated delivery');
    await expect(estimate).toContainText(TIME_WINDOW);
    await expect(estimate).not.toContainText('45 minutes');
    const trackingId = (await page.getByTestId('tracking-id').textContent())!.trim();

    // The public tracking page (server-rendered) says the same window.
    await page.goto(`/track/${trackingId}`);
    const line = page.getByRole('main').getByText(/^Estimated delivery:/);
    await expect(line).toBeVisible();
    await expect(line).toContainText(TIME_WINDOW);

    expect(errors).toEqual([]);
  });

  test('saved addresses come first, a disabled vehicle says why, and the page passes axe at 360 px', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const errors = trackConsoleErrors(page, { allow: CLIENT_ERROR_RESPONSE });
    await signUpInBrowser(request, context, 'Kunle Afolabi', 'Cargo!Lane-2718', 'places');
    const ikeja = ((await (await page.request.get('/api/places?q=Ikeja%20City%20Mall')).json()) as { data: { items: Place[] } }).data.items[0]!;
    const saved = await page.request.post('/api/addresses', {
      data: { label: 'Office', line: '12 Obafemi Awolowo Way', directions: 'Third floor', placeId: ikeja.id },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();

    await page.goto('/dashboard/book-delivery');
    await expect(page.getByTestId('price-estimate')).toHaveText('₦2,500.00');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    // The saved address leads the options, filtered by the text; choosing it fills the street and directions.
    const pickupBox = page.getByRole('combobox', { name: 'Pickup Location' });
    await pickupBox.focus();
    await page.keyboard.type('office');
    const listbox = page.getByRole('listbox', { name: 'Pickup Location' });
    await expect(listbox.getByRole('group', { name: 'Saved addresses' }).getByRole('option')).toHaveCount(1);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const pickupGroup = page.getByRole('group', { name: 'Pickup Location' });
    await expect(pickupBox).toHaveValue('Office');
    await expect(pickupGroup.getByLabel('Street and house number')).toHaveValue('12 Obafemi Awolowo Way');
    await expect(pickupGroup.getByLabel('Directions for the driver (optional)')).toHaveValue('Third floor');
    await expect(pickupGroup.getByRole('checkbox', { name: 'Save this address' })).toHaveCount(0);

    // Escape closes the list without choosing.
    const dropoffBox = page.getByRole('combobox', { name: 'Dropoff Location' });
    await dropoffBox.focus();
    await page.keyboard.type('Kano');
    await expect(page.getByRole('listbox', { name: 'Dropoff Location' }).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dropoffBox).toHaveAttribute('aria-expanded', 'false');
    await expect(dropoffBox).toHaveValue('Kano');

    // Lagos to Kano: interstate, so the bike is disabled with its reason.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Dropoff Location' }).getByRole('option').first()).toContainText('Kano');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('trip-interstate')).toHaveText('Interstate');
    await expect(page.getByTestId('unavailable-modes')).toContainText('Bike');
    const modes = page.getByRole('combobox', { name: 'Mode of Transportation', exact: true });
    await modes.click();
    await expect(page.getByRole('option', { name: /^Bike/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('option', { name: /^Bike/ })).toContainText('Bikes do not take trips between states');
    await page.keyboard.press('Escape');
    await expect(modes).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('option', { name: /^Bike/ })).toHaveCount(0);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    // Nothing typed where a place is needed: the spec's messages and toast.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' })).toContainText('Receiver name is required');
    await expect(page.getByText('Street and house number are required')).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await page.setViewportSize({ width: 360, height: 740 });
    await pickupBox.fill('');
    await pickupBox.pressSequentially('Lekki');
    await expect(page.getByRole('listbox', { name: 'Pickup Location' }).getByRole('option').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    expect(errors).toEqual([]);
  });
});
