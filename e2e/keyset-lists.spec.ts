import { expect, test, type Page, type Request } from '@playwright/test';

/**
 * The lists page by cursor (decision 049): the page asks for the first rows, then for the rows after the cursor the
 * server gave, appends them, and stops offering more when the cursor is null. The API is answered by fixtures
 * shaped by the shared contract; the real server's paging is covered by src/server/keyset-paging.test.ts.
 */

const PROFILE = {
  id: '5f0c1f8e-64c4-4b7e-a0f5-0c6a8f3b9d21',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: null,
  whatsappNumber: null,
  profileImage: null,
  walletBalance: 0,
  roles: ['customer'],
  language: 'en-US',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data, message: 'OK' }) });

async function stubShell(page: Page) {
  await page.route('**/api/session', (route) => route.fulfill(ok({ user: PROFILE })));
  await page.route('**/api/notifications/unread-count', (route) => route.fulfill(ok({ count: 0 })));
  await page.route('**/api/events**', (route) => route.fulfill({ status: 204, body: '' }));
}

const delivery = (n: number) => ({
  id: `LF${String(n).padStart(3, '0')}`,
  livemode: true,
  trackingId: `LF-TEST-${n}`,
  route: `Ikeja → Lekki ${n}`,
  status: 'delivered',
  displayStatus: 'delivered',
  priceLockedUntil: '2026-11-01T09:30:00.000Z',
  paidAt: '2026-11-01T10:00:00.000Z',
  date: '2026-11-01',
  canCancel: false,
  estimatedDelivery: null,
  price: { total: 250_000 },
  cod: null,
  failedAttempt: null,
});

const notification = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'wallet',
  messageKey: 'walletCredited',
  params: { amount: `₦${n},000.00`, amountKobo: n * 100_000 },
  read: true,
  createdAt: '2026-11-01T10:00:00.000Z',
});

/** Answers the first request with `first` and a cursor, the one after that cursor with `second` and no cursor. */
function twoPages(first: unknown[], second: unknown[], seen: URL[]) {
  return (route: { request(): Request; fulfill(response: object): Promise<void> }) => {
    const url = new URL(route.request().url());
    seen.push(url);
    const cursor = url.searchParams.get('cursor');
    return route.fulfill(ok(cursor === 'after-first' ? { items: second, nextCursor: null } : { items: first, nextCursor: 'after-first' }));
  };
}

test.use({ viewport: { width: 1280, height: 900 } });

test('My Deliveries loads more rows by cursor, and keeps its filter', async ({ page }) => {
  await stubShell(page);
  const seen: URL[] = [];
  const first = Array.from({ length: 10 }, (_, i) => delivery(30 - i));
  const second = Array.from({ length: 3 }, (_, i) => delivery(20 - i));
  await page.route('**/api/deliveries?*', twoPages(first, second, seen));
  // An account that never used the API: no test-deliveries switch (decision 079).
  await page.route('**/api/deliveries/test-mode', (route) => route.fulfill(ok({ available: false })));

  await page.goto('/dashboard/my-deliveries?status=delivered');
  const table = page.getByRole('table', { name: 'My Deliveries' });
  await expect(table.getByRole('cell', { name: 'LF030', exact: true })).toBeVisible();
  await expect(page.getByText('Showing 10')).toBeVisible();
  expect(seen.at(-1)!.searchParams.get('cursor')).toBeNull();
  expect(seen.at(-1)!.searchParams.get('status')).toBe('delivered');

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(table.getByRole('cell', { name: 'LF018', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'LF030', exact: true })).toBeVisible();
  await expect(page.getByText('Showing 13')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const next = seen.at(-1)!;
  expect(next.searchParams.get('cursor')).toBe('after-first');
  expect(next.searchParams.get('status')).toBe('delivered');
  expect(next.searchParams.has('page')).toBe(false);
});

test('Notifications load more by cursor', async ({ page }) => {
  await stubShell(page);
  const seen: URL[] = [];
  await page.route('**/api/notifications?*', twoPages([notification(1), notification(2)], [notification(3)], seen));

  await page.goto('/dashboard/notifications');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Showing 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(seen.at(-1)!.searchParams.get('cursor')).toBe('after-first');
});
