import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.js';

/** Four digits from the CSPRNG, leading zeros kept: what the receiver reads out to the driver. */
export function generateHandoverCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/**
 * `salt$hmac`. Four digits are guessable offline whatever the hash, so the protection is the attempt limit
 * (HANDOVER_MAX_ATTEMPTS) and the rate limit; the hash keeps the code out of logs, backups and the board.
 */
export function hashHandoverCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHmac('sha256', salt).update(code).digest('hex')}`;
}

/** Compared in constant time. */
export function handoverCodeMatches(stored: string | null, code: string): boolean {
  const [salt, digest] = (stored ?? '').split('$');
  if (!salt || !digest) return false;
  return safeEqual(createHmac('sha256', salt).update(code).digest('hex'), digest);
}
