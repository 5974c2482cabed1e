import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SHARED_TOASTER, expectNoAxeViolations, expectNoHorizontalScroll } from './page-checks.js';

/**
 * Accounts, end to end on the real server: sign-up, one-time codes read from the dev outbox, sign-in,
 * password reset, sign-out and the dashboard's session guard.
 */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const uniqueEmail = () => `e2e-${unique()}@example.com`;
const PASSWORD = 'Tr1cky-Lane-Pass!';

interface DevMessage {
  to: string;
  body: string;
  createdAt: string;
}

async function messagesFor(request: APIRequestContext, to: string): Promise<DevMessage[]> {
  const response = await request.get('/api/dev/messages', { params: { to } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: DevMessage[] }).data;
}

/** The newest code sent to `to`, waiting for one newer than `after` messages if given. */
async function readCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await messagesFor(request, to);
        if (messages.length <= after) return undefined;
        code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

async function expectToast(page: Page, title: string, description?: string) {
  let toast = page
    .locator('[data-sonner-toast]')
    .filter({ has: page.locator('[data-title]').getByText(title, { exact: true }) });
  if (description !== undefined) {
    toast = toast.filter({ has: page.locator('[data-description]').getByText(description, { exact: true }) });
  }
  await expect(toast.first()).toBeVisible();
}

/** A verified account made through the API (the UI paths are covered by their own tests). */
async function createVerifiedUser(request: APIRequestContext, name = 'Ada Okafor') {
  const email = uniqueEmail();
  const registered = await request.post('/api/register', { data: { name, email, password: PASSWORD } });
  expect(registered.ok()).toBeTruthy();
  const otp = await readCode(request, email);
  const verified = await request.post('/api/verify-otp', { data: { identifier: email, otp } });
  expect(verified.ok()).toBeTruthy();
  return { name, email, password: PASSWORD };
}

async function openLoginTab(page: Page) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email, phone or WhatsApp number').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens a screen as if navigated to with React Router state (kept in history.state across a reload). */
async function openWithState(page: Page, path: string, state: Record<string, unknown>) {
  if (!page.url().startsWith('http')) await page.goto('/auth');
  await page.evaluate(({ path, state }) => window.history.pushState({ usr: state, key: 'e2e', idx: 1 }, '', path), {
    path,
    state,
  });
  await page.reload();
}

// Made first: the reset test (last in this file) needs its sign-up code to be over a minute old.
let resetUser: Awaited<ReturnType<typeof createVerifiedUser>>;
let resetUserCreatedAt = 0;
test.beforeAll(async ({ request }) => {
  resetUser = await createVerifiedUser(request, 'Emeka Nwosu');
  resetUserCreatedAt = Date.now();
});

test.describe('/auth', () => {
  test('opens on sign-up by default, login with tab=login state, sign-up for ?tab=signup', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Lanefreight home' })).toHaveAttribute('href', '/');
    await expect(page.getByLabel('Language')).toBeVisible();

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/auth?tab=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

    // The marketing side shows on wide screens only.
    await expect(page.getByRole('heading', { name: /Move anything, anywhere/ })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('heading', { name: /Move anything, anywhere/ })).toBeHidden();
  });

  test('sign-up checks its fields in the spec order, with toasts and field errors', async ({ page }) => {
    await page.goto('/auth');
    const submit = page.getByRole('button', { name: 'Create Account' });

    await submit.click();
    await expectToast(page, 'Validation Error', 'Please fill in all required fields');
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Full Name').fill('Ada Okafor');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expectToast(page, 'Validation Error', 'Please enter your email address');
    await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('radio', { name: 'Phone Number' }).check();
    await submit.click();
    await expectToast(page, 'Validation Error', 'Please enter your phone number');
    await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: 'Phone Number' }).fill('8031234567');
    await page.getByLabel('Confirm Password').fill('different');
    await submit.click();
    await expectToast(page, 'Password Mismatch', 'Passwords do not match');
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Confirm Password').fill('short');
    await submit.click();
    await expectToast(page, 'Terms Required', 'Please agree to the terms and conditions');
    await expect(page.getByRole('checkbox', { name: /Terms and Conditions/ })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await submit.click();
    await expectToast(page, 'Password Too Short', 'Password must be at least 8 characters long');
  });

  test('password fields have an accessible show/hide toggle', async ({ page }) => {
    await page.goto('/auth');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    const toggle = page.getByRole('button', { name: 'Show password' }).first();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('login validation and refused credentials', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await openLoginTab(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Validation Error', 'Please fill in all required fields');
    await expect(page.getByLabel('Email, phone or WhatsApp number')).toHaveAttribute('aria-invalid', 'true');

    await logIn(page, user.email, 'Wrong-password-1');
    await expectToast(page, 'Login Failed', 'Invalid credentials. Please try again.');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('sign-up by email → code → verified → login with the message → dashboard', async ({ page, request }) => {
  const email = uniqueEmail();
  await page.goto('/auth');
  await page.getByLabel('Full Name').fill('Chidinma Eze');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await page.getByRole('checkbox', { name: /news, offers/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Registration Successful! Please check your email/phone for verification code.');
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByRole('heading', { name: 'Enter Verification code' })).toBeVisible();
  await expect(page.getByTestId('otp-identifier')).toHaveText(email);

  const code = await readCode(request, email);
  await page.getByLabel('Verification code').fill(code);
  await expectToast(page, 'Success!', 'Your account has been verified successfully!');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: 'Account verified successfully! Please log in.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Email, phone or WhatsApp number')).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login Successful!', 'Welcome back');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Chidinma Eze').first()).toBeVisible();
});

test('sign-up by phone with the country picker (Nigeria +234), code pasted', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/auth');
  await page.getByLabel('Full Name').fill('Bola Adeyemi');
  await page.getByRole('radio', { name: 'Phone Number' }).check();

  const picker = page.getByRole('combobox', { name: /Country code/ });
  await expect(picker).toHaveAccessibleName('Country code: United States +1');
  await picker.click();
  const search = page.getByPlaceholder('Search country...');
  await search.fill('xxxxx');
  await expect(page.getByText('No country found.')).toBeVisible();
  await search.fill('Nigeria');
  const nigeria = page.getByRole('option', { name: /Nigeria/ });
  await expect(nigeria).toContainText('+234');
  await expect(nigeria.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await nigeria.click();
  await expect(picker).toHaveAccessibleName('Country code: Nigeria +234');

  await page.getByRole('textbox', { name: 'Phone Number' }).fill('8031234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByTestId('otp-identifier')).toHaveText('+2348031234567');
  const code = await readCode(request, '+2348031234567');

  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.getByLabel('Verification code').focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expectToast(page, 'Success!', 'Your account has been verified successfully!');
  await expect(page.getByLabel('Email, phone or WhatsApp number')).toHaveValue('+2348031234567');
});

test('an unverified login goes to verification, then on to the dashboard', async ({ page, request }) => {
  const email = uniqueEmail();
  const registered = await request.post('/api/register', { data: { name: 'Ngozi Obi', email, password: PASSWORD } });
  expect(registered.ok()).toBeTruthy();

  await openLoginTab(page);
  await logIn(page, email, PASSWORD);
  await expectToast(page, 'Account Not Verified', 'Please verify your account before logging in.');
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByTestId('otp-identifier')).toHaveText(email);

  const otpInput = page.getByLabel('Verification code');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await otpInput.pressSequentially('12a3');
  await expect(otpInput).toHaveValue('123');
  await otpInput.press('Enter');
  await expectToast(page, 'Validation Error', 'Please enter the 6-digit verification code');
  await expect(otpInput).toHaveAttribute('aria-invalid', 'true');

  // A code went out under a minute ago, so an immediate resend is refused.
  await page.getByRole('button', { name: 'Click to Resend' }).click();
  await expectToast(page, 'Failed to Resend');

  // Within the sign-up code's cooldown the login sends no new one: the sign-up code is still the live one.
  const code = await readCode(request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await otpInput.fill(wrong);
  await expectToast(page, 'Verification Failed', 'Invalid verification code. Please try again.');
  await expect(otpInput).toHaveValue('');

  await otpInput.fill(code);
  await expectToast(page, 'Success!', 'Your account has been verified successfully!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Ngozi Obi').first()).toBeVisible();
});

test('a successful resend says "Code Sent!" and busy labels show while waiting', async ({ page }) => {
  await page.route('**/api/resend-verification-otp', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.fulfill({ json: { success: true, data: {}, message: 'A new code is on its way.' } });
  });
  await openWithState(page, '/verify-otp', { identifier: 'someone@example.com', fromRegistration: true });
  await expect(page).toHaveURL(/\/verify-otp$/);
  await page.getByRole('button', { name: 'Click to Resend' }).click();
  await expect(page.getByRole('button', { name: 'Resending...' })).toBeVisible();
  await expectToast(page, 'Code Sent!', 'A new verification code has been sent.');
});

test('screens that need navigation state send the visitor back', async ({ page }) => {
  await page.goto('/verify-otp');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/verify-reset');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('protected pages send a signed-out visitor to login and back; logout ends the session', async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, 'Tunde Bello');

  await page.goto('/dashboard/my-deliveries');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/my-deliveries$/);

  // A signed-in visitor at /auth goes to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: /^Log ?out$/i }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  const profile = await page.request.get('/api/user-profile');
  expect(profile.status()).toBe(401);
});

test.describe('accessibility and small screens', () => {
  test('/auth and /verify-otp pass axe', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await page.getByRole('radio', { name: 'Whatsapp Number' }).check();
    await expect(page.getByRole('combobox', { name: /Country code/ })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await page.getByRole('tab', { name: 'Login' }).click();
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await openWithState(page, '/verify-otp', { identifier: 'someone@example.com', fromRegistration: true });
    await expect(page.getByRole('heading', { name: 'Enter Verification code' })).toBeVisible();
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });

  test('no horizontal scroll at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('radio', { name: 'Phone Number' }).check();
    await expect(page.getByRole('combobox', { name: /Country code/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('combobox', { name: /Country code/ }).click();
    await expect(page.getByPlaceholder('Search country...')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Login' }).click();
    await expectNoHorizontalScroll(page);
    await page.goto('/forgot-password');
    await expectNoHorizontalScroll(page);
    await openWithState(page, '/verify-otp', { identifier: 'someone@example.com', fromRegistration: true });
    await expect(page.getByRole('heading', { name: 'Enter Verification code' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test('forgot → verify-reset → reset → login with the new password, the old one refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = resetUser;
  // One code per identifier per minute: the reset code waits out the sign-up code's cooldown.
  const wait = resetUserCreatedAt + 62_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  const before = (await messagesFor(request, user.email)).length;
  const newPassword = 'Fresh-Lane-Pass-42';

  await openLoginTab(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send Reset Code' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email or Phone Number').fill('   ');
  await send.click();
  await expectToast(page, 'Validation Error', 'Please enter your email or phone number.');
  await expect(page.getByLabel('Email or Phone Number')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email or Phone Number').fill(user.email);
  await send.click();
  await expectToast(page, 'Reset Code Sent!', 'A password reset code has been sent to your contact method.');
  await expect(page).toHaveURL(/\/verify-reset$/);
  await expect(page.getByTestId('otp-identifier')).toHaveText(user.email);

  const code = await readCode(request, user.email, before);
  await page.getByLabel('Verification code').fill(code);
  await expectToast(page, 'Code Verified!', 'You can now create a new password.');
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByText('Use 8 or more characters with a mix of letters, numbers & symbols')).toBeVisible();

  const reset = page.getByRole('button', { name: 'Reset Password' });
  await reset.click();
  await expectToast(page, 'Validation Error', 'Please fill in all fields');
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abd');
  await reset.click();
  await expectToast(page, 'Password Mismatch', 'Passwords do not match');
  await page.getByLabel('Confirm New Password').fill('abc');
  await reset.click();
  await expectToast(page, 'Password Too Short', 'Password must be at least 8 characters long');

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await reset.click();
  await expectToast(
    page,
    'Password Reset Successful!',
    'Your password has been reset. Please login with your new password.',
  );
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email, phone or WhatsApp number')).toHaveValue(user.email);

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login Failed', 'Invalid credentials. Please try again.');

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
