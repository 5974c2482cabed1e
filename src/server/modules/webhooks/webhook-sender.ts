import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './webhook-targets.js';

/** The whole attempt, connection to last byte (issue 23). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer: it is discarded; a receiver streaming forever must not hold the worker. */
const RESPONSE_BYTES_MAX = 64 * 1024;

export interface SendOutcome {
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, in a few words (never the answer's body); null on a 2xx. */
  error: string | null;
}

/**
 * POSTs one event to the address already checked: the request's lookup answers with it, so nothing resolves the
 * name again between the check and the connection (DNS rebinding). TLS still verifies the certificate for the name.
 * Redirects are not followed: a 3xx is a failure.
 */
export function sendWebhook(target: ResolvedTarget, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, durationMs: elapsed(), error });
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Lanefreight-Webhooks/1' },
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > RESPONSE_BYTES_MAX) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          finish(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`);
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(null, `timed out after ${timeoutMs / 1000} s`);
      request.destroy();
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => finish(null, err.code ? `connection failed (${err.code})` : 'connection failed'));
    request.end(body);
  });
}
