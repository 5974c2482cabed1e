import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('PUBLIC_URL', () => {
  it('follows PORT when unset, so the links in messages point at the running app', () => {
    expect(loadEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PORT: '3391' }).PUBLIC_URL).toBe('http://localhost:3391');
  });

  it('is kept as given when set', () => {
    expect(loadEnv({ PORT: '3391', PUBLIC_URL: 'https://lanefreight.ng' }).PUBLIC_URL).toBe('https://lanefreight.ng');
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
