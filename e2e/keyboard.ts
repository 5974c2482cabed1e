import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only moves for the browser suite: each finds its way by Tab, arrows, Enter and Space, as a person
 * without a mouse would, and fails saying where the focus got stuck.
 */

/** Presses at most this many Tabs looking for one element: more than any screen of the app needs. */
const MAX_TABS = 120;

const isFocused = (target: Locator) => target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));

/** Tag, role and name of the focused element, for a failure message. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the page itself)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    const role = element.getAttribute('role');
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${element.id ? ` id=${element.id}` : ''}> "${name}"`;
  });

/** Presses Tab (Shift+Tab with `backwards`) until an element `target` matches has the focus. */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  await target.first().waitFor({ state: 'attached' });
  for (let presses = 0; presses <= MAX_TABS; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${MAX_TABS} ${backwards ? 'Shift+Tab' : 'Tab'} presses never reached ${target.toString()}; the focus ended on ${await describeFocus(page)}`);
}

/** Tabs to a text box and types into it. */
export async function typeInto(page: Page, box: Locator, text: string) {
  await tabTo(page, box);
  await page.keyboard.type(text);
}

/** Tabs to a button or link and presses Enter on it. */
export async function activate(page: Page, control: Locator) {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

/** Whether `option` is the active option: focused (Radix select) or named by the focused box's aria-activedescendant. */
const isActiveOption = (option: Locator) =>
  option.evaluateAll((elements) => {
    const focused = document.activeElement;
    const activeId = focused?.getAttribute('aria-activedescendant');
    return elements.some((element) => element === focused || (activeId !== null && activeId !== undefined && element.id === activeId));
  });

/** The active option's text, for a failure message. */
const activeOptionText = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const activeId = focused?.getAttribute('aria-activedescendant');
    const element = activeId ? document.getElementById(activeId) : focused;
    return element?.getAttribute('role') === 'option' ? (element.textContent ?? '').trim() : null;
  });

/**
 * With the focus on a popup's owner, Arrow Down walks its options until `option` is the active one. It works for
 * Radix selects (the highlighted option holds the focus) and comboboxes (the focus stays in the box).
 */
async function walkToOption(page: Page, option: Locator) {
  const passed: string[] = [];
  for (let presses = 0; presses < 40; presses += 1) {
    if (await isActiveOption(option)) return;
    const text = await activeOptionText(page);
    // The same option twice in a row (the list's end) or the first again (it wrapped): the option is not there.
    if (text !== null && (passed.at(-1) === text || (passed.length > 1 && passed[0] === text))) break;
    if (text !== null) passed.push(text);
    await page.keyboard.press('ArrowDown');
    // The list moves its active option after the key event: look again only once it has moved (or, at the list's
    // end, once it plainly will not), or a slow machine reads the old option and walks past the one wanted.
    await expect
      .poll(() => activeOptionText(page), { timeout: 2_000 })
      .not.toBe(text)
      .catch(() => undefined);
  }
  throw new Error(`Arrow Down never made ${option.toString()} active; it passed ${JSON.stringify(passed)}`);
}

/** A Radix select: Tab to its trigger, Enter opens it, Arrow Down to the option, Enter chooses it. */
export async function chooseOption(page: Page, trigger: Locator, option: string) {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // The opened list moves the focus onto its chosen (or first) option; an arrow before that would skip one.
  await expect.poll(() => activeOptionText(page), { message: `an option of ${trigger.toString()} takes the focus` }).not.toBeNull();
  await walkToOption(page, listbox.getByRole('option', { name: option, exact: true }));
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveText(option);
}

/** A search combobox: Tab to it, type the search, Arrow Down to the suggestion, Enter chooses it. */
export async function chooseSuggestion(page: Page, box: Locator, search: string, option: Locator) {
  await typeInto(page, box, search);
  await expect(option).toBeVisible();
  await walkToOption(page, option);
  await page.keyboard.press('Enter');
}

/**
 * Radix moves a radio group's focus in a timer after the key (roving focus), so the next press waits for this one
 * to land: pressing on would step from a stale radio and could leave the focus one past the wanted one.
 */
async function arrowToNextRadio(page: Page) {
  const before = await page.evaluateHandle(() => document.activeElement);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate((element) => document.activeElement !== element, before)).toBe(true);
  await before.dispose();
}

/**
 * A radio group: Tab into it (the focus lands on the checked radio, or the first), then arrows to `radio`
 * and Space, which checks it where the arrow has not already.
 */
export async function chooseRadio(page: Page, group: Locator, radio: Locator) {
  await tabTo(page, group.getByRole('radio'));
  for (let presses = 0; presses < 12 && !(await isFocused(radio)); presses += 1) await arrowToNextRadio(page);
  if (!(await isFocused(radio))) throw new Error(`the arrows never reached ${radio.toString()}; the focus is on ${await describeFocus(page)}`);
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tick(page: Page, checkbox: Locator) {
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

/**
 * Presses Tab, then Shift+Tab, `presses` times each and checks the focus never leaves `container`: a modal
 * keeps the keyboard inside it while it is open.
 */
export async function expectFocusTrapped(page: Page, container: Locator, presses: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      const inside = await container.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `after ${press + 1} × ${key} the focus left ${container.toString()} for ${await describeFocus(page)}`).toBe(true);
    }
  }
}
