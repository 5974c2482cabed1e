import { expect, test, type Page, type Route } from '@playwright/test';
import { answerUnauthorisedAsNotFound } from './stubbed-session';
import { SHARED_TOASTER, expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors, toast } from './page-checks.js';

/**
 * Component-level test of the operator's and the driver's pages and of the rating form: the API is answered by
 * fixtures shaped by the shared contract (src/shared/schemas/dispatch.ts), so the pages are checked on their own —
 * what they show, what they send, keyboard, axe, 360 px. The real flow against the server is
 * e2e/dispatch-flow.spec.ts.
 */

const PROFILE = {
  id: '5f0c1f8e-64c4-4b7e-a0f5-0c6a8f3b9d21',
  name: 'Kemi Lawal',
  email: 'kemi.ops@example.com',
  phone: null,
  whatsappNumber: null,
  profileImage: null,
  walletBalance: 0,
  roles: ['customer'],
  language: 'en-US',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const DRIVER_ID = '1c7b0e3e-0d7e-4a51-9d49-2f3b8f0b6a11';
const OTHER_DRIVER_ID = '9a3c2b1d-7e6f-4a5b-8c9d-0e1f2a3b4c5d';

const DELIVERY = {
  id: 'LF014',
  trackingId: 'LF-7KQ2-M9XD',
  status: 'pending',
  displayStatus: 'pending',
  transportMode: 'van',
  packageType: 'electronics',
  packageWeight: 'medium',
  pickupLocation: '12 Marina Road, Lagos Island',
  dropoffLocation: '5 Admiralty Way, Lekki',
  receiverName: 'Chinedu Eze',
  receiverPhone: '+2348031234567',
  deliveryType: 'express',
  deliveryDate: '2026-11-23',
  deliveryTime: 'afternoon',
  totalKobo: 350_000,
  paidAt: '2026-11-22T09:00:00.000Z',
  // The afternoon slot's start in Lagos (decision 088).
  dueAt: '2026-11-23T11:00:00.000Z',
  driver: null as null | { userId: string; name: string; phone: string | null; plateNumber: string },
  handoverLocked: false,
  cod: null,
  history: [
    { status: 'awaiting_payment', note: null as string | null, driverName: null as string | null, at: '2026-11-22T08:55:00.000Z' },
    { status: 'pending', note: 'paid:card' as string | null, driverName: null as string | null, at: '2026-11-22T09:00:00.000Z' },
  ],
};

const DRIVERS = [
  {
    userId: DRIVER_ID,
    name: 'Musa Bello',
    phone: '+2348020000001',
    transportMode: 'van',
    vehicleType: 'van',
    vehicleBrand: 'Toyota Hiace',
    plateNumber: 'LSR 123 DX',
    rating: null,
    reviews: 0,
    activeJobs: 0,
    onDuty: true,
  },
  {
    userId: OTHER_DRIVER_ID,
    // A long name: the Active tab's driver select must still fit a phone.
    name: 'Aisha Oluwakemi Danjuma-Abubakar of Kaduna Haulage',
    phone: '+2348020000002',
    transportMode: 'van',
    vehicleType: 'pickup',
    vehicleBrand: 'Nissan Navara',
    plateNumber: 'ABJ 456 KT',
    rating: 4.6,
    reviews: 12,
    activeJobs: 2,
    onDuty: true,
  },
];

const JOB = {
  id: 'LF014',
  trackingId: 'LF-7KQ2-M9XD',
  status: 'in_transit',
  transportMode: 'van',
  packageType: 'electronics',
  packageWeight: 'medium',
  description: 'Two boxes, handle with care',
  pickupLocation: '12 Marina Road, Lagos Island',
  dropoffLocation: '5 Admiralty Way, Lekki',
  receiverName: 'Chinedu Eze',
  receiverPhone: '+234 803 123 4567',
  deliveryType: 'same_day',
  deliveryDate: '2026-11-23',
  deliveryTime: 'afternoon',
  earningsKobo: 280_000,
  handoverAttemptsLeft: 5,
  cod: null,
  history: [{ status: 'picked_up', note: null, at: '2026-11-22T09:30:00.000Z' }],
};

const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data, message: 'OK' }) });
const failure = (status: number, code: string, message: string, params: Record<string, number> = {}) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, data: null, message, code, params }),
});

/** The role homes' summaries (decision 060), as GET /api/driver/summary and GET /api/dispatch/summary answer them. */
const DRIVER_HOME = {
  activeJobs: 3,
  earnedTodayKobo: 1_250_000,
  day: '2026-11-22',
  availableForWork: true,
  duty: { onDuty: true, changedAt: null },
  vehicle: { transportMode: 'van', vehicleType: 'van', plateNumber: 'LSR 123 DX' },
  rating: { average: 4.5, reviews: 12 },
};
const OPERATOR_HOME = { unassigned: 7, active: 12, needsDecision: 2, pendingApplications: 1000, pendingWithdrawals: 0 };

async function stubShell(page: Page, roles: string[]) {
  await answerUnauthorisedAsNotFound(page);
  await page.route('**/api/session', (route) => route.fulfill(ok({ user: { ...PROFILE, roles } })));
  await page.route('**/api/notifications/unread-count', (route) => route.fulfill(ok({ count: 0 })));
  await page.route('**/api/events**', (route) => route.fulfill({ status: 204, body: '' }));
  await page.route('**/api/driver/summary', (route) => route.fulfill(ok(DRIVER_HOME)));
  await page.route('**/api/dispatch/summary', (route) => route.fulfill(ok(OPERATOR_HOME)));
}

/** The stubbed API's refusals and the live stream it answers with 204 (no events here) are logged by Chromium. */
const STUBBED_API_NOISE = /status of (4\d\d|204)|Failed to load resource|EventSource/;

const sidebarNav = (page: Page) => page.getByRole('complementary').getByRole('navigation', { name: 'Dashboard' });
test.describe('navigation by role', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a customer sees the eight links, and the operator pages say they are not for their account', async ({ page }) => {
    await stubShell(page, ['customer']);
    await page.goto('/dashboard/operator/dispatch');
    await expect(sidebarNav(page).getByRole('list').first().getByRole('link')).toHaveCount(8);
    await expect(sidebarNav(page).getByRole('list', { name: 'For businesses' }).getByRole('link')).toHaveCount(2);
    await expect(sidebarNav(page).getByRole('list')).toHaveCount(2);
    await expect(page.getByRole('complementary').getByText('Operations')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('This page is for accounts with the “Operator” role.');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
    await page.goto('/dashboard/driver');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Not available for your account' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('“Driver” role');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
  });

  test('/dashboard is each role’s home: a driver lands on My Jobs, an operator on Dispatch, each with their summary', async ({ page }) => {
    await stubShell(page, ['customer', 'driver']);
    await page.route('**/api/driver/jobs?*', (route) => route.fulfill(ok({ items: [], nextCursor: null })));
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard/driver');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('My Jobs');
    // The driver's day: active jobs, today's earnings in naira, and available for work with the vehicle on record.
    const day = page.getByRole('region', { name: 'Your day' });
    await expect(day.getByTestId('driver-summary-active')).toHaveText('3');
    await expect(day.getByTestId('driver-summary-earned')).toHaveText('₦12,500.00');
    await expect(day.getByTestId('driver-summary-available')).toHaveText('Yes');
    await expect(day.getByTestId('driver-summary-rating')).toHaveText('4.5 (12 reviews)');
    await expect(day).toContainText('Van · LSR 123 DX');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);

    // Without a vehicle on record the driver is told they cannot be given work yet.
    await page.route('**/api/driver/summary', (route) => route.fulfill(ok({ ...DRIVER_HOME, activeJobs: 0, earnedTodayKobo: 0, availableForWork: false, duty: null, vehicle: null, rating: { average: null, reviews: 0 } })));
    await page.reload();
    await expect(day.getByTestId('driver-summary-active')).toHaveText('0');
    await expect(day.getByTestId('driver-summary-earned')).toHaveText('₦0.00');
    await expect(day.getByTestId('driver-summary-available')).toHaveText('Not yet');
    await expect(day.getByTestId('driver-summary-rating')).toHaveText('No ratings yet');
    await expect(day).toContainText('No vehicle on record: contact operations.');
    await expectNoHorizontalScroll(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await stubShell(page, ['customer', 'operator']);
    await page.route('**/api/dispatch/deliveries?*', (route) => route.fulfill(ok({ items: [], nextCursor: null })));
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/dashboard/operator/dispatch');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Dispatch');
    // What waits: the board's three waiting tabs, applications and withdrawals; a count the server capped reads 999+.
    const waiting = page.getByRole('region', { name: 'Waiting now' });
    for (const [key, shown] of [
      ['unassigned', '7'],
      ['active', '12'],
      ['needsDecision', '2'],
      ['pendingApplications', '999+'],
      ['pendingWithdrawals', '0'],
    ] as const) {
      await expect(waiting.getByTestId(`operator-summary-${key}`), key).toHaveText(shown);
    }
    await expect(waiting.getByRole('link', { name: 'Applications to review: 999+' })).toHaveAttribute('href', '/dashboard/operator/applications');
    await expect(waiting.getByRole('link', { name: 'Withdrawals to pay: 0' })).toHaveAttribute('href', '/dashboard/operator/withdrawals');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await waiting.getByRole('link', { name: 'Needs a decision: 2' }).click();
    await expect(page).toHaveURL('/dashboard/operator/dispatch?status=needs_decision');
    await expect(page.getByRole('tab', { name: 'Needs a decision' })).toHaveAttribute('aria-selected', 'true');
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(waiting.getByTestId('operator-summary-pendingApplications')).toHaveText('999+');
    await expectNoHorizontalScroll(page);
  });

  test('a driver gets the Driver section; an operator the Operations section, in the drawer too', async ({ page }) => {
    await stubShell(page, ['customer', 'driver']);
    await page.route('**/api/driver/jobs?*', (route) => route.fulfill(ok({ items: [], nextCursor: null })));
    await page.goto('/dashboard/driver');
    const driverSection = sidebarNav(page).getByRole('list', { name: 'Driver' });
    await expect(driverSection.getByRole('link', { name: 'My Jobs' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('My Jobs');
    await expect(page.getByRole('complementary').getByText('Driver', { exact: true }).last()).toBeVisible();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await stubShell(page, ['customer', 'operator']);
    await page.route('**/api/dispatch/withdrawals?*', (route) => route.fulfill(ok({ items: [], nextCursor: null })));
    await page.goto('/dashboard/operator/withdrawals');
    const operations = sidebarNav(page).getByRole('list', { name: 'Operations' });
    await expect(operations.getByRole('link')).toHaveText(['Dispatch', 'Applications', 'Withdrawals']);
    await expect(operations.getByRole('link', { name: 'Withdrawals' })).toHaveAttribute('aria-current', 'page');
    await expect(operations.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/dashboard/operator/applications');
    await expect(page.getByText('No withdrawal is waiting.')).toBeVisible();

    // Under 768 px the same sections live in the drawer, which closes once a link is chosen (keyboard).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Dispatch' }).focus();
    await page.route('**/api/dispatch/deliveries?*', (route) => route.fulfill(ok({ items: [], nextCursor: null })));
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/dashboard/operator/dispatch');
    await expect(page.getByText('No paid delivery is waiting for a driver.')).toBeVisible();
  });
});

test.describe('dispatch board', () => {
  test('filters, assigns a suitable driver, moves the status, completes after the lockout; axe and 360 px', async ({ page }) => {
    const errors = trackConsoleErrors(page, { allow: STUBBED_API_NOISE });
    await stubShell(page, ['customer', 'operator']);
    let delivery = { ...DELIVERY };
    const requested: string[] = [];
    const posted: { url: string; body: unknown }[] = [];
    const driverFilters: (string | null)[] = [];
    await page.route('**/api/dispatch/deliveries?*', (route: Route) => {
      const params = new URL(route.request().url()).searchParams;
      const status = params.get('status')!;
      const driverId = params.get('driverId');
      requested.push(status);
      if (status === 'active') driverFilters.push(driverId);
      const onBoard =
        (status === 'unassigned' && !delivery.driver) ||
        (status === 'active' && delivery.driver !== null && delivery.status !== 'delivered' && (!driverId || driverId === delivery.driver.userId)) ||
        (status === 'delivered' && delivery.status === 'delivered') ||
        status === 'all';
      return route.fulfill(ok({ items: onBoard ? [delivery] : [], nextCursor: null }));
    });
    // The Active tab's driver filter lists every driver (decision 088).
    await page.route('**/api/dispatch/drivers', (route) => route.fulfill(ok(DRIVERS)));
    await page.route('**/api/dispatch/drivers?*', (route) => {
      expect(new URL(route.request().url()).searchParams.get('transportMode')).toBe('van');
      return route.fulfill(ok(DRIVERS));
    });
    await page.route('**/api/dispatch/deliveries/LF014/*', (route) => {
      const url = route.request().url();
      const body = route.request().postDataJSON() as Record<string, string>;
      posted.push({ url: url.replace(/^.*\/api/, ''), body });
      if (url.endsWith('/assign-driver')) {
        const driver = DRIVERS.find((d) => d.userId === body.driverId)!;
        delivery = { ...delivery, driver: { userId: driver.userId, name: driver.name, phone: driver.phone, plateNumber: driver.plateNumber } };
      } else if (url.endsWith('/status')) {
        const step = { status: body.status!, note: null, driverName: delivery.driver?.name ?? null, at: '2026-11-22T09:30:00.000Z' };
        delivery = { ...delivery, status: body.status!, displayStatus: 'in_transit', history: [...delivery.history, step] };
      } else if (url.endsWith('/complete')) {
        const step = { status: 'delivered', note: `handover:operator ${body.note}`, driverName: delivery.driver?.name ?? null, at: '2026-11-22T10:30:00.000Z' };
        delivery = { ...delivery, status: 'delivered', displayStatus: 'delivered', history: [...delivery.history, step] };
      }
      return route.fulfill(ok(delivery));
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/operator/dispatch');
    await expect(page.getByRole('tab', { name: 'Unassigned' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article', { name: 'Delivery LF014' });
    await expect(card).toContainText('5 Admiralty Way, Lekki');
    await expect(card).toContainText('Chinedu Eze · +2348031234567');
    await expect(card).toContainText('₦3,500.00');
    await expect(card.getByTestId('dispatch-status')).toHaveText('Awaiting pickup');
    await expect(card.getByTestId('dispatch-delivery-type')).toHaveText('Express');
    await expect(card).toContainText('No driver assigned yet');
    // Waiting for a driver, it says when it is due (the tab's order).
    await expect(card.getByTestId('dispatch-due')).toContainText('Due');
    await expect(card.getByTestId('dispatch-due').locator('time')).toHaveAttribute('datetime', '2026-11-23T11:00:00.000Z');
    await expect(card.getByTestId('dispatch-due')).toContainText('12:00');
    await card.getByText('History (2 events)').click();
    // The payment's own note, in words.
    await expect(card.getByRole('listitem').filter({ hasText: 'Awaiting pickup' })).toContainText('Paid by card');
    await expect(card).not.toContainText('paid:card');
    await expect(card.getByRole('listitem').filter({ hasText: 'Awaiting payment' }).locator('time')).toHaveAttribute('datetime', '2026-11-22T08:55:00.000Z');
    // No driver yet: no step names one.
    await expect(card.getByRole('list')).not.toContainText('Driver:');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    // The dialog lists the van drivers with rating (or "New driver") and active jobs; nothing chosen is refused here.
    await card.getByRole('button', { name: 'Assign driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign a driver to LF014' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog).toContainText('New driver');
    await expect(dialog).toContainText('4.6 (12 reviews)');
    await expect(dialog).toContainText('2 active jobs');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a driver');
    expect(posted).toEqual([]);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await dialog.getByRole('radio', { name: /Musa Bello/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(toast(page, 'Driver Assigned')).toContainText('Musa Bello will deliver LF014.');
    expect(posted.at(-1)).toEqual({ url: '/dispatch/deliveries/LF014/assign-driver', body: { driverId: DRIVER_ID } });
    await expect(page.getByText('No paid delivery is waiting for a driver.')).toBeVisible();

    // Active: the driver, reassign, and one step at a time.
    await page.getByRole('tab', { name: 'Unassigned' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL('/dashboard/operator/dispatch?status=active');
    await expect(card.getByTestId('dispatch-driver')).toContainText('Musa Bello');
    await expect(card.getByTestId('dispatch-driver')).toContainText('LSR 123 DX');
    await expect(card.getByTestId('dispatch-due')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Reassign driver' })).toBeVisible();
    // One driver's jobs (decision 088): the choice is in the address and the request; another driver's list is empty.
    const driverFilter = page.getByLabel('Driver', { exact: true });
    await driverFilter.selectOption({ label: 'Aisha Oluwakemi Danjuma-Abubakar of Kaduna Haulage · 2 active jobs' });
    await expect(page).toHaveURL(`/dashboard/operator/dispatch?status=active&driver=${OTHER_DRIVER_ID}`);
    await expect(page.getByText('This driver has no active jobs.')).toBeVisible();
    expect(driverFilters.at(-1)).toBe(OTHER_DRIVER_ID);
    await driverFilter.selectOption({ label: 'Musa Bello · 0 active jobs' });
    await expect(card.getByTestId('dispatch-driver')).toContainText('Musa Bello');
    expect(driverFilters.at(-1)).toBe(DRIVER_ID);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/dispatch/deliveries/export.csv?status=active&driverId=${DRIVER_ID}`);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await driverFilter.selectOption({ label: 'All drivers' });
    await expect(page).toHaveURL('/dashboard/operator/dispatch?status=active');
    await card.getByRole('button', { name: 'Mark as Picked up' }).click();
    await expect(toast(page, 'Status Updated')).toContainText('LF014: Picked up.');
    expect(posted.at(-1)).toEqual({ url: '/dispatch/deliveries/LF014/status', body: { status: 'picked_up' } });
    await expect(card.getByRole('button', { name: 'Mark as In transit' })).toBeVisible();

    // Out for delivery: only the code finishes it, until five wrong codes lock the driver out.
    delivery = { ...delivery, status: 'out_for_delivery' };
    await page.reload();
    await expect(card.getByTestId('dispatch-status')).toHaveText('Out for delivery');
    await expect(card.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Complete delivery' })).toHaveCount(0);
    delivery = { ...delivery, handoverLocked: true };
    await page.reload();
    await expect(card).toContainText('The driver entered 5 wrong codes');
    await card.getByRole('button', { name: 'Complete delivery' }).click();
    const complete = page.getByRole('dialog', { name: 'Complete LF014' });
    await complete.getByRole('button', { name: 'Complete delivery' }).click();
    await expect(complete.getByRole('alert')).toContainText('Say how the handover was confirmed');
    await complete.getByLabel('How was the handover confirmed?').fill('Receiver confirmed by phone call');
    await complete.getByRole('button', { name: 'Complete delivery' }).click();
    await expect(toast(page, 'Delivery Completed')).toContainText('LF014 is marked delivered.');
    expect(posted.at(-1)).toEqual({ url: '/dispatch/deliveries/LF014/complete', body: { note: 'Receiver confirmed by phone call' } });
    await page.getByRole('tab', { name: 'Delivered' }).click();
    await card.getByText(/^History/).click();
    await expect(card).toContainText('Completed by an operator: Receiver confirmed by phone call');
    // Each step names the driver who made it; the payment, before any, names nobody.
    await expect(card.getByRole('listitem').filter({ hasText: 'Picked up' })).toContainText('Driver: Musa Bello');
    await expect(card.getByRole('listitem').filter({ hasText: 'Delivered' })).toContainText('Driver: Musa Bello');
    await expect(card.getByRole('listitem').filter({ hasText: 'Awaiting pickup' })).not.toContainText('Driver:');
    // Still locked on the server's record, but the hand-over is made: nothing left to warn about.
    await expect(card.getByTestId('dispatch-status')).toHaveText('Delivered');
    await expect(card).not.toContainText('wrong codes');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/operator/dispatch?status=active');
    await expect(page.getByLabel('Driver', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, { what: 'the Active tab with its driver select' });
    await page.goto('/dashboard/operator/dispatch?status=all');
    await expect(card).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    expect(requested).toEqual(expect.arrayContaining(['unassigned', 'active', 'delivered', 'all']));
    expect(errors).toEqual([]);
  });

  test('withdrawals queue: mark paid, mark failed with a reason', async ({ page }) => {
    await stubShell(page, ['customer', 'operator']);
    const withdrawal = {
      id: '0b8e2f8a-5d8e-4c3b-9a57-7c1f2e3d4a5b',
      amountKobo: -200_000,
      bankCode: '044',
      bankName: 'Access Bank',
      accountNumberMasked: '******6789',
      accountName: 'Funmi Adeyemi',
      status: 'pending',
      createdAt: '2026-11-22T09:00:00.000Z',
      completedAt: null,
      transferReference: null,
      userId: PROFILE.id,
      payoutGateway: 'manual',
      reference: 'WD-7KQ2M9XD',
      failureReason: null,
      accountNumberKept: true,
    };
    let pending = [withdrawal, { ...withdrawal, id: '6f1d3c2b-4a5e-4f60-8b7c-9d0e1f2a3b4c', amountKobo: -550_000, accountName: 'Tunde Bakare' }];
    const posted: { url: string; body: unknown }[] = [];
    await page.route('**/api/dispatch/withdrawals?*', (route) => route.fulfill(ok({ items: pending, nextCursor: null })));
    await page.route('**/api/dispatch/withdrawals/*/*', (route) => {
      const url = route.request().url().replace(/^.*\/api/, '');
      posted.push({ url, body: route.request().postDataJSON() });
      const id = url.split('/')[3];
      const settled = pending.find((w) => w.id === id)!;
      pending = pending.filter((w) => w.id !== id);
      return route.fulfill(ok({ ...settled, status: url.endsWith('mark-paid') ? 'paid' : 'failed' }));
    });

    await page.goto('/dashboard/operator/withdrawals');
    await expect(page.getByTestId('operator-withdrawal')).toHaveCount(2);
    await expect(page.getByTestId('operator-withdrawal').first()).toContainText('₦2,000.00');
    await expect(page.getByTestId('operator-withdrawal').first()).toContainText('Access Bank · ******6789');
    await page.getByRole('button', { name: 'Mark paid: ₦2,000.00 to Funmi Adeyemi' }).click();
    // Money leaves only once the transfer is sent: asked once more.
    const confirm = page.getByRole('dialog', { name: 'Mark ₦2,000.00 to Funmi Adeyemi as paid?' });
    await expect(confirm).toContainText('Only once the bank transfer has been sent');
    // The bank's reference for the transfer is required, checked as the server checks it (decision 089).
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    const reference = confirm.getByLabel("Bank's transfer reference");
    await expect(reference).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm.getByRole('alert')).toHaveText("Enter the bank's reference for the transfer");
    await reference.fill('FT1');
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('The reference must be 6 to 50 characters: letters, digits, - / _ or .');
    expect(posted).toEqual([]);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    // Copied with its digits grouped: sent without the spaces.
    await reference.fill('FT26 332 XK9');
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(toast(page, 'Withdrawal Paid')).toContainText('₦2,000.00 marked paid.');
    await expect(page.getByTestId('operator-withdrawal')).toHaveCount(1);

    await page.getByRole('button', { name: 'Mark failed: ₦5,500.00 to Tunde Bakare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark ₦5,500.00 failed' });
    await dialog.getByLabel('Reason (optional)').fill('Account name does not match');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });
    await dialog.getByRole('button', { name: 'Mark failed' }).click();
    await expect(toast(page, 'Withdrawal Failed')).toContainText("₦5,500.00 returned to the wallet of the person who asked for it.");
    await expect(page.getByText('No withdrawal is waiting.')).toBeVisible();
    expect(posted).toEqual([
      { url: `/dispatch/withdrawals/${withdrawal.id}/mark-paid`, body: { transferReference: 'FT26332XK9' } },
      { url: '/dispatch/withdrawals/6f1d3c2b-4a5e-4f60-8b7c-9d0e1f2a3b4c/mark-failed', body: { reason: 'Account name does not match' } },
    ]);
  });
});

test.describe('driver workspace at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("an unpaid pay-on-delivery job out for delivery fits a phone in Portuguese: its actions' long labels wrap", async ({ page }) => {
    await stubShell(page, ['customer', 'driver']);
    const job = { ...JOB, status: 'out_for_delivery', cod: { amountKobo: 1_000_000_000, feeKobo: 0, reserveKobo: 0, paidAt: null } };
    await page.route('**/api/driver/jobs?*', (route) => route.fulfill(ok({ items: [job], nextCursor: null })));
    await page.goto('/dashboard/driver?lng=pt');
    const note = page.getByTestId('driver-job-cod-note');
    await expect(note.getByRole('button', { name: 'Enviar novamente o link de pagamento' })).toBeVisible();
    await expectNoHorizontalScroll(page, { what: 'the driver page in Portuguese with an unpaid pay-on-delivery job' });
  });

  test('one next step, tap to call, the code on a number pad, attempts left, then the lockout', async ({ page }) => {
    const errors = trackConsoleErrors(page, { allow: STUBBED_API_NOISE });
    await stubShell(page, ['customer', 'driver']);
    let job = { ...JOB };
    const sent: { url: string; body: string | null; contentType: string | undefined }[] = [];
    await page.route('**/api/driver/jobs?*', (route) => {
      const scope = new URL(route.request().url()).searchParams.get('scope');
      return route.fulfill(ok({ items: scope === 'active' ? [job] : [], nextCursor: null }));
    });
    await page.route('**/api/driver/jobs/LF014/*', (route) => {
      const request = route.request();
      sent.push({ url: request.url().replace(/^.*\/api/, ''), body: request.postData(), contentType: request.headers()['content-type'] });
      if (request.url().endsWith('/status')) {
        job = { ...job, status: (request.postDataJSON() as { status: string }).status };
        return route.fulfill(ok(job));
      }
      job = { ...job, handoverAttemptsLeft: job.handoverAttemptsLeft - 1 };
      return job.handoverAttemptsLeft === 0
        ? route.fulfill(failure(423, 'HANDOVER_LOCKED', 'server english'))
        : route.fulfill(failure(422, 'HANDOVER_CODE_INVALID', 'server english', { attemptsLeft: job.handoverAttemptsLeft }));
    });

    await page.goto('/dashboard/driver');
    const card = page.getByRole('article', { name: 'Job LF014' });
    await expect(card).toContainText('12 Marina Road, Lagos Island');
    await expect(card).toContainText('Two boxes, handle with care');
    await expect(card.getByTestId('driver-job-earnings')).toHaveText('₦2,800.00');
    // A same-day job says so, with the board's badge (decision 087).
    await expect(card.getByTestId('driver-job-delivery-type')).toHaveText('Same Day');
    await expect(card.getByRole('link', { name: 'Call Chinedu Eze on +234 803 123 4567' })).toHaveAttribute('href', 'tel:+2348031234567');
    await expect(card.getByRole('button')).toHaveCount(1);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await card.getByRole('button', { name: 'Mark out for delivery' }).click();
    await expect(toast(page, 'Status Updated')).toBeVisible();
    expect(sent.at(-1)).toMatchObject({ url: '/driver/jobs/LF014/status', body: '{"status":"out_for_delivery"}' });
    await expect(card.getByTestId('driver-job-status')).toHaveText('Out for delivery');

    await card.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliver LF014' });
    const code = dialog.getByLabel("Receiver's code");
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const photo = dialog.getByLabel('Proof photo (optional)');
    await expect(photo).toHaveAttribute('accept', 'image/*');
    await expect(photo).toHaveAttribute('capture', 'environment');
    await expect(dialog.getByTestId('attempts-left')).toHaveText('5 attempts left');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    // Not four digits: refused here. Letters never get in.
    await code.pressSequentially('12a');
    await expect(code).toHaveValue('12');
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter the 4-digit code the receiver was sent');
    expect(sent.filter((s) => s.url.endsWith('/deliver'))).toHaveLength(0);

    // A wrong code: the server's words with the attempts left, sent as multipart with the photo.
    await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByText('Choose a JPEG, PNG or WebP photo of at most 10 MB.')).toBeVisible();
    await code.fill('1234');
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    // The server's HANDOVER_CODE_INVALID in words is the dispatch branch's catalogue; here: refused, and counted.
    await expect(toast(page, 'Not Delivered')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveValue('');
    await expect(dialog.getByTestId('attempts-left')).toHaveText('4 attempts left');
    const deliver = sent.at(-1)!;
    expect(deliver.url).toBe('/driver/jobs/LF014/deliver');
    expect(deliver.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(deliver.body).toContain('name="code"\r\n\r\n1234');
    expect(deliver.body).not.toContain('name="photo"');

    // Each wrong code counts down; the fifth locks the job and the driver is told an operator must complete it.
    for (const left of ['3 attempts left', '2 attempts left', '1 attempt left']) {
      await code.fill('9999');
      await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
      await expect(dialog.getByTestId('attempts-left')).toHaveText(left);
    }
    await code.fill('9999');
    await dialog.getByRole('button', { name: 'Confirm delivery' }).click();
    // The dialog turns to the locked state (the photo's own message may still be shown beside it).
    await expect(dialog.getByRole('alert').filter({ hasText: 'operator' })).toHaveText(
      'Too many wrong codes: an operator must complete this delivery.',
    );
    await page.keyboard.press('Escape');
    await expect(card.getByRole('status')).toHaveText('Too many wrong codes: an operator must complete this delivery.');
    await expect(card.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('a second tap on a step just saved sends nothing and shows no refusal', async ({ page }) => {
    const errors = trackConsoleErrors(page, { allow: STUBBED_API_NOISE });
    await stubShell(page, ['customer', 'driver']);
    let job = { ...JOB };
    const listed = { ...JOB };
    let steps = 0;
    // The list has not caught up yet (a slow network): the card still shows the job before the step.
    await page.route('**/api/driver/jobs?*', (route) => {
      const scope = new URL(route.request().url()).searchParams.get('scope');
      return route.fulfill(ok({ items: scope === 'active' ? [listed] : [], nextCursor: null }));
    });
    await page.route('**/api/driver/jobs/LF014/status', (route) => {
      steps += 1;
      const status = (route.request().postDataJSON() as { status: string }).status;
      if (job.status === status) return route.fulfill(failure(409, 'INVALID_STATUS_TRANSITION', 'server english'));
      job = { ...job, status };
      return route.fulfill(ok(job));
    });

    await page.goto('/dashboard/driver');
    const card = page.getByRole('article', { name: 'Job LF014' });
    const step = card.getByRole('button', { name: 'Mark out for delivery' });
    await step.click();
    await expect(toast(page, 'Status Updated')).toBeVisible();
    // The second tap of a double tap, on the button as the card still shows it.
    await step.click({ force: true });
    await expect(step).toBeDisabled();
    // Nothing to wait for when nothing is sent: a refusal (the stub answers at once) would have shown by now.
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Status Not Updated' })).toHaveCount(0);
    expect(steps).toBe(1);
    expect(errors).toEqual([]);
  });
});

test.describe('rating the driver', () => {
  test('after delivery: New driver, a 1–5 star radio group from the keyboard, then the given rating', async ({ page }) => {
    await stubShell(page, ['customer']);
    const tracking = {
      trackingId: 'LF-7KQ2-M9XD',
      deliveryId: 'LF014',
      livemode: true,
      status: 'delivered',
      displayStatus: 'delivered',
      estimatedDelivery: { from: '2026-11-22T09:40:00.000Z', to: '2026-11-22T09:40:00.000Z' },
      steps: ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'].map((key, index) => ({
        key,
        state: 'completed',
        at: `2026-11-22T09:${String(10 * (index + 1)).padStart(2, '0')}:00.000Z`,
      })),
      failedAttempt: null,
      driver: { name: 'Musa Bello', phone: '+2348020000001', rating: 0, reviews: 0 },
      myRating: null as null | { stars: number; comment: string | null; createdAt: string },
      cod: null,
      packageDetails: {
        type: 'electronics',
        weight: 'medium',
        pickup: '12 Marina Road, Lagos Island',
        dropoff: '5 Admiralty Way, Lekki',
        recipient: 'Chinedu Eze',
        recipientPhone: '+2348031234567',
        description: null,
      },
    };
    let body: unknown;
    await page.route('**/api/tracking/*', (route) => route.fulfill(ok(tracking)));
    await page.route('**/api/deliveries/LF014/rating', (route) => {
      body = route.request().postDataJSON();
      tracking.myRating = { stars: 4, comment: 'On time', createdAt: '2026-11-22T11:00:00.000Z' };
      tracking.driver = { ...tracking.driver, rating: 4, reviews: 1 };
      return route.fulfill({ ...ok(tracking.myRating), status: 201 });
    });

    await page.goto('/dashboard/tracking?id=LF-7KQ2-M9XD');
    await expect(page.getByTestId('driver-rating')).toHaveText('New driver');
    await expect(page.getByRole('group', { name: 'Rate your delivery by Musa Bello' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose from 1 to 5 stars');
    await expectNoAxeViolations(page, { exclude: [SHARED_TOASTER] });

    await page.getByRole('radio', { name: '1 out of 5 stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '4 out of 5 stars' })).toBeChecked();
    await page.getByLabel('Comment (optional)').fill('On time');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(toast(page, 'Thank You!')).toContainText('Your rating helps Musa Bello and other customers.');
    expect(body).toEqual({ stars: 4, comment: 'On time' });
    await expect(page.getByTestId('my-rating')).toContainText('4 out of 5 stars');
    await expect(page.getByTestId('my-rating')).toContainText('On time');
    await expect(page.getByTestId('driver-rating')).toHaveText('4.0 (1 review)');
    await expect(page.getByRole('radio')).toHaveCount(0);
  });
});
