/** Money is integer kobo everywhere; naira only at the edge. */
export const KOBO_PER_NAIRA = 100;

export const naira = (amount: number) => Math.round(amount * KOBO_PER_NAIRA);

const formatter = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });

/** ₦12,500.00 */
export function formatNaira(kobo: number): string {
  return formatter.format(kobo / KOBO_PER_NAIRA);
}
