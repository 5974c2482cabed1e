import type { DomainEvents } from '../../lib/domain-events.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import { DRIVERS_CHANGED_EVENT, type LiveEventData, type LiveEventName } from '../../../shared/schemas/live-events.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import type { LiveEventsRepository, StoredLiveEvent } from './live-events-repository.js';
import { createLiveAppendBatcher } from './live-append-batcher.js';
import { createLiveHub } from './live-hub.js';

/** A reconnecting client catches up on at most this much (older or more: it is told to refetch, `resync`). */
export const KEEP_MS = 24 * 60 * 60 * 1000;
export const CATCH_UP_LIMIT = 500;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const TOPIC = 'live-event';

interface Deps {
  repository: LiveEventsRepository;
  invalidationBus: Pick<InvalidationBus, 'publish' | 'subscribe'>;
  heartbeatMs: number;
  maxConnectionsPerUser: number;
}

/**
 * What the server publishes per user (`resync` is the stream's own word to a client that fell behind; a role's
 * signal goes to every stream of the role, unnumbered).
 */
type PublishableName = Exclude<LiveEventName, 'resync' | typeof DRIVERS_CHANGED_EVENT>;
export type PublishableEvent = { [N in PublishableName]: { name: N; data: LiveEventData<N> } }[PublishableName];

interface Broadcast extends StoredLiveEvent {
  userId: string;
}

/**
 * The live stream's events: each is stored (for catch-up), then sent to every instance, whose hub pushes it to
 * the user's open streams there. Call `publish` after the change it tells of has committed.
 */
export function createLiveService({ repository, invalidationBus, heartbeatMs, maxConnectionsPerUser }: Deps) {
  const hub = createLiveHub({
    heartbeatMs,
    maxPerUser: maxConnectionsPerUser,
    history: {
      findHead: (userId) => repository.findHead(userId),
      findKeptAfter: (userId, afterSeq) =>
        repository.findAfter(userId, afterSeq, new Date(Date.now() - KEEP_MS), CATCH_UP_LIMIT),
    },
  });

  // Runs in-process for this instance and, over Redis, on the others (this one hears its own again: the hub
  // skips numbers it has sent).
  invalidationBus.subscribe(TOPIC, (message) => {
    let event: Broadcast;
    try {
      event = JSON.parse(message) as Broadcast;
    } catch {
      return;
    }
    hub.publish(event.userId, { seq: event.seq, name: event.name, data: event.data });
  });

  const prune = setInterval(() => {
    repository.deleteOlderThan(new Date(Date.now() - KEEP_MS)).catch(() => undefined);
  }, PRUNE_EVERY_MS);
  prune.unref();

  const appender = createLiveAppendBatcher(repository);

  /** Several events for one user, stored together and numbered in this order. */
  async function publishMany(userId: string, events: readonly PublishableEvent[]) {
    for (const stored of await appender.append(userId, events)) {
      const broadcast: Broadcast = { userId, ...stored };
      invalidationBus.publish(TOPIC, JSON.stringify(broadcast));
    }
  }

  return {
    hub,
    /** Stored with whatever else is being published at the same moment (group commit), then sent to every instance. */
    publish<N extends PublishableName>(userId: string, name: N, data: LiveEventData<N>) {
      return publishMany(userId, [{ name, data } as PublishableEvent]);
    },
    publishMany,
    pruneNow: () => repository.deleteOlderThan(new Date(Date.now() - KEEP_MS)),
    /** A deleted account's open streams end, on whichever instance holds them (decision 059). */
    subscribe(events: Pick<DomainEvents, 'onEveryInstance'>) {
      events.onEveryInstance('user.deleted', ({ userId }) => hub.closeUser(userId));
      // Every instance tells its operators' streams: their assign dialogs ask for the drivers again (decision 063).
      events.onEveryInstance('driver.duty_changed', () => hub.signal(OPERATOR_ROLE, DRIVERS_CHANGED_EVENT));
    },
    close() {
      clearInterval(prune);
      hub.closeAll();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
