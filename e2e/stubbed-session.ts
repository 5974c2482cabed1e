import type { Page } from '@playwright/test';

/**
 * Shell tests fake the session in the browser only. The pages inside still call the server, which has no session
 * and answers 401, and the app treats a 401 as the session's end (web/lib/query-client.ts) and leaves for /auth.
 * Those answers become "not found" here, so a page shows its own error state and the shell stays; everything else
 * passes through. Register this before a test's own routes: the route registered last answers first.
 */
export async function answerUnauthorisedAsNotFound(page: Page) {
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    if (response.status() !== 401) return route.fulfill({ response });
    return route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: null, message: 'Not found', code: 'ROUTE_NOT_FOUND' }),
    });
  });
}
