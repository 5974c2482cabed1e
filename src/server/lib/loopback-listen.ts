import { createServer, type RequestListener, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The port the app listens on (its first address), for PORT=0 too. */
export function listeningPort(app: FastifyInstance, fallback: number): number {
  const first = app.addresses()[0];
  return first && typeof first !== 'string' ? first.port : fallback;
}

/** The two loopback addresses `localhost` stands for; a browser or curl may try either. */
export const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'] as const;

/** What a machine without one of them (no IPv6, a container without it) answers: nothing to add, not a failure. */
const UNAVAILABLE = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL']);

export interface ExtraListeners {
  /** Stops accepting and drops idle connections (before the app closes). */
  stopAccepting(): void;
  /** Ends what is left (after the app has finished its in-flight requests). */
  closeAll(): void;
  readonly addresses: readonly string[];
}

/**
 * Fastify's `localhost` binds what the resolver lists for it, and many machines list only 127.0.0.1: then
 * `http://localhost:PORT` fails wherever it is tried as ::1 first. This adds a listener on each loopback address the
 * app does not have yet, on the same port, with the same request handler and timeouts (docs/decisions/048). An
 * address the machine lacks is skipped; so is one another program already holds (logged).
 */
export async function listenOnMissingLoopbacks(app: FastifyInstance, port: number): Promise<ExtraListeners> {
  const bound = new Set(app.addresses().map((address) => (typeof address === 'string' ? address : address.address)));
  const handler = app.server.listeners('request')[0] as RequestListener | undefined;
  const servers: Server[] = [];
  const addresses: string[] = [];
  for (const host of LOOPBACK_ADDRESSES) {
    if (bound.has(host) || !handler) continue;
    const server = createServer(handler);
    server.requestTimeout = app.server.requestTimeout;
    server.headersTimeout = app.server.headersTimeout;
    server.keepAliveTimeout = app.server.keepAliveTimeout;
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once('error', resolve);
      server.listen({ host, port, ipv6Only: host === '::1' }, () => {
        server.off('error', resolve);
        resolve(null);
      });
    });
    if (error) {
      if (!UNAVAILABLE.has(error.code ?? '')) app.log.warn({ host, port, code: error.code }, 'could not also listen on this loopback address');
      continue;
    }
    servers.push(server);
    addresses.push(host);
  }
  return {
    addresses,
    stopAccepting() {
      for (const server of servers) {
        server.close();
        server.closeIdleConnections();
      }
    },
    closeAll() {
      for (const server of servers) server.closeAllConnections();
    },
  };
}
