import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';

/**
 * What each recorded change of a delivery is called on the wire: the relay queue's `kind` (`created`, written when a
 * delivery is inserted, or the status of the delivery event the deliveries module appended) → the event type. A kind
 * not listed here is not sent. One line per event: pay on delivery appends delivery events with the statuses
 * `cod_paid` and `cod_settled` in the transactions that take and settle the money (decision 054).
 */
export const WEBHOOK_EVENT_OF_KIND: Readonly<Record<string, WebhookEventType>> = {
  created: 'delivery.created',
  pending: 'delivery.paid',
  driver_assigned: 'delivery.assigned',
  picked_up: 'delivery.picked_up',
  in_transit: 'delivery.in_transit',
  out_for_delivery: 'delivery.out_for_delivery',
  failed_attempt: 'delivery.failed_attempt',
  delivered: 'delivery.delivered',
  returning: 'delivery.returning',
  returned: 'delivery.returned',
  cancelled: 'delivery.cancelled',
  cod_paid: 'cod.paid',
  cod_settled: 'cod.settled',
};
