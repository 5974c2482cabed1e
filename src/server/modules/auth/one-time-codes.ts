import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.js';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * `salt$hmac`. A six-digit code is guessable offline whatever the hash, so the real protection is the
 * attempt limit and short lifetime; the salt only stops one table-wide precomputation.
 */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHmac('sha256', salt).update(code).digest('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, digest] = stored.split('$');
  if (!salt || !digest) return false;
  return safeEqual(createHmac('sha256', salt).update(code).digest('hex'), digest);
}
