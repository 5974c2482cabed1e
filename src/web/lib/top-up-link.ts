/**
 * The wallet page with its Top Up dialog open for a shortfall (decision 092): the import's or a payment's "Top up your
 * wallet" link. The dialog proposes the amount, rounded up to whole naira and within the top-up limits.
 */
export const TOP_UP_PARAM = 'topUp';

export function topUpLink(shortfallKobo: number): string {
  return `/dashboard/wallet?${TOP_UP_PARAM}=${Math.max(0, Math.ceil(shortfallKobo))}`;
}

/** The naira to propose for a `topUp` parameter (kobo), within the limits; null when it names no amount. */
export function proposedTopUpNaira(param: string | null, limits: { minKobo: number; maxKobo: number }): number | null {
  if (param === null || !/^\d{1,15}$/.test(param)) return null;
  const kobo = Math.min(limits.maxKobo, Math.max(limits.minKobo, Number(param)));
  return Math.ceil(kobo / 100);
}
