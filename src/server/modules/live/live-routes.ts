import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Socket } from 'node:net';
import { z } from 'zod';
import { liveEventsQuerySchema } from '../../../shared/schemas/live-events.js';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import type { LiveService } from './live-service.js';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | null {
  // The header is the browser's own reconnect and is newer than the query the page first opened with.
  const value = typeof header === 'string' && header !== '' ? header : query;
  if (value === undefined) return null;
  if (!/^\d{1,15}$/.test(value)) throw new AppError('INVALID_EVENT_ID');
  return Number(value);
}

export function liveRoutes(live: Pick<LiveService, 'hub'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      {
        schema: {
          tags: ['live'],
          summary: 'My live events (server-sent events: notification, wallet.balance, delivery.status, notifications.unread; drivers.changed for operators)',
          description:
            'text/event-stream. Each event has an id; reconnect with the Last-Event-ID header (or ?lastEventId=) to ' +
            'receive what was missed, in order. A `: ping` comment keeps idle streams open; `resync` means refetch.',
          querystring: liveEventsQuerySchema,
          response: { 200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } } },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const lastEventId = lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId);
        if (!live.hub.canOpen(user.id)) {
          throw new AppError('LIVE_CONNECTIONS_EXCEEDED');
        }

        // The stream is written by hand: no compression (it would hold events back), no response timeout.
        reply.hijack();
        const raw = reply.raw;
        // A real socket; an injected request (tests) has a stand-in without these.
        const socket: Partial<Pick<Socket, 'setTimeout' | 'setNoDelay'>> = request.raw.socket;
        socket.setTimeout?.(0);
        socket.setNoDelay?.(true);
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          'x-request-id': request.id,
        });
        raw.write(`retry: ${RETRY_MS}\n\n`);
        const close = live.hub.open(user.id, raw, lastEventId, user.roles);
        request.raw.once('close', close);
        raw.once('close', close);
      },
    );
  };
}
