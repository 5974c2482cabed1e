import { randomInt } from 'node:crypto';
import { TRACKING_ALPHABET } from '../../../shared/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

const TRACKING_ID_CONSTRAINT = 'deliveries_tracking_id_key';

function randomBlock(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TRACKING_ALPHABET[randomInt(TRACKING_ALPHABET.length)];
  return out;
}

/** LF-XXXX-XXXX from a CSPRNG: 30^8 ids, so guessing another person's is hopeless. */
export function generateTrackingId(): string {
  return `LF-${randomBlock(4)}-${randomBlock(4)}`;
}

/** Runs a paying transaction again, with a new tracking id, on the (astronomically rare) collision of one. */
export async function withTrackingIdRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, TRACKING_ID_CONSTRAINT)) throw err;
    }
  }
}
