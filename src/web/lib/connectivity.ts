import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the app can talk to the server (decision 060), for the offline banner and for TanStack Query, which pauses
 * queries while it is not 'online' and retries them (and refetches what is on screen) when it is again:
 * - 'offline': the browser says so (`navigator.onLine`, the `offline` event);
 * - 'unreachable': the browser says it is online but a request got no answer at all (Wi-Fi without internet, the
 *   server down). The server is asked again (`GET /api/health`) at growing intervals until it answers;
 * - 'online': the `online` event, or any answer from the server, whatever its status.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

/** The first probe after a failure, the longest wait between two, and what each wait is multiplied by. */
export const PROBE_FIRST_MS = 2_000;
export const PROBE_MAX_MS = 30_000;
const PROBE_GROWTH = 2;

const hasWindow = typeof window !== 'undefined';

export const isBrowserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let state: Connectivity = isBrowserOffline() ? 'offline' : 'online';
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeWaitMs = PROBE_FIRST_MS;

function set(next: Connectivity) {
  if (next === state) return;
  state = next;
  if (next === 'unreachable') scheduleProbe(PROBE_FIRST_MS);
  else stopProbe();
  for (const listener of [...listeners]) listener();
}

function stopProbe() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
}

function scheduleProbe(waitMs: number) {
  stopProbe();
  probeWaitMs = waitMs;
  probeTimer = setTimeout(() => void probe(), waitMs);
}

/** Asks the server whether it answers; any answer ends the outage, none waits longer before asking again. */
async function probe() {
  probeTimer = undefined;
  if (state !== 'unreachable') return;
  try {
    await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    reportAnswer();
  } catch {
    if (isBrowserOffline()) set('offline');
    else if (state === 'unreachable') scheduleProbe(Math.min(probeWaitMs * PROBE_GROWTH, PROBE_MAX_MS));
  }
}

export function getConnectivity(): Connectivity {
  return state;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request got no answer (not a cancellation): what that means now. */
export function reportNetworkFailure(): Connectivity {
  set(isBrowserOffline() ? 'offline' : 'unreachable');
  return state;
}

/** The server answered a request (any status): it is reachable. */
export function reportAnswer() {
  if (state === 'unreachable' || (state === 'offline' && !isBrowserOffline())) set('online');
}

if (hasWindow) {
  window.addEventListener('offline', () => set('offline'));
  window.addEventListener('online', () => set('online'));
}

/*
 * TanStack Query follows this state rather than only the browser's events: queries wait while the server cannot be
 * reached, and when it can again, paused queries continue and the queries on screen are asked again
 * (refetchOnReconnect), without a reload.
 */
onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(state === 'online');
  update();
  return subscribeConnectivity(update);
});

/** Tests only: back to the browser's state, no probe pending. */
export function resetConnectivityForTests() {
  stopProbe();
  state = isBrowserOffline() ? 'offline' : 'online';
  for (const listener of [...listeners]) listener();
}
