import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults; @node-rs/argon2 hashes on libuv's thread pool, off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
