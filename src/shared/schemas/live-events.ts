import { z } from 'zod';
import { DISPLAY_STATUSES, DELIVERY_STATUSES } from './deliveries.js';
import { notificationSchema } from './notifications.js';

/**
 * The live stream, GET /api/events (server-sent events). Every event but `resync` carries an `id:` (the user's
 * event number, counting up by one); a reconnect sends it back as Last-Event-ID (or `?lastEventId=` on a fresh
 * EventSource) and receives what it missed, in order, once. `resync` (no id) says some missed events are no
 * longer kept (older than a day, or more than 500): refetch what is on screen.
 */
export const walletBalanceEventSchema = z.object({ balance: z.number().int() });
export const deliveryStatusEventSchema = z.object({
  /** The public id (LF-…), as in My Deliveries. */
  id: z.string(),
  trackingId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
});
/** The receiver paid a pay-on-delivery order (into escrow): to its shipper and its driver. */
export const deliveryCodPaidEventSchema = z.object({ id: z.string() });
/** A withdrawal was paid out or failed (a failed one also returns its money: a `wallet.balance` follows). */
export const walletWithdrawalEventSchema = z.object({ id: z.string(), status: z.enum(['paid', 'failed']) });
export const unreadNotificationsEventSchema = z.object({ count: z.number().int().min(0) });
export const resyncEventSchema = z.object({});
/** To a driver: a job was assigned to them, or taken from them by a reassignment; their jobs are asked again. */
export const DRIVER_JOBS_CHANGED_EVENT = 'driver.jobs_changed';
export const driverJobsChangedEventSchema = z.object({ id: z.string() });
/**
 * To operators, unnumbered and not kept: a driver went on or off duty, so the assign dialog's drivers are asked
 * again (decision 063).
 */
export const DRIVERS_CHANGED_EVENT = 'drivers.changed';
export const driversChangedEventSchema = z.object({});

export const LIVE_EVENT_SCHEMAS = {
  notification: notificationSchema,
  'wallet.balance': walletBalanceEventSchema,
  'wallet.withdrawal': walletWithdrawalEventSchema,
  'delivery.status': deliveryStatusEventSchema,
  'delivery.cod_paid': deliveryCodPaidEventSchema,
  'notifications.unread': unreadNotificationsEventSchema,
  resync: resyncEventSchema,
  [DRIVERS_CHANGED_EVENT]: driversChangedEventSchema,
  [DRIVER_JOBS_CHANGED_EVENT]: driverJobsChangedEventSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENT_SCHEMAS;
export const LIVE_EVENT_NAMES = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventName[];
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[N]>;
/** One event, its data typed by its name. */
export type LiveEvent = { [N in LiveEventName]: { name: N; data: LiveEventData<N> } }[LiveEventName];

/** `?lastEventId=` for the first EventSource connection (later reconnects send the Last-Event-ID header). */
export const liveEventsQuerySchema = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'lastEventId must be an event id' })
    .optional(),
});
