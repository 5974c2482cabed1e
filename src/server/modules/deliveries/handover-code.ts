import { randomInt } from 'node:crypto';

/**
 * Four digits from the CSPRNG, leading zeros kept: what the receiver reads out to the driver. Stored with lib/crypto's
 * hashShortCode: four digits are guessable offline whatever the hash, so the protection is the attempt limit
 * (HANDOVER_MAX_ATTEMPTS) and the rate limit; the hash keeps the code out of logs, backups and the board.
 */
export function generateHandoverCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}
