import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './accounts.js';

/**
 * Issue 23's developers page, webhooks part: an endpoint on a local receiver (127.0.0.1) is added with its events and
 * mode, its secret shown once; "Send test event" reaches the receiver signed with that secret; the attempt log shows
 * it; at phone width, light and dark, nothing overflows and the section passes axe; deleting it asks first.
 */
test.describe('developers page: webhooks', () => {
  test('add an endpoint, send a signed test event, read the log, delete it', async ({ page, context, request }) => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['lanefreight-signature']) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      await signUpInBrowser(request, context, 'Tunde Bakare', 'Cargo!Lane-3141', 'webhooks');
      await page.goto('/dashboard/developers');
      const section = page.getByTestId('webhook-endpoints-section');
      await expect(section.getByText('No endpoints yet.')).toBeVisible();

      // The URL is required, said beside the field; every event is chosen at first, and the test mode.
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(section.getByText('Enter the full address of your endpoint, starting with https://')).toBeVisible();
      await section.getByLabel('Endpoint URL').fill(url);
      await expect(section.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
      await section.getByRole('checkbox', { name: 'Select all' }).click();
      await section.getByRole('checkbox', { name: 'delivery.delivered' }).click();
      await expect(section.getByRole('radio', { name: 'Test' })).toBeChecked();
      await section.getByRole('button', { name: 'Add endpoint' }).click();

      const dialog = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = await dialog.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      const endpoint = section.getByTestId('webhook-endpoint');
      await expect(endpoint).toContainText(url);
      await expect(endpoint).toContainText('delivery.delivered');
      expect(await page.content()).not.toContain(secret);

      await endpoint.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Test event on its way' })).toBeVisible();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      const [{ body, signature }] = received as [{ body: string; signature: string }];
      const t = /^t=(\d+),/.exec(signature)?.[1];
      expect(signature).toContain(`v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
      expect(JSON.parse(body)).toMatchObject({ type: 'webhook_endpoint.test', livemode: false });

      await endpoint.getByRole('button', { name: 'Attempt log' }).click();
      await expect(endpoint.getByTestId('webhook-attempt')).toContainText('webhook_endpoint.test');
      await expect(endpoint.getByTestId('webhook-attempt')).toContainText('200');

      await page.setViewportSize({ width: 360, height: 800 });
      for (const theme of ['light', 'dark']) {
        await page.evaluate((value) => document.documentElement.classList.toggle('dark', value === 'dark'), theme);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const axe = await new AxeBuilder({ page }).include('[data-testid="webhook-endpoints-section"]').analyze();
        expect(axe.violations, `${theme}: ${JSON.stringify(axe.violations.map((v) => v.id))}`).toEqual([]);
      }

      await endpoint.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(section.getByText('No endpoints yet.')).toBeVisible();
    } finally {
      receiver.close();
    }
  });
});
