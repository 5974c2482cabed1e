import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys that more than one feature touches (features may not import each other): the notifications
 * feature reads the unread count, and whatever writes a notification (a payment, a cancel) invalidates it;
 * the live event stream (live-events.ts) updates the wallet, the notifications and the deliveries by these roots.
 */
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
/** Every notification list (all pages, read or unread only). */
export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;

/** The one cache entry of the signed-in user's profile; sign-in writes it, payments and cancels refresh it. */
export const USER_PROFILE_KEY = ['user-profile'] as const;

/** `GET /api/wallet`: the balance and the spending figures. */
export const WALLET_SUMMARY_KEY = ['wallet', 'summary'] as const;
/** Every page of `GET /api/wallet/transactions`. */
export const WALLET_TRANSACTIONS_KEY = ['wallet', 'transactions'] as const;
/** `GET /api/deliveries/cod-summary`: pay-on-delivery money collected and awaiting hand-over (the wallet page shows it). */
export const COD_SUMMARY_KEY = ['wallet', 'cod-summary'] as const;

/** Roots of the deliveries feature's keys: My Deliveries and each delivery, the home cards, the tracking view. */
export const DELIVERIES_KEY = ['deliveries'] as const;
export const DASHBOARD_SUMMARY_KEY = ['dashboard-summary'] as const;
export const TRACKING_KEY = ['tracking'] as const;

/** The operator's dispatch board (deliveries and drivers) and the driver's jobs: a status change moves them too. */
export const DISPATCH_KEY = ['dispatch'] as const;
export const DRIVER_JOBS_KEY = ['driver-jobs'] as const;
/** The assign dialog's drivers, every transport mode: their duty switch changes them (decision 063). */
export const DISPATCH_DRIVERS_KEY = [...DISPATCH_KEY, 'drivers'] as const;
/**
 * The role homes' summaries (decision 060), under those roots so that every change that refreshes the board or the
 * driver's jobs refreshes them too. The applications console (another feature) refreshes the operator's after a decision.
 */
export const OPERATOR_SUMMARY_KEY = [...DISPATCH_KEY, 'summary'] as const;
export const DRIVER_SUMMARY_KEY = [...DRIVER_JOBS_KEY, 'summary'] as const;

/*
 * What to ask again after each kind of change, named once: every mutation and live event that makes the change
 * refreshes its group, so a screen added to a group is refreshed by all of them.
 */
type KeyGroup = readonly (readonly unknown[])[];

/** A notification was written, read or dismissed: the lists and the bell. */
export const AFTER_NOTIFICATION_CHANGE = [NOTIFICATION_LIST_KEY, UNREAD_COUNT_KEY] as const satisfies KeyGroup;

/**
 * A booking, a payment or a cancellation: the lists, the stat cards, the tracking view and the balance move; a
 * payment or a cancel also writes a notification, so the unread count is asked again too.
 */
export const AFTER_DELIVERY_CHANGE = [
  DELIVERIES_KEY,
  DASHBOARD_SUMMARY_KEY,
  USER_PROFILE_KEY,
  TRACKING_KEY,
  UNREAD_COUNT_KEY,
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
] as const satisfies KeyGroup;

/** A delivery moved on the road (an operator's step, a driver's, or the live stream saying so). */
export const AFTER_DELIVERY_STATUS = [
  DELIVERIES_KEY,
  DASHBOARD_SUMMARY_KEY,
  TRACKING_KEY,
  DISPATCH_KEY,
  DRIVER_JOBS_KEY,
] as const satisfies KeyGroup;

/**
 * The receiver paid a pay-on-delivery order (into escrow, decision 053): the driver's job may now be handed over,
 * the shipper's lists, tracking and "Awaiting settlement" figure move.
 */
export const AFTER_COD_PAID = [DELIVERIES_KEY, DASHBOARD_SUMMARY_KEY, TRACKING_KEY, DRIVER_JOBS_KEY, COD_SUMMARY_KEY] as const satisfies KeyGroup;

/** An operator's change on the board: the board, the drivers' job counts, and any delivery view open in this tab. */
export const AFTER_DISPATCH_CHANGE = [DISPATCH_KEY, DELIVERIES_KEY, TRACKING_KEY, DASHBOARD_SUMMARY_KEY] as const satisfies KeyGroup;

/** A job was assigned to the driver or taken from them (the live stream tells the driver): their jobs and home. */
export const AFTER_DRIVER_JOBS_CHANGE = [DRIVER_JOBS_KEY] as const satisfies KeyGroup;

/** A driver went on or off duty (the live stream tells operators): the assign dialog's drivers. */
export const AFTER_DRIVERS_CHANGE = [DISPATCH_DRIVERS_KEY] as const satisfies KeyGroup;

/** Money in or out of the wallet by the customer (a top-up, a withdrawal), which also writes a notification. */
export const AFTER_WALLET_MOVEMENT = [
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
  USER_PROFILE_KEY,
  DASHBOARD_SUMMARY_KEY,
  UNREAD_COUNT_KEY,
] as const satisfies KeyGroup;

/**
 * The balance changed (the live stream sent it): what moved it, the month's spending and the home card, and what was
 * collected on delivery (a hand-over settles it into the wallet).
 */
export const AFTER_BALANCE_CHANGE = [WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY, DASHBOARD_SUMMARY_KEY, COD_SUMMARY_KEY] as const satisfies KeyGroup;

/** A driver handed a parcel over (or tried to): the jobs, and the earnings credited to their wallet. */
export const AFTER_HANDOVER = [DRIVER_JOBS_KEY, WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY, USER_PROFILE_KEY] as const satisfies KeyGroup;

/** Everything the live stream keeps up to date, asked again when it says events were missed. */
export const LIVE_KEYS = [
  NOTIFICATION_LIST_KEY,
  UNREAD_COUNT_KEY,
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
  COD_SUMMARY_KEY,
  USER_PROFILE_KEY,
  DELIVERIES_KEY,
  DASHBOARD_SUMMARY_KEY,
  TRACKING_KEY,
  DISPATCH_KEY,
  DRIVER_JOBS_KEY,
] as const satisfies KeyGroup;

/**
 * Marks every query under each key of `group` stale, refetching those on screen; resolves once they are back.
 * A read still on its way may have been answered before the change, and TanStack hands an invalidation that
 * read's answer when the query has no data yet (a page just loaded, as on the way back from a checkout): it is
 * cancelled first, so the refetch asks again.
 */
export function invalidateGroup(queryClient: QueryClient, group: KeyGroup) {
  return Promise.all(
    group.map(async (queryKey) => {
      // Only when one is on its way: otherwise the queries are marked stale at once, in the caller's turn.
      if (queryClient.isFetching({ queryKey }) > 0) await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
