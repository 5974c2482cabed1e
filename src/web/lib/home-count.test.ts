import { describe, expect, it } from 'vitest';
import { HOME_COUNT_CAP } from '@/shared/schemas/dispatch';
import { formatHomeCount } from './home-count';

describe('a role home’s capped count', () => {
  it('is the number below the cap, and 999+ once the server stopped counting', () => {
    expect(formatHomeCount(0, 'en-US')).toBe('0');
    expect(formatHomeCount(999, 'en-US')).toBe('999');
    expect(formatHomeCount(HOME_COUNT_CAP, 'en-US')).toBe('999+');
    expect(formatHomeCount(HOME_COUNT_CAP, 'fr')).toBe('999+');
  });
});
