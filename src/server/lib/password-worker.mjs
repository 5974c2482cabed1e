// Hashes passwords for src/server/lib/passwords.ts in a thread of its own, at a lower CPU priority.
import { parentPort } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  // On Linux the nice value is per thread: this lowers only the hashing thread, so the event loop wins the CPU.
  setPriority(10);
} catch {
  // Not permitted here: hashing still runs off the event loop, just at normal priority.
}

parentPort.on('message', ({ id, op, password, passwordHash }) => {
  try {
    const result = op === 'hash' ? hashSync(password) : verifySync(passwordHash, password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
