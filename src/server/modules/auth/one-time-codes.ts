import { randomInt } from 'node:crypto';
import { CODE_TTL_MINUTES } from '../../../shared/rule-limits.js';

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** Six digits from the CSPRNG, leading zeros kept; stored with lib/crypto's hashShortCode. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

