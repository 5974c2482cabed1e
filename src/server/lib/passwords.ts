import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * Hashing runs on libuv's thread pool, off the event loop, but each hash keeps a core busy: more hashes at once
 * than cores would starve the event loop of CPU. So at most cores − 1 run together; the rest wait their turn.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let activeHashes = 0;
const waitingHashes: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeHashes >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waitingHashes.push(resolve));
  else activeHashes += 1;
  try {
    return await work();
  } finally {
    const next = waitingHashes.shift();
    if (next) next();
    else activeHashes -= 1;
  }
}

/** argon2id with the library defaults. */
export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(() => verify(passwordHash, password)).catch(() => false);
}
