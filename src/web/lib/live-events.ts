import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserProfile } from '@/shared/schemas/auth';
import { LIVE_EVENT_NAMES, LIVE_EVENT_SCHEMAS, type LiveEvent, type LiveEventName } from '@/shared/schemas/live-events';
import {
  AFTER_BALANCE_CHANGE,
  AFTER_COD_PAID,
  AFTER_DELIVERY_STATUS,
  AFTER_DRIVERS_CHANGE,
  AFTER_DRIVER_JOBS_CHANGE,
  AFTER_NOTIFICATION_CHANGE,
  LIVE_KEYS,
  UNREAD_COUNT_KEY,
  USER_PROFILE_KEY,
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
  invalidateGroup,
} from './query-keys';

/**
 * The live stream, `GET /api/events` (server-sent events, cookie session). Each event's data is JSON; every
 * event but `resync` has an id, which the browser sends back as Last-Event-ID when it reconnects by itself.
 * `resync` says some missed events are no longer kept: ask again for everything on screen.
 */
export const LIVE_EVENTS_PATH = '/api/events';

/**
 * Brings the query cache up to date with one event, so the bell, the balance, My Deliveries and the tracking
 * view change without a reload. Returns false for an event it does not understand (ignored, not an error: a
 * newer server may send more).
 */
export function applyLiveEvent(queryClient: QueryClient, name: string, rawData: string): boolean {
  if (!(LIVE_EVENT_NAMES as string[]).includes(name)) return false;
  let json: unknown;
  try {
    json = rawData === '' ? {} : JSON.parse(rawData);
  } catch {
    return false;
  }
  const parsed = LIVE_EVENT_SCHEMAS[name as LiveEventName].safeParse(json);
  if (!parsed.success) return false;
  const event = { name, data: parsed.data } as LiveEvent;

  switch (event.name) {
    case 'notification': {
      void invalidateGroup(queryClient, AFTER_NOTIFICATION_CHANGE);
      if (event.data.type === 'wallet') void queryClient.invalidateQueries({ queryKey: WALLET_TRANSACTIONS_KEY });
      return true;
    }
    case 'wallet.balance': {
      const { balance } = event.data;
      queryClient.setQueryData<{ balance: number }>(WALLET_SUMMARY_KEY, (old) => (old ? { ...old, balance } : old));
      queryClient.setQueryData<UserProfile | null>(USER_PROFILE_KEY, (old) =>
        old ? { ...old, walletBalance: balance } : old,
      );
      // The balance is known; what moved it (a transaction, the month's spending, the home card) is asked again.
      void invalidateGroup(queryClient, AFTER_BALANCE_CHANGE);
      return true;
    }
    case 'wallet.withdrawal':
      void queryClient.invalidateQueries({ queryKey: WALLET_TRANSACTIONS_KEY });
      return true;
    case 'delivery.status':
      void invalidateGroup(queryClient, AFTER_DELIVERY_STATUS);
      return true;
    // The receiver paid a pay-on-delivery order: the driver's job and the shipper's lists and tracking say "Paid".
    case 'delivery.cod_paid':
      void invalidateGroup(queryClient, AFTER_COD_PAID);
      return true;
    case 'notifications.unread':
      queryClient.setQueryData(UNREAD_COUNT_KEY, event.data.count);
      return true;
    case 'resync':
      void invalidateGroup(queryClient, LIVE_KEYS);
      return true;
    // To operators: a driver went on or off duty; an open assign dialog shows it (decision 063).
    case 'drivers.changed':
      void invalidateGroup(queryClient, AFTER_DRIVERS_CHANGE);
      return true;
    // To a driver: a job was assigned to them or taken from them, or decided after a failed attempt; their open jobs list shows it.
    case 'driver.jobs_changed':
      void invalidateGroup(queryClient, AFTER_DRIVER_JOBS_CHANGE);
      return true;
  }
}

/** The part of EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  createSource?: (url: string) => EventSourceLike;
  /** Delay before opening a new stream after the browser gave up on one, by attempt (1, 2, …). */
  retryDelayMs?: (attempt: number) => number;
}

const CLOSED = 2;
const retryDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));

/**
 * Opens the stream and keeps it open until the returned function is called. The browser reconnects a dropped
 * stream by itself (with Last-Event-ID); when it gives up instead (an answer that is not a stream, e.g. a
 * restart's 503 or a 429), a new stream is opened later with `?lastEventId=` so nothing is missed.
 */
export function openLiveConnection(queryClient: QueryClient, options: LiveConnectionOptions = {}): () => void {
  const createSource = options.createSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const delayOf = options.retryDelayMs ?? retryDelay;
  let source: EventSourceLike | null = null;
  let lastEventId = '';
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;

  const connect = () => {
    const url = lastEventId ? `${LIVE_EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_PATH;
    const current = createSource(url);
    source = current;
    for (const name of LIVE_EVENT_NAMES) {
      current.addEventListener(name, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        applyLiveEvent(queryClient, name, event.data);
      });
    }
    current.onopen = () => {
      attempt = 0;
    };
    current.onerror = () => {
      if (isClosed || current.readyState !== CLOSED) return;
      current.close();
      attempt += 1;
      timer = setTimeout(connect, delayOf(attempt));
    };
  };

  connect();
  return () => {
    isClosed = true;
    clearTimeout(timer);
    source?.close();
  };
}

let shared: { close: () => void; users: number } | null = null;

/**
 * One stream per tab while signed in, however many components ask for it (the dashboard layout does). Each
 * tab has its own: the server sends every event to all of the user's open tabs.
 */
export function useLiveEvents(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    shared ??= { close: openLiveConnection(queryClient), users: 0 };
    shared.users += 1;
    return () => {
      if (!shared) return;
      shared.users -= 1;
      if (shared.users === 0) {
        shared.close();
        shared = null;
      }
    };
  }, [isSignedIn, queryClient]);
}
