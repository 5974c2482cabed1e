import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('PUBLIC_URL', () => {
  it('follows PORT when unset, so the links in messages point at the running app', () => {
    expect(loadEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PORT: '3391' }).PUBLIC_URL).toBe('http://localhost:3391');
  });

  it('follows HOST when it names the one address the app listens on', () => {
    expect(loadEnv({ PORT: '3391', HOST: '127.0.0.1' }).PUBLIC_URL).toBe('http://127.0.0.1:3391');
    expect(loadEnv({ PORT: '3391', HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3391');
    expect(loadEnv({ PORT: '3391', HOST: '192.168.1.20' }).PUBLIC_URL).toBe('http://192.168.1.20:3391');
    // Listening everywhere: the machine's own name for itself.
    expect(loadEnv({ PORT: '3391', HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://localhost:3391');
    expect(loadEnv({ PORT: '3391', HOST: '::' }).PUBLIC_URL).toBe('http://localhost:3391');
  });

  it('is kept as given when set', () => {
    expect(loadEnv({ PORT: '3391', PUBLIC_URL: 'https://lanefreight.ng' }).PUBLIC_URL).toBe('https://lanefreight.ng');
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
