import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root.js';
import { PAYOUT_MESSAGES } from '../../shared/schemas/payouts.js';

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'public/locales/en-US/translation.json'), 'utf8'),
) as Tree;
const lookup = (key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), english);

describe('message keys of uploads, payouts and idempotency', () => {
  it('every payout schema message is a key with English text', () => {
    for (const key of Object.values(PAYOUT_MESSAGES)) expect(typeof lookup(key), key).toBe('string');
  });

  it('every new error code has errors.codes text that uses the parameters the server sends', () => {
    const params: Record<string, string[]> = {
      FILE_TYPE_NOT_ALLOWED: ['allowedTypes'],
      FILE_TOO_LARGE: ['maxMegabytes'],
      IMAGE_TOO_MANY_PIXELS: ['maxMegapixels'],
      IMAGE_UNREADABLE: [],
      PAYOUT_ACCOUNT_REJECTED: [],
      IDEMPOTENCY_KEY_INVALID: [],
      IDEMPOTENCY_KEY_REUSED: [],
      IDEMPOTENCY_KEY_IN_PROGRESS: [],
    };
    for (const [code, names] of Object.entries(params)) {
      const text = lookup(`errors.codes.${code}`);
      expect(typeof text, code).toBe('string');
      for (const name of names) expect(text).toMatch(new RegExp(`{{${name}(, number)?}}`));
    }
  });
});
