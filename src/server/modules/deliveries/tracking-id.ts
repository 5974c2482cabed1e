import { randomInt } from 'node:crypto';
import { TRACKING_ALPHABET } from '../../../shared/ids.js';

function randomBlock(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TRACKING_ALPHABET[randomInt(TRACKING_ALPHABET.length)];
  return out;
}

/** LF-XXXX-XXXX from a CSPRNG: 30^8 ids, so guessing another person's is hopeless. */
export function generateTrackingId(): string {
  return `LF-${randomBlock(4)}-${randomBlock(4)}`;
}
