import type { Delivery } from '@/shared/schemas/deliveries';

/** A paid delivery opens its tracking view; an unpaid one opens its preview, where it can be edited or paid. */
export function viewUrlOf(delivery: Pick<Delivery, 'id' | 'trackingId'>): string {
  if (delivery.trackingId) return `/dashboard/tracking?id=${encodeURIComponent(delivery.trackingId)}`;
  return `/dashboard/delivery-preview?delivery=${encodeURIComponent(delivery.id)}`;
}

/** The booking flow's payment page for an unpaid booking. */
export function payUrlOf(delivery: Pick<Delivery, 'id'>): string {
  return `/dashboard/payment?delivery=${encodeURIComponent(delivery.id)}`;
}
