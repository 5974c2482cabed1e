import type { FastifyBaseLogger } from 'fastify';
import type { MessageChannel, MessageTransports } from '../../adapters/messages/index.js';
import type { OutboxPruner } from '../messages/outbox-worker.js';

/** The dev outbox holds readable codes: it keeps a day's messages, enough to sign in and test a flow. */
export const DEV_OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export const devOutboxCutoff = (now = new Date()) => new Date(now.getTime() - DEV_OUTBOX_RETENTION_MS);

/** The channels whose messages go nowhere but the dev outbox. */
export function devOutboxChannels(transports: MessageTransports): MessageChannel[] {
  return (Object.keys(transports) as MessageChannel[]).filter((channel) => transports[channel].name === 'dev-outbox');
}

/** Deletes dev-outbox messages older than a day: once at start, then every hour. */
export function createDevOutboxRetention(deps: {
  outbox: OutboxPruner;
  channels: MessageChannel[];
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  const prune = async () => {
    try {
      const removed = await deps.outbox.deleteOlderThan(deps.channels, devOutboxCutoff());
      if (removed > 0) deps.log.info({ removed }, 'dev outbox: removed messages older than 24 hours');
    } catch (err) {
      deps.log.warn({ err }, 'dev outbox: could not remove old messages');
    }
  };
  return {
    prune,
    start() {
      if (deps.channels.length === 0 || timer) return;
      void prune();
      timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
export type DevOutboxRetention = ReturnType<typeof createDevOutboxRetention>;
