import { z } from 'zod';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';

export const NOTIFICATION_TYPES = ['delivery', 'wallet', 'promotion', 'partner', 'developer'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The web shows `t('notifications.messages.<messageKey>', params)`. Money params come twice:
 * `amount` already formatted (₦2,500.00) and `amountKobo` for anything that computes.
 */
export const NOTIFICATION_KEYS = [
  'deliveryPaid',
  'deliveryCancelled',
  'deliveryCancelledRefunded',
  'paymentRefunded',
  'driverAssigned',
  'driverJobAssigned',
  'driverJobReassigned',
  'driverJobReattempt',
  'driverJobReturn',
  'deliveryPickedUp',
  'deliveryInTransit',
  'deliveryOutForDelivery',
  'deliveryDelivered',
  'deliveryFailedAttempt',
  'deliveryReturning',
  'deliveryReturned',
  'codPaid',
  'walletCredited',
  'walletWithdrawn',
  'withdrawalPaid',
  'withdrawalPaidWithReference',
  'withdrawalFailed',
  'withdrawalFailedWithReason',
  'transportationApplicationApproved',
  'transportationApplicationRejected',
  'investmentApplicationApproved',
  'investmentApplicationRejected',
  'webhookEndpointDisabled',
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = cursorQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});

export const notificationsPageSchema = cursorPageSchema(notificationSchema);

export const unreadCountSchema = z.object({ count: z.number().int() });
export const notificationIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown notification' }) });
export const readAllResultSchema = z.object({ updated: z.number().int() });
