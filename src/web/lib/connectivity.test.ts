// @vitest-environment jsdom
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unreadCountSchema } from '@/shared/schemas/notifications';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));
vi.mock('./i18n', () => ({ i18n: { t: (key: string) => key, language: 'en-US' } }));

const { apiRequest, ApiError, NO_RESPONSE, apiErrorText } = await import('./api-client');
const { toastApiError } = await import('./toast-api-error');
const { getConnectivity, reportNetworkFailure, resetConnectivityForTests, PROBE_FIRST_MS } = await import('./connectivity');

const okBody = { success: true, data: { count: 2 }, message: 'OK' };
const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failedFetch = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

/** The browser's own switch: navigator.onLine and the event it fires. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}

const titles = () => toastError.mock.calls.map((call) => call[0] as string);
const t = ((key: string) => key) as unknown as Parameters<typeof apiErrorText>[0];

describe('offline: the banner’s state, no false "API Not Available", recovery by itself (decision 060)', () => {
  beforeEach(() => {
    toastError.mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetConnectivityForTests();
  });

  it('follows the browser: offline and online events, and TanStack Query’s onlineManager with them', () => {
    expect(getConnectivity()).toBe('online');
    goOffline();
    expect(getConnectivity()).toBe('offline');
    expect(onlineManager.isOnline()).toBe(false);
    goOnline();
    expect(getConnectivity()).toBe('online');
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a read that fails while offline raises no toast; its error says offline', async () => {
    goOffline();
    vi.stubGlobal('fetch', failedFetch());
    const error = await apiRequest('/notifications/unread-count', unreadCountSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: NO_RESPONSE, unavailable: true, offline: true });
    expect(toastError).not.toHaveBeenCalled();
    expect(apiErrorText(t, error)).toBe('errors.offline.message');
  });

  it('a submit that fails while offline says so once, and the form’s own error toast stays quiet', async () => {
    goOffline();
    vi.stubGlobal('fetch', failedFetch());
    const error = await apiRequest('/settings/profile', unreadCountSchema, { method: 'POST', body: { name: 'Ada' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ offline: true });
    expect(titles()).toEqual(['errors.offline.title']);
    toastApiError(t, error, 'Profile not saved', { alsoWhenUnavailable: true });
    expect(titles()).toEqual(['errors.offline.title']);
  });

  it('a request with no answer while the browser thinks it is online: "API Not Available" once per outage, then the banner', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', failedFetch());
    await expect(apiRequest('/x', unreadCountSchema)).rejects.toMatchObject({ status: NO_RESPONSE, offline: false });
    expect(getConnectivity()).toBe('unreachable');
    expect(onlineManager.isOnline()).toBe(false);
    await expect(apiRequest('/y', unreadCountSchema)).rejects.toBeInstanceOf(ApiError);
    expect(titles()).toEqual(['errors.apiUnavailable.title']);
    // A submit is always told.
    await expect(apiRequest('/z', unreadCountSchema, { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(titles()).toEqual(['errors.apiUnavailable.title', 'errors.apiUnavailable.title']);

    // The server is asked again until it answers; then everything is back online.
    const health = vi.fn(() => Promise.resolve(jsonAnswer(200, { status: 'ok' })));
    vi.stubGlobal('fetch', health);
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(health).toHaveBeenCalledWith('/api/health', expect.anything());
    expect(getConnectivity()).toBe('online');
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('the probe waits longer after each failure, and any answer of the app ends the outage', async () => {
    vi.useFakeTimers();
    const health = failedFetch();
    vi.stubGlobal('fetch', health);
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(health).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(health).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(health).toHaveBeenCalledTimes(2);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonAnswer(200, okBody))));
    await expect(apiRequest('/notifications/unread-count', unreadCountSchema)).resolves.toEqual({ count: 2 });
    expect(getConnectivity()).toBe('online');
  });

  it('a query asked while offline waits, and loads when the connection returns, without being asked again', async () => {
    goOffline();
    const fetcher = vi.fn(() => Promise.resolve(jsonAnswer(200, okBody)));
    vi.stubGlobal('fetch', fetcher);
    const client = new QueryClient();
    // As QueryClientProvider does: the client follows onlineManager from then on.
    client.mount();
    const loading = client.fetchQuery({
      queryKey: ['unread'],
      queryFn: ({ signal }) => apiRequest('/notifications/unread-count', unreadCountSchema, { signal }),
    });
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
    expect(client.getQueryState(['unread'])?.fetchStatus).toBe('paused');
    goOnline();
    await expect(loading).resolves.toEqual({ count: 2 });
    expect(toastError).not.toHaveBeenCalled();
    client.unmount();
  });

  it('a read that fails as the connection drops is retried when it returns, with no toast', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        calls += 1;
        if (calls === 1) {
          goOffline();
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return Promise.resolve(jsonAnswer(200, okBody));
      }),
    );
    const { queryClient } = await import('./query-client');
    queryClient.mount();
    const loading = queryClient.fetchQuery({
      queryKey: ['unread', 'drop'],
      queryFn: ({ signal }) => apiRequest('/notifications/unread-count', unreadCountSchema, { signal }),
      retryDelay: 0,
    });
    await vi.waitFor(() => expect(queryClient.getQueryState(['unread', 'drop'])?.fetchStatus).toBe('paused'));
    goOnline();
    await expect(loading).resolves.toEqual({ count: 2 });
    expect(toastError).not.toHaveBeenCalled();
    queryClient.unmount();
  });
});
