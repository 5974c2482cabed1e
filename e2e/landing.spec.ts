import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalScroll, trackConsoleErrors, waitForHydration } from './page-checks.js';

/** The public landing page, clicked through as a visitor would, on the built and prerendered app. */

const SIGN_UP = '/auth?tab=signup';

/** Opens the landing page once React has hydrated it, so clicks on buttons are handled, not lost on static markup. */
async function gotoLanding(page: Page) {
  await page.goto('/');
  await waitForHydration(page);
}

/** Scrolls the carousel into view and waits until Embla has taken it over (it loads on approach). */
async function openCarousel(page: Page) {
  const carousel = page.getByRole('region', { name: 'Our services' });
  await carousel.scrollIntoViewIfNeeded();
  const track = carousel.locator('[aria-live]');
  await expect(track).toHaveAttribute('style', /transform/);
  return carousel;
}

const dot = (page: Page, n: number) => page.getByRole('button', { name: `Go to slide ${n}`, exact: true });

test.describe('landing page', () => {
  let consoleErrors: string[];

  test.beforeEach(async ({ page }) => {
    // Only while the landing page itself is open; the pages its links lead to have their own specs.
    consoleErrors = trackConsoleErrors(page, { collectWhile: () => new URL(page.url()).pathname === '/' });
  });

  test.afterEach(() => {
    expect(consoleErrors, 'no console errors').toEqual([]);
  });

  test('arrives prerendered, with one h1, landmarks and the sections in order', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Move anything, anywhere. Smarter and faster.');
    expect(html).toContain('id="services"');

    await gotoLanding(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Move anything, anywhere. Smarter and faster.');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Smart Logistics For Every Industry' })).toBeVisible();

    const order = await page.evaluate(() =>
      ['home', 'about', 'services', 'why-title', 'partners-title', 'book-shipment'].map((id) => {
        const node = document.getElementById(id);
        return node ? node.getBoundingClientRect().top + window.scrollY : -1;
      }),
    );
    expect(order.every((top) => top >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    for (const id of ['about', 'services', 'contact', 'careers', 'book-shipment']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.getByText(`© ${new Date().getFullYear()} Lanefreight. All rights reserved.`)).toBeVisible();
    const clients = page
      .getByRole('heading', { name: /Trusted by Nigerian businesses/ })
      .locator('xpath=..')
      .getByRole('listitem');
    await expect(clients).toHaveCount(6);
  });

  test('the app hydrates the prerendered page instead of rebuilding it, so early focus survives', async ({ page }) => {
    // Hold the translations back so there is time to act on the static page before the app starts.
    await page.route('**/locales/en-US/translation.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => {
      (document.querySelector('header') as HTMLElement & { marked?: boolean }).marked = true;
    });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

    await waitForHydration(page);
    expect(
      await page.evaluate(() => (document.querySelector('header') as HTMLElement & { marked?: boolean }).marked),
    ).toBe(true);
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  });

  test('its scripts start only once the page has loaded and been shown, and then hydrate it', async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    // Nothing in the served page makes the browser fetch a script with the page itself.
    expect(html).not.toMatch(/<script[^>]* src=|rel="modulepreload"/);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        loaded: navigation?.loadEventEnd ?? 0,
        scripts: scripts.length,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    });
    expect(timing.loaded).toBeGreaterThan(0);
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
  });

  test('header links scroll to their sections', async ({ page }) => {
    await gotoLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, id] of [
      ['About Us', 'about'],
      ['Services', 'services'],
      ['Contact Us', 'contact'],
      ['Home', 'home'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('footer links reach careers, terms, privacy and the explore anchors', async ({ page }) => {
    await gotoLanding(page);
    const explore = page.getByRole('navigation', { name: 'Explore' });
    await explore.getByRole('link', { name: 'Careers' }).click();
    await expect(page.locator('#careers')).toBeInViewport();
    await explore.getByRole('link', { name: 'About Us' }).click();
    await expect(page.locator('#about')).toBeInViewport();
    // Terms and Privacy are pages of their own, with real content (decision 052).
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '4. What may not be sent' })).toBeVisible();
    await gotoLanding(page);
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page.getByText(/Nigeria Data Protection Act 2023/)).toBeVisible();
    await page.getByRole('link', { name: 'Your rights' }).click();
    await expect(page.locator('#rights')).toBeInViewport();
    // No link that goes nowhere: the social profiles do not exist yet, so the footer has none.
    await gotoLanding(page);
    await expect(page.getByRole('link', { name: /^Lanefreight on / })).toHaveCount(0);
  });

  test('Login goes to /auth', async ({ page }) => {
    await gotoLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('every sign-up call to action points to /auth?tab=signup and navigates there', async ({ page }) => {
    await gotoLanding(page);
    const hero = page.locator('#home');
    const footerCta = page.locator('#book-shipment');
    const ctas = [
      page.getByRole('banner').getByRole('link', { name: 'Get Started' }),
      hero.getByRole('link', { name: 'Get Started' }),
      hero.getByRole('link', { name: 'Book Shipment' }),
      footerCta.getByRole('link', { name: 'Get Started' }),
      footerCta.getByRole('link', { name: 'Book a Shipment' }),
      page.getByRole('link', { name: 'Partner With Us' }),
    ];
    for (const cta of ctas) await expect(cta).toHaveAttribute('href', SIGN_UP);

    await hero.getByRole('link', { name: 'Book Shipment' }).click();
    await expect(page).toHaveURL(SIGN_UP);

    await gotoLanding(page);
    await page.getByRole('link', { name: 'Partner With Us' }).click();
    await expect(page).toHaveURL(SIGN_UP);

    await gotoLanding(page);
    await page.locator('#home').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(SIGN_UP);
  });

  test('Why Choose has four rows, each with a descriptive Learn More link that works', async ({ page }) => {
    await gotoLanding(page);
    const links = page.getByRole('link', { name: /^Learn More about / });
    await expect(links).toHaveCount(4);
    await page.getByRole('link', { name: 'Learn More about Smart vehicle matching' }).click();
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('the carousel autoplays every 3 seconds', async ({ page }) => {
    await gotoLanding(page);
    const carousel = await openCarousel(page);
    const started = Date.now();
    await expect(carousel.getByRole('group', { name: '1 of 5' })).toBeInViewport({ ratio: 0.9 });
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true', { timeout: 6_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(4_500);
    await expect(carousel.getByRole('group', { name: '2 of 5' })).toBeInViewport({ ratio: 0.9 });
    await expect(page.getByRole('button', { name: 'Pause the slide show' })).toBeVisible();
  });

  test('dots jump to a slide, and using them stops the autoplay', async ({ page }) => {
    await gotoLanding(page);
    const carousel = await openCarousel(page);
    await expect(carousel.getByRole('group')).toHaveCount(5);
    await dot(page, 4).click();
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true');
    await expect(dot(page, 1)).not.toHaveAttribute('aria-current');
    await expect(carousel.getByRole('group', { name: '4 of 5' })).toBeInViewport({ ratio: 0.9 });
    await expect(carousel.getByRole('heading', { name: 'Temperature-controlled delivery' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Play the slide show' })).toBeVisible();

    await page.waitForTimeout(4_000);
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true');

    // Loop: next from the last slide wraps to the first.
    await dot(page, 5).click();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(dot(page, 5)).toHaveAttribute('aria-current', 'true');
  });

  test('dragging the slides stops the autoplay', async ({ page }) => {
    await gotoLanding(page);
    const carousel = await openCarousel(page);
    const slide = carousel.getByRole('group', { name: '1 of 5' });
    const box = await slide.boundingBox();
    if (!box) throw new Error('slide has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
    await page.mouse.up();
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Play the slide show' })).toBeVisible();
    await page.waitForTimeout(4_000);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
  });

  test('partner tabs switch panels by click and by arrow keys', async ({ page }) => {
    await gotoLanding(page);
    const tablist = page.getByRole('tablist', { name: 'Partner types' });
    const fleet = tablist.getByRole('tab', { name: 'For Fleet Partners' });
    const operators = tablist.getByRole('tab', { name: 'For Operators' });
    const fleetPanel = page.getByRole('tabpanel', { name: 'For Fleet Partners' });
    const operatorsPanel = page.getByRole('tabpanel', { name: 'For Operators' });

    await expect(fleet).toHaveAttribute('aria-selected', 'true');
    await expect(fleetPanel).toBeVisible();
    await expect(fleetPanel).toContainText('5,000+');
    await expect(fleetPanel).toContainText('₦2.5M');
    await expect(operatorsPanel).toBeHidden();

    await operators.click();
    await expect(operators).toHaveAttribute('aria-selected', 'true');
    await expect(fleet).toHaveAttribute('aria-selected', 'false');
    await expect(operatorsPanel).toBeVisible();
    await expect(operatorsPanel).toContainText('50K+');
    await expect(operatorsPanel).toContainText('24/7');
    await expect(fleetPanel).toBeHidden();

    await operators.press('ArrowLeft');
    await expect(fleet).toBeFocused();
    await expect(fleetPanel).toBeVisible();
    await fleet.press('ArrowRight');
    await expect(operators).toBeFocused();
    await expect(operatorsPanel).toBeVisible();
    await operators.press('ArrowRight');
    await expect(fleet).toBeFocused();
    await fleet.press('End');
    await expect(operators).toBeFocused();
    await operators.press('Home');
    await expect(fleet).toBeFocused();

    // Only the active tab is in the tab order; Tab moves on into the panel.
    await expect(operators).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    await expect(fleetPanel).toBeFocused();
  });

  test('the language selector lists all eight languages by their own names', async ({ page }) => {
    await gotoLanding(page);
    const select = page.getByRole('combobox', { name: 'Language' });
    await expect(select.locator('option')).toHaveText([
      'English (US)',
      'Español',
      'Français',
      'Deutsch',
      'Português',
      'Yorùbá',
      'Hausa',
      'Igbo',
    ]);
    await expect(select).toHaveValue('en-US');
  });

  test('has no axe violations, before and after the carousel comes alive, in light and dark', async ({ page }) => {
    await gotoLanding(page);
    await expectNoAxeViolations(page);
    await openCarousel(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page);
  });

  test('keyboard users can skip to the content and see where focus is', async ({ page }) => {
    await gotoLanding(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).not.toBe('0px');
  });
});

test.describe('landing page at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('has no horizontal scroll, before and after the carousel loads', async ({ page }) => {
    await gotoLanding(page);
    await expectNoHorizontalScroll(page, { width: 360 });
    await openCarousel(page);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, { width: 360 });
    await expectNoAxeViolations(page);
  });

  test('the mobile menu opens, shows the links, and closes on a link choice or Escape', async ({ page }) => {
    await gotoLanding(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(page.locator('#mobile-menu')).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'About Us', 'Services', 'Contact Us', 'Login', 'Get Started']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expectNoHorizontalScroll(page, { width: 360 });

    await menu.getByRole('link', { name: 'Services' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#services')).toBeInViewport();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/auth');
  });
});
