import { z } from 'zod';

/** Which optional messages a person wants. Codes, receipts and security notices go regardless. */
export const notificationPreferencesSchema = z
  .object({
    /** Delivery status updates by email, and by SMS/WhatsApp when smsNotifications is on too. */
    deliveryUpdates: z.boolean(),
    /** Offers and news. */
    promotionalEmails: z.boolean(),
    /** Allows optional messages by SMS or WhatsApp at all. */
    smsNotifications: z.boolean(),
    /** Browser/app push; the live event stream in the open app is not affected. */
    pushNotifications: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Everything off until the person turns it on (the spec's defaults). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  deliveryUpdates: false,
  promotionalEmails: false,
  smsNotifications: false,
  pushNotifications: false,
};
