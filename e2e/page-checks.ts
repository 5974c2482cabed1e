import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The checks every page gets in the browser tests (issue 24, conventions 12): no unexpected console error, no axe
 * violation, no sideways scroll. Each takes what a spec may rightly relax as a parameter, so the relaxation is
 * visible where it is used and the default is the strict check.
 */

/**
 * Chromium's console line for a response with a 4xx status ("Failed to load resource: the server responded with a
 * status of 401"). A page that expects a refusal (a wrong password, a 402, a 404) logs it; that is not a bug.
 */
export const CLIENT_ERROR_RESPONSE = /status of 4\d\d/;

/**
 * The shared toaster (components/ui/sonner) belongs to no page: its rich error colours measure 4.34:1 and are
 * reported to its owner, so a page's own check may leave it out.
 */
export const SHARED_TOASTER = '[data-sonner-toaster]';

interface ConsoleErrorOptions {
  /** Console errors this page is expected to log; the caller says why. */
  allow?: RegExp;
  /** Collects only while this holds (e.g. while the page under test, not the next one, is open). */
  collectWhile?: () => boolean;
}

/** Console errors and uncaught exceptions from now on; a test ends with `expect(errors).toEqual([])`. */
export function trackConsoleErrors(page: Page, { allow, collectWhile = () => true }: ConsoleErrorOptions = {}): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allow?.test(message.text()) && collectWhile()) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (collectWhile()) errors.push(error.message);
  });
  return errors;
}

interface CheckOptions {
  /** Names the page in the failure message (for sweeps over many pages). */
  what?: string;
  /** Records the failure and goes on, so one run lists every page that fails. */
  soft?: boolean;
}

interface AxeOptions extends CheckOptions {
  /** Only these parts of the page (selectors), when the spec checks one section. */
  include?: string[];
  /** Parts that belong to another owner (see SHARED_TOASTER). */
  exclude?: string[];
}

/** axe finds nothing on the page; a failure lists each rule with the elements that break it. */
export async function expectNoAxeViolations(page: Page, { what, soft = false, include = [], exclude = [] }: AxeOptions = {}) {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  (soft ? expect.soft : expect)(found, what).toEqual([]);
}

interface ScrollOptions extends CheckOptions {
  /** The viewport width the test set (a phone's 360 px): checked first, so a wrong setup cannot pass. */
  width?: number;
}

/** Nothing is wider than the viewport; a failure names the elements that stick out, so it says what to fix. */
export async function expectNoHorizontalScroll(page: Page, { what = 'the page', soft = false, width: expected }: ScrollOptions = {}) {
  const { width, viewport, offenders } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const width = (document.scrollingElement ?? document.documentElement).scrollWidth;
    const offenders =
      width <= viewport
        ? []
        : [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > viewport + 1)
            .slice(-6)
            .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> right ${Math.round(element.getBoundingClientRect().right)}px`);
    return { width, viewport, offenders };
  });
  if (expected !== undefined) expect(viewport, 'the viewport width').toBe(expected);
  (soft ? expect.soft : expect)(width, `${what} is ${width}px wide in ${viewport}px:\n${offenders.join('\n')}`).toBeLessThanOrEqual(viewport);
}

/**
 * Each element shows whole: no ellipsis or overflow cuts its own text, and neither the viewport nor a container that
 * clips or scrolls sideways (a wide table's wrapper) hides part of it. A failure names each cut element and by how much.
 */
export async function expectShownWhole(elements: Locator, { what = 'the elements', soft = false }: CheckOptions = {}) {
  expect(await elements.count(), `${what}: none found`).toBeGreaterThan(0);
  const cut = await elements.evaluateAll((found) =>
    found.flatMap((element) => {
      const box = element.getBoundingClientRect();
      const problems: string[] = [];
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`its text is ${element.scrollWidth - element.clientWidth}px too wide`);
      let right = document.documentElement.clientWidth;
      let left = 0;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        right = Math.min(right, frame.right);
        left = Math.max(left, frame.left);
      }
      if (box.right > right + 1 || box.left < left - 1) problems.push(`spans ${Math.round(box.left)}–${Math.round(box.right)}px, the visible part ${Math.round(left)}–${Math.round(right)}px`);
      return problems.length > 0 ? [`"${(element.textContent ?? '').trim().slice(0, 40)}" ${problems.join(', ')}`] : [];
    }),
  );
  (soft ? expect.soft : expect)(cut, `${what}: cut or out of sight`).toEqual([]);
}

/**
 * No button (or link styled as one) cuts its own label: its text is not wider than its box. A label that does not
 * wrap (`whitespace-nowrap`) in a box the phone narrows loses its ends ("ommencez votre parcours d'investisseu"),
 * which the page's own width does not show (decision 093). A label that ellipsis shortens on purpose is left alone.
 */
export async function expectNoClippedButtons(page: Page, { what = 'the page', soft = false }: CheckOptions = {}) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[data-slot="button"], a[class*="justify-center"][class*="rounded-md"]')]
      .filter((element) => element.offsetParent !== null && getComputedStyle(element).textOverflow !== 'ellipsis')
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `"${(element.textContent ?? '').trim().slice(0, 50)}" ${element.scrollWidth}px in ${element.clientWidth}px`),
  );
  (soft ? expect.soft : expect)(clipped, `${what}: buttons whose label is cut`).toEqual([]);
}

/** The toast that says `text` (the first, when the same words show twice). */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Waits until React has hydrated the prerendered landing page (it tags the DOM nodes it owns). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector('header');
    return !!header && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
}
