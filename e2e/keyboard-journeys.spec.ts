import { expect, test, type Cookie, type Page } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';
import { activate, chooseOption, chooseRadio, chooseSuggestion, expectFocusTrapped, tabTo, tick, typeInto } from './keyboard.js';
import { E2E_OPERATOR } from './operator.js';
import { readHandoverCode, readSignUpCode } from './outbox.js';
import { LEKKI_PHASE_1, MARINA, type PlaceChoice } from './places.js';
import { toast } from './page-checks.js';

/**
 * Issue 24: six journeys done with the keyboard alone after each page.goto (Tab, Shift+Tab, arrows, Enter, Space,
 * typing): sign-up with verification, booking through payment, a top-up, a partner application, an operator's
 * approval and assignment, and a driver's hand-over. They run in order and share their people: the customer who
 * signs up books and tops up; the partner who applies is the driver the operator approves and assigns to that
 * booking. Along the way: the top-up dialog and the phone's drawer keep and give back the focus, and the sign-up
 * form's errors are announced and tied to their fields.
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Cargo!Lane-2718';
const unique = Date.now();
const customerName = 'Amaka Keyboard';
const customerEmail = `keyboard.customer.${unique}@example.com`;
const driverName = `Yusuf Keys ${unique}`;
const receiverDigits = `80${String(unique).slice(-8)}`;
const receiverPhone = `+234 ${receiverDigits.slice(0, 3)} ${receiverDigits.slice(3, 6)} ${receiverDigits.slice(6)}`;

// What one journey leaves for the next.
let customerCookies: Cookie[] = [];
let driverCookies: Cookie[] = [];
let deliveryId = '';

// A 1×1 PNG: accepted (by content) for every document of the application, and as a vehicle photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const mainHeading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, exact: true });

/** The date field takes its parts as typed digits: month, day, year (the browser's en-US order). */
const tomorrowTyped = () => {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}${date.getFullYear()}`;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One end of the trip: the place found by typing and Arrow Down, then its street. */
async function choosePlaceByKeyboard(page: Page, label: 'Pickup Location' | 'Dropoff Location', choice: PlaceChoice) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const option = page
    .getByRole('listbox', { name: label })
    .getByRole('option', { name: new RegExp(`^${escape(choice.name)}\\b.*${escape(choice.area)}`) });
  await chooseSuggestion(page, box, choice.search, option);
  await expect(box).toHaveValue(choice.name);
  await typeInto(page, page.getByRole('group', { name: label }).getByLabel('Street and house number'), choice.street);
}

/** On the sandbox gateway's own (server-rendered) checkout page: Tab to "Approve payment" and press Enter. */
async function approveOnCheckout(page: Page) {
  const approve = page.getByRole('button', { name: 'Approve payment' });
  await expect(approve).toBeVisible();
  await activate(page, approve);
}

/** A document slot's file input takes the focus; Space opens the system's file picker, where the files are chosen. */
async function chooseFiles(page: Page, kind: string, names: string[]) {
  await tabTo(page, page.locator(`input[type=file][data-document="${kind}"]`));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(names.map((name) => ({ name, mimeType: 'image/png', buffer: PNG })));
  await expect(page.getByText(names.at(-1)!, { exact: true })).toBeVisible();
}

test('sign-up with verification: the empty form is announced and tied to its fields, then code, login, dashboard', async ({ page, request, context }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  // Submitted empty: the toast is in a live region, the field is marked invalid, described by its alert, and focused.
  await activate(page, page.getByRole('button', { name: 'Create Account' }));
  await expect(toast(page, 'Validation Error')).toContainText('Please fill in all required fields');
  await expect(page.locator('[aria-live="polite"]:has([data-sonner-toast])')).toContainText('Please fill in all required fields');
  const fullName = page.getByLabel('Full Name');
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toHaveAccessibleDescription('Please fill in all required fields');
  const errorId = (await fullName.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${errorId}"]`)).toHaveRole('alert');
  await expect(fullName).toBeFocused();

  await page.keyboard.type(customerName);
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await typeInto(page, page.getByRole('textbox', { name: 'Email Address' }), customerEmail);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel('Confirm Password'), PASSWORD);
  await tick(page, page.getByRole('checkbox', { name: /Terms and Conditions/ }));
  await activate(page, page.getByRole('button', { name: 'Create Account' }));

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByTestId('otp-identifier')).toHaveText(customerEmail);
  // The code box takes the focus; the sixth digit sends the code.
  const code = await readSignUpCode(request, customerEmail);
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(code);
  await expect(toast(page, 'Success!')).toContainText('Your account has been verified successfully!');

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email, phone or WhatsApp number')).toHaveValue(customerEmail);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainHeading(page, 'Welcome, Amaka')).toBeVisible();
  customerCookies = await context.cookies();
});

test('booking through payment: the form, the preview, the card on the sandbox checkout', async ({ page, context }) => {
  await context.addCookies(customerCookies);
  await page.goto('/dashboard/book-delivery');
  await expect(page.getByTestId('price-estimate')).toHaveText('₦2,500.00');

  await typeInto(page, page.getByLabel('Receiver Name'), 'Chinedu Eze');
  await typeInto(page, page.getByLabel('Receiver Phone Number'), receiverPhone);
  await choosePlaceByKeyboard(page, 'Pickup Location', MARINA);
  await choosePlaceByKeyboard(page, 'Dropoff Location', LEKKI_PHASE_1);
  await chooseOption(page, page.getByLabel('Package Type', { exact: true }), 'Electronics');
  await chooseOption(page, page.getByLabel('Package Weight', { exact: true }), 'Medium (5-20kg)');
  await chooseOption(page, page.getByLabel('Mode of Transportation', { exact: true }), 'Van');
  await chooseOption(page, page.getByLabel('Delivery Type', { exact: true }), 'Standard');
  await chooseOption(page, page.getByLabel('Delivery Time', { exact: true }), 'Afternoon (12:00 – 6:00 PM)');
  await typeInto(page, page.getByLabel('Delivery Date'), tomorrowTyped());
  await activate(page, page.getByRole('button', { name: 'Continue' }));

  await expect(page).toHaveURL(/\/dashboard\/delivery-preview\?delivery=LF\d{3,}/);
  deliveryId = new URL(page.url()).searchParams.get('delivery')!;
  await expect(mainHeading(page, 'Delivery Preview')).toBeVisible();
  await expect(page.getByText('Chinedu Eze')).toBeVisible();
  await activate(page, page.getByRole('link', { name: 'Make Payments' }));

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment\\?delivery=${deliveryId}$`));
  await chooseRadio(page, page.getByRole('radiogroup', { name: 'Payment Method' }), page.getByRole('radio', { name: /Pay from Platform/ }));
  await activate(page, page.getByRole('button', { name: /^Confirm Payment/ }));
  await approveOnCheckout(page);

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment-success\\?delivery=${deliveryId}$`));
  await expect(mainHeading(page, 'Payment Successful')).toBeVisible();
  await expect(page.getByTestId('tracking-id')).toHaveText(/^LF-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
});

test('top-up: the dialog keeps the focus and gives it back; the amount, the checkout, the balance', async ({ page, context }) => {
  await context.addCookies(customerCookies);
  await page.goto('/dashboard/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');

  const opener = page.getByRole('button', { name: 'Top Up', exact: true });
  await activate(page, opener);
  const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount (₦)')).toBeFocused();
  await expectFocusTrapped(page, dialog, 6);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('Amount (₦)'), '5,000');
  await page.keyboard.press('Enter');
  await approveOnCheckout(page);

  await expect(page).toHaveURL(/\/dashboard\/wallet/);
  await expect(toast(page, 'Top-up Successful!')).toContainText('₦5,000.00 has been added to your wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');
});

test('the drawer at 360 px keeps the focus while open; Escape closes it and the focus returns to the menu button', async ({ page, context }) => {
  await context.addCookies(customerCookies);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await expect(mainHeading(page, 'Welcome, Amaka')).toBeVisible();

  const opener = page.getByRole('button', { name: 'Open menu' });
  await activate(page, opener);
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  // More presses than the drawer has stops, so the cycle is walked round both ways.
  const stops = await drawer.locator('a[href], button:not([disabled])').count();
  await expectFocusTrapped(page, drawer, stops + 2);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a partner application: the transportation form with its documents, chosen from the file picker', async ({ page, context, request }) => {
  await signUpInBrowser(request, context, driverName, PASSWORD, 'keyboard');
  driverCookies = await context.cookies();
  await page.goto('/dashboard/transportation-partner-form');
  await expect(page.getByRole('heading', { name: 'Transportation Partner Application' })).toBeVisible();

  await typeInto(page, page.getByLabel('Preferred routes'), 'Lagos Island, Lekki, Victoria Island');
  await chooseRadio(page, page.getByRole('radiogroup', { name: 'Service availability' }), page.getByRole('radio', { name: 'Full-time' }));
  await chooseRadio(page, page.getByRole('radiogroup', { name: 'Vehicle type' }), page.getByRole('radio', { name: 'Van' }));
  await typeInto(page, page.getByLabel('Vehicle brand'), 'Toyota Hiace');
  await typeInto(page, page.getByLabel('Plate number'), `LSR ${String(unique % 900 + 100)} KB`);
  await typeInto(page, page.getByLabel("Driver's licence number"), 'LAG48213AA21');
  for (const kind of ['idDocument', 'driversLicence', 'proofOfAddress', 'vehicleLicense', 'insuranceCertificate', 'roadWorthiness']) {
    await chooseFiles(page, kind, [`${kind}.png`]);
  }
  await chooseFiles(page, 'vehiclePhoto', ['van-front.png', 'van-side.png', 'van-back.png']);
  await tick(page, page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
  await activate(page, page.getByRole('button', { name: 'Submit Application' }));

  await expect(page).toHaveURL('/dashboard/partner-success');
  await expect(page.getByRole('heading', { name: 'Welcome to the Family!' })).toBeVisible();
});

test("an operator's approval and assignment: the applications console, then the dispatch board's dialog", async ({ page, context, browser }) => {
  const signedIn = await context.request.post('/api/login', { data: { identifier: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  await page.goto('/dashboard/operator/applications');
  await expect(page.getByRole('heading', { name: 'Partner applications' })).toBeVisible();
  const application = page.getByTestId('operator-application').filter({ hasText: driverName });
  await activate(page, application.getByRole('button', { name: 'Approve', exact: true }));
  // Approving is asked once more (decision 093): the dialog says what it does, and takes the focus.
  const confirm = page.getByRole('dialog', { name: `Approve ${driverName}'s application?` });
  await expect(confirm).toContainText('becomes a driver');
  await activate(page, confirm.getByRole('button', { name: 'Approve', exact: true }));
  await expect(toast(page, `Application of ${driverName} approved`)).toBeVisible();
  await expect(confirm).toBeHidden();

  // The new driver starts off duty (decision 093) and switches on from their home, with the keyboard.
  const driverContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await driverContext.addCookies(driverCookies);
    const home = await driverContext.newPage();
    await home.goto('/dashboard');
    const duty = home.getByRole('switch', { name: 'On duty' });
    await expect(duty).toHaveAttribute('aria-checked', 'false');
    await tabTo(home, duty);
    await home.keyboard.press('Space');
    await expect(duty).toHaveAttribute('aria-checked', 'true');
  } finally {
    await driverContext.close();
  }

  await page.goto('/dashboard/operator/dispatch');
  const card = page.getByRole('article', { name: `Delivery ${deliveryId}` });
  await expect(card).toContainText('No driver assigned yet');
  const opener = card.getByRole('button', { name: 'Assign driver' });
  await activate(page, opener);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(driverName)).toBeVisible();
  await chooseRadio(page, dialog.getByRole('group'), dialog.getByRole('radio', { name: new RegExp(escape(driverName)) }));
  await activate(page, dialog.getByRole('button', { name: 'Assign', exact: true }));
  await expect(toast(page, 'Driver Assigned')).toContainText(`${driverName} will deliver ${deliveryId}`);
  await expect(dialog).toBeHidden();
});

test("a driver's hand-over: each step from the job card, then the receiver's code in the dialog", async ({ page, context }) => {
  await context.addCookies(driverCookies);
  await page.goto('/dashboard/driver');
  const job = page.getByRole('article', { name: `Job ${deliveryId}` });
  await expect(job).toContainText('5 Admiralty Way, Lekki');
  for (const [button, status] of [
    ['Mark picked up', 'Picked up'],
    ['Mark in transit', 'In transit'],
    ['Mark out for delivery', 'Out for delivery'],
  ] as const) {
    await activate(page, job.getByRole('button', { name: button }));
    await expect(job.getByTestId('driver-job-status')).toHaveText(status);
  }

  const code = await readHandoverCode(context.request, receiverPhone);
  await activate(page, job.getByRole('button', { name: 'Mark delivered' }));
  const handover = page.getByRole('dialog');
  await expect(handover.getByLabel("Receiver's code")).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Delivered!')).toBeVisible();
  await expect(handover).toBeHidden();
});
