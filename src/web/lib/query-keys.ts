/**
 * Query keys that more than one feature touches (features may not import each other): the notifications
 * feature reads the unread count, and whatever writes a notification (a payment, a cancel) invalidates it.
 */
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
