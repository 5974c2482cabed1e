import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to keep them useless if the table leaks. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A short code (a sign-in or handover code) as stored: `salt$hmac`. A few digits are guessable offline whatever the
 * hash, so what protects them is their attempt limit and lifetime; the hash keeps them out of logs, backups and
 * screens, and the salt stops one table-wide precomputation.
 */
export function hashShortCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHmac('sha256', salt).update(code).digest('hex')}`;
}

/** Whether `code` is the one hashShortCode stored, compared in constant time. */
export function shortCodeMatches(stored: string | null, code: string): boolean {
  const [salt, digest] = (stored ?? '').split('$');
  if (!salt || !digest) return false;
  return safeEqual(createHmac('sha256', salt).update(code).digest('hex'), digest);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
