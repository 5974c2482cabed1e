import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n.js';
import { loadLocaleSection } from './locale-texts.js';

/** A catalogue where English and French have a `messages.greeting` section and the other six have nothing. */
const dir = mkdtempSync(path.join(tmpdir(), 'locale-texts-'));
const catalogues: Record<string, object> = {
  'en-US': { messages: { greeting: { body: 'Hello {{name}}, your code is {{code}}.', footer: 'Lanefreight' } } },
  fr: { messages: { greeting: { body: 'Bonjour {{name}}, votre code est {{code}}.', footer: '' } } },
};
for (const lng of LANGUAGES) {
  mkdirSync(path.join(dir, lng));
  writeFileSync(path.join(dir, lng, 'translation.json'), JSON.stringify(catalogues[lng] ?? {}));
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('texts of a catalogue section', () => {
  const section = loadLocaleSection('messages.greeting', { localesDir: dir, required: ['body', 'footer'] });

  it('are found by key within a dotted section, with their parameters filled', () => {
    expect(section.texts.fr('body', { name: 'Ada', code: '0427' })).toBe('Bonjour Ada, votre code est 0427.');
    expect(section.texts.fr('body')).toBe('Bonjour {{name}}, votre code est {{code}}.');
  });

  it('fall back to English for a key a language lacks or leaves empty, and to the key when English lacks it too', () => {
    expect(section.texts.de('body', { name: 'Ada', code: '1' })).toBe('Hello Ada, your code is 1.');
    expect(section.texts.fr('footer')).toBe('Lanefreight');
    expect(section.texts.fr('nowhere')).toBe('nowhere');
  });

  it('say which languages have every given key of their own', () => {
    expect(section.languagesWith(['body'])).toEqual(['en-US', 'fr']);
    expect(section.languagesWith(['body', 'footer'])).toEqual(['en-US']);
  });

  it('refuse to load when English lacks a required key, rather than send a key as a message', () => {
    expect(() => loadLocaleSection('messages.greeting', { localesDir: dir, required: ['body', 'subject'] })).toThrow(
      /lacks messages\.greeting\.subject/,
    );
  });
});
