import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const passwordHash = await hashPassword('Kano-to-Lagos-42');
    expect(passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(passwordHash, 'Kano-to-Lagos-42')).toBe(true);
    expect(await verifyPassword(passwordHash, 'kano-to-lagos-42')).toBe(false);
  });

  it('answers false, not an error, for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('queues more hashes than workers and completes them all', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password-${i}`)));
    expect(new Set(hashes).size).toBe(6);
    expect(await verifyPassword(hashes[5]!, 'password-5')).toBe(true);
  });
});
