/**
 * Query keys that more than one feature touches (features may not import each other): the notifications
 * feature reads the unread count, and whatever writes a notification (a payment, a cancel) invalidates it;
 * the live event stream (live-events.ts) updates the wallet, the notifications and the deliveries by these roots.
 */
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
/** Every notification list (all pages, read or unread only). */
export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;

/** `GET /api/wallet`: the balance and the spending figures. */
export const WALLET_SUMMARY_KEY = ['wallet', 'summary'] as const;
/** Every page of `GET /api/wallet/transactions`. */
export const WALLET_TRANSACTIONS_KEY = ['wallet', 'transactions'] as const;

/** Roots of the deliveries feature's keys: My Deliveries and each delivery, the home cards, the tracking view. */
export const DELIVERIES_KEY = ['deliveries'] as const;
export const DASHBOARD_SUMMARY_KEY = ['dashboard-summary'] as const;
export const TRACKING_KEY = ['tracking'] as const;

/** The operator's dispatch board (deliveries and drivers) and the driver's jobs: a status change moves them too. */
export const DISPATCH_KEY = ['dispatch'] as const;
export const DRIVER_JOBS_KEY = ['driver-jobs'] as const;
