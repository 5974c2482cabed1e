import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, openLiveConnection, type EventSourceLike } from './live-events';
import {
  DELIVERIES_KEY,
  DISPATCH_DRIVERS_KEY,
  DISPATCH_KEY,
  DRIVER_JOBS_KEY,
  NOTIFICATION_LIST_KEY,
  TRACKING_KEY,
  UNREAD_COUNT_KEY,
  USER_PROFILE_KEY,
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
} from './query-keys';

const notification = {
  id: '7d1e2d9c-3b0f-4c8e-9a51-0c1f6a2b3c4d',
  type: 'wallet',
  messageKey: 'walletCredited',
  params: { amount: '₦5,000.00', amountKobo: 500_000 },
  read: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(UNREAD_COUNT_KEY, 2);
  client.setQueryData(WALLET_SUMMARY_KEY, { balance: 100, thisMonthSpentKobo: 0, lastMonthSpentKobo: 0, monthlyAverageSpentKobo: 0 });
  client.setQueryData(USER_PROFILE_KEY, { id: 'u1', name: 'Ada', walletBalance: 100 });
  client.setQueryData([...NOTIFICATION_LIST_KEY, { page: 1 }], { items: [] });
  client.setQueryData([...WALLET_TRANSACTIONS_KEY, { page: 1 }], { items: [] });
  client.setQueryData([...DELIVERIES_KEY, 'list', {}], { items: [] });
  client.setQueryData([...TRACKING_KEY, 'LF-1'], {});
  client.setQueryData([...DISPATCH_KEY, 'deliveries', { status: 'active' }], { items: [] });
  client.setQueryData([...DRIVER_JOBS_KEY, 'active'], []);
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveEvent', () => {
  it('sets the unread count the server sends', () => {
    const client = seededClient();
    expect(applyLiveEvent(client, 'notifications.unread', '{"count":5}')).toBe(true);
    expect(client.getQueryData(UNREAD_COUNT_KEY)).toBe(5);
  });

  it('sets the balance on the wallet and on the profile, and asks again for the transactions', () => {
    const client = seededClient();
    applyLiveEvent(client, 'wallet.balance', '{"balance":750000}');
    expect(client.getQueryData<{ balance: number }>(WALLET_SUMMARY_KEY)?.balance).toBe(750_000);
    expect(client.getQueryData<{ walletBalance: number }>(USER_PROFILE_KEY)?.walletBalance).toBe(750_000);
    expect(isStale(client, [...WALLET_TRANSACTIONS_KEY, { page: 1 }])).toBe(true);
    expect(isStale(client, [...NOTIFICATION_LIST_KEY, { page: 1 }])).toBe(false);
  });

  it('does not invent a wallet entry that was never loaded', () => {
    const client = new QueryClient();
    applyLiveEvent(client, 'wallet.balance', '{"balance":1}');
    expect(client.getQueryData(WALLET_SUMMARY_KEY)).toBeUndefined();
  });

  it('a new notification refreshes the list and the count; a wallet one the transactions too', () => {
    const client = seededClient();
    applyLiveEvent(client, 'notification', JSON.stringify(notification));
    expect(isStale(client, [...NOTIFICATION_LIST_KEY, { page: 1 }])).toBe(true);
    expect(isStale(client, UNREAD_COUNT_KEY)).toBe(true);
    expect(isStale(client, [...WALLET_TRANSACTIONS_KEY, { page: 1 }])).toBe(true);
    expect(isStale(client, [...DELIVERIES_KEY, 'list', {}])).toBe(false);
  });

  it('a delivery status change refreshes My Deliveries and the tracking view', () => {
    const client = seededClient();
    applyLiveEvent(client, 'delivery.status', '{"id":"LF-001","trackingId":"LF001","status":"in_transit","displayStatus":"in_transit"}');
    expect(isStale(client, [...DELIVERIES_KEY, 'list', {}])).toBe(true);
    expect(isStale(client, [...TRACKING_KEY, 'LF-1'])).toBe(true);
    expect(isStale(client, UNREAD_COUNT_KEY)).toBe(false);
  });

  it('a delivery status change refreshes the dispatch board and the driver\'s jobs', () => {
    const client = seededClient();
    applyLiveEvent(client, 'delivery.status', '{"id":"LF001","trackingId":null,"status":"picked_up","displayStatus":"in_transit"}');
    expect(isStale(client, [...DISPATCH_KEY, 'deliveries', { status: 'active' }])).toBe(true);
    expect(isStale(client, [...DRIVER_JOBS_KEY, 'active'])).toBe(true);
  });

  it('a pay-on-delivery payment refreshes the driver\'s jobs and the shipper\'s lists, not the board', () => {
    const client = seededClient();
    expect(applyLiveEvent(client, 'delivery.cod_paid', '{"id":"LF001"}')).toBe(true);
    expect(isStale(client, [...DRIVER_JOBS_KEY, 'active'])).toBe(true);
    expect(isStale(client, [...DELIVERIES_KEY, 'list', {}])).toBe(true);
    expect(isStale(client, [...TRACKING_KEY, 'LF-1'])).toBe(true);
    expect(isStale(client, [...DISPATCH_KEY, 'deliveries', { status: 'active' }])).toBe(false);
    expect(applyLiveEvent(client, 'delivery.cod_paid', '{}')).toBe(false);
  });

  it('a driver going on or off duty refreshes the assign dialog\'s drivers, nothing else (decision 063)', () => {
    const client = seededClient();
    client.setQueryData([...DISPATCH_DRIVERS_KEY, 'bike'], []);
    expect(applyLiveEvent(client, 'drivers.changed', '{}')).toBe(true);
    expect(isStale(client, [...DISPATCH_DRIVERS_KEY, 'bike'])).toBe(true);
    expect(isStale(client, [...DISPATCH_KEY, 'deliveries', { status: 'active' }])).toBe(false);
    expect(isStale(client, [...DRIVER_JOBS_KEY, 'active'])).toBe(false);
  });

  it("a job assigned to the driver or taken from them refreshes the driver's jobs, not the board", () => {
    const client = seededClient();
    client.setQueryData([...DRIVER_JOBS_KEY, 'active'], []);
    client.setQueryData([...DISPATCH_KEY, 'deliveries', { status: 'active' }], []);
    expect(applyLiveEvent(client, 'driver.jobs_changed', '{"id":"LF010"}')).toBe(true);
    expect(isStale(client, [...DRIVER_JOBS_KEY, 'active'])).toBe(true);
    expect(isStale(client, [...DISPATCH_KEY, 'deliveries', { status: 'active' }])).toBe(false);
  });

  it('resync refreshes everything on screen', () => {
    const client = seededClient();
    expect(applyLiveEvent(client, 'resync', '{}')).toBe(true);
    for (const key of [UNREAD_COUNT_KEY, USER_PROFILE_KEY, [...DELIVERIES_KEY, 'list', {}], [...NOTIFICATION_LIST_KEY, { page: 1 }]]) {
      expect(isStale(client, key)).toBe(true);
    }
  });

  it('ignores unknown events and malformed data without touching the cache', () => {
    const client = seededClient();
    expect(applyLiveEvent(client, 'something.new', '{}')).toBe(false);
    expect(applyLiveEvent(client, 'notifications.unread', 'not json')).toBe(false);
    expect(applyLiveEvent(client, 'notifications.unread', '{"count":-1}')).toBe(false);
    expect(applyLiveEvent(client, 'wallet.balance', '{"balance":"lots"}')).toBe(false);
    expect(client.getQueryData(UNREAD_COUNT_KEY)).toBe(2);
  });
});

class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  isClosed = false;
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
    this.readyState = 2;
  }
  emit(type: string, data: string, lastEventId = '') {
    this.listeners.get(type)?.({ data, lastEventId } as MessageEvent<string>);
  }
}

describe('openLiveConnection', () => {
  beforeEach(() => {
    FakeSource.opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('applies events, and after the browser gives up opens a new stream from the last event id', () => {
    const client = seededClient();
    const close = openLiveConnection(client, { createSource: (url) => new FakeSource(url), retryDelayMs: () => 1000 });
    const first = FakeSource.opened[0]!;
    expect(first.url).toBe('/api/events');
    first.emit('notifications.unread', '{"count":9}', '41');
    expect(client.getQueryData(UNREAD_COUNT_KEY)).toBe(9);

    // A transient drop: the browser reconnects by itself (CONNECTING), nothing to do.
    first.readyState = 0;
    first.onerror?.(new Event('error'));
    vi.advanceTimersByTime(5000);
    expect(FakeSource.opened).toHaveLength(1);

    // A refusal: the browser closed the stream for good.
    first.readyState = 2;
    first.onerror?.(new Event('error'));
    vi.advanceTimersByTime(999);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(2);
    expect(FakeSource.opened[1]!.url).toBe('/api/events?lastEventId=41');

    close();
    expect(FakeSource.opened[1]!.isClosed).toBe(true);
  });

  it('stops retrying once closed', () => {
    const close = openLiveConnection(new QueryClient(), { createSource: (url) => new FakeSource(url), retryDelayMs: () => 10 });
    const first = FakeSource.opened[0]!;
    close();
    first.readyState = 2;
    first.onerror?.(new Event('error'));
    vi.advanceTimersByTime(100);
    expect(FakeSource.opened).toHaveLength(1);
  });
});
