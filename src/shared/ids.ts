/** "LF" and the sequence padded to three digits: LF001 … LF999, then LF1000 … */
export function formatDeliveryId(sequence: number): string {
  return `LF${String(sequence).padStart(3, '0')}`;
}

export function parseDeliveryId(id: string): number | null {
  const match = /^LF(\d{3,9})$/i.exec(id.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Tracking ids: LF-XXXX-XXXX over an alphabet without look-alikes (no 0/O, 1/I/L, U), so they read
 * aloud cleanly: 30^8 ≈ 6.6 × 10^11 possibilities, unguessable and practically collision-free.
 */
export const TRACKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TRACKING_ID_PATTERN = /^LF-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/;

/** Accepts lower case, missing or extra dashes and spaces: "lf 7kq2m9xd" → "LF-7KQ2-M9XD". */
export function normalizeTrackingId(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '');
  if (!/^LF[0-9A-Z]{8}$/.test(compact)) return null;
  const candidate = `LF-${compact.slice(2, 6)}-${compact.slice(6, 10)}`;
  return TRACKING_ID_PATTERN.test(candidate) ? candidate : null;
}
