// @vitest-environment jsdom
import { QueryClient, isCancelledError } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unreadCountSchema } from '@/shared/schemas/notifications';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));

const { apiRequest, ApiError, NO_RESPONSE } = await import('./api-client');
const { resetConnectivityForTests } = await import('./connectivity');

const abortError = () => new DOMException('The user aborted a request.', 'AbortError');
const okBody = { success: true, data: { count: 2 }, message: 'OK' };

/** A fetch answer whose body waits until the request's signal aborts, then fails as a browser's does. */
function answerWithBodyCutByAbort(signal: AbortSignal, status = 200): Response {
  return {
    status,
    ok: status < 400,
    json: () =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(abortError()), { once: true });
      }),
  } as unknown as Response;
}

function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiRequest and cancelled requests (no false "API Not Available")', () => {
  beforeEach(() => {
    toastError.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // A network failure below leaves the app "unreachable" (decision 060): each test starts online.
    resetConnectivityForTests();
  });

  it('rethrows an aborted fetch without a toast', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: URL, init: RequestInit) => {
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(abortError())));
      }),
    );
    const pending = apiRequest('/notifications/unread-count', unreadCountSchema, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('stays silent when the navigation cancels the body while it is being read', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answerWithBodyCutByAbort(controller.signal))));
    const pending = apiRequest('/notifications/unread-count', unreadCountSchema, { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('stays silent for an abort with a reason of its own (not a DOMException)', async () => {
    const controller = new AbortController();
    const reason = new Error('superseded');
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: URL, init: RequestInit) => {
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }),
    );
    const pending = apiRequest('/notifications/unread-count', unreadCountSchema, { signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('does not call a 5xx that arrived after the caller gave up an outage', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        controller.abort();
        return Promise.resolve(jsonAnswer(503, { success: false }));
      }),
    );
    await expect(apiRequest('/x', unreadCountSchema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('stays silent when TanStack Query cancels a query nobody watches any more', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: URL, init: RequestInit) => {
        started();
        return Promise.resolve(answerWithBodyCutByAbort(init.signal as AbortSignal));
      }),
    );
    const fetching = client.fetchQuery({
      queryKey: ['unread'],
      queryFn: ({ signal }) => apiRequest('/notifications/unread-count', unreadCountSchema, { signal }),
    });
    await isStarted;
    await client.cancelQueries({ queryKey: ['unread'] });
    expect(isCancelledError(await fetching.catch((caught: unknown) => caught))).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('still reports a real network failure as "API Not Available"', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiRequest('/x', unreadCountSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: NO_RESPONSE, unavailable: true });
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('still reports a 5xx and an unreadable answer as "API Not Available"', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonAnswer(502, { success: false }))));
    await expect(apiRequest('/x', unreadCountSchema)).rejects.toMatchObject({ status: 502, unavailable: true });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>proxy</html>', { status: 200 }))));
    await expect(apiRequest('/x', unreadCountSchema)).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it('answers a request that completes normally', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonAnswer(200, okBody))));
    await expect(apiRequest('/notifications/unread-count', unreadCountSchema)).resolves.toEqual({ count: 2 });
    expect(toastError).not.toHaveBeenCalled();
  });
});
